import Foundation
import HTTPServer
import SeguedService
import Testing
@testable import WebApp

/// The web app at `/ui/` (CONTRACTS §4): the page at its routes, every file of `Sources/WebApp/Assets`
/// served with its bytes and content type, revalidation by entity tag, and a page that loads nothing
/// from elsewhere.
struct WebAppRoutesTests {
    let service = SeguedService()
    static let assetsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/WebApp/Assets").standardizedFileURL

    /// Every file in the folder, as a path relative to it.
    static func filesInFolder() throws -> [String] {
        let root = assetsFolder.path + "/"
        let enumerator = try #require(FileManager.default.enumerator(at: assetsFolder, includingPropertiesForKeys: [.isRegularFileKey]))
        return try enumerator.compactMap { item in
            let url = try #require(item as? URL)
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { return nil }
            return String(url.standardizedFileURL.path.dropFirst(root.count))
        }.sorted()
    }

    @Test func everyFileInTheAssetsFolderIsServed_withItsBytesAndType() throws {
        let files = try Self.filesInFolder()
        #expect(files == WebAssets.paths, "WebAssets.files must list exactly the files of Sources/WebApp/Assets")
        for path in files {
            let response = service.handle(.make("GET", "/ui/\(path)"))
            #expect(response.status == 200, "\(path)")
            #expect(response.body == Array(try Data(contentsOf: Self.assetsFolder.appendingPathComponent(path))), "\(path)")
            let expected = path.hasSuffix(".js") ? "text/javascript; charset=utf-8"
                : path.hasSuffix(".css") ? "text/css; charset=utf-8"
                : path.hasSuffix(".woff2") ? "font/woff2"
                : path.hasSuffix(".txt") ? "text/plain; charset=utf-8" : "text/html; charset=utf-8"
            #expect(response.header("Content-Type") == expected, "\(path)")
            #expect(response.header("Cache-Control") == "no-cache")
            #expect(response.header("ETag")?.count == 18)
        }
    }

    @Test(arguments: ["/ui/", "/ui", "/ui/sessions/abc", "/ui/sessions/é ü/"])
    func appRoutesAnswerThePage(_ path: String) throws {
        let response = service.handle(.make("GET", path))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.body == WebAssets.indexPage.bytes)
        #expect(response.header("Content-Security-Policy")?.hasPrefix("default-src 'self'") == true)
    }

    @Test func entityTagRevalidation_answers304WithoutABody() throws {
        let first = service.handle(.make("GET", "/ui/app.js"))
        let etag = try #require(first.header("ETag"))
        let again = service.handle(.make("GET", "/ui/app.js", headers: ["If-None-Match": etag]))
        #expect(again.status == 304 && again.body.isEmpty && again.header("ETag") == etag)
        #expect(service.handle(.make("GET", "/ui/app.js", headers: ["If-None-Match": "\"x\", W/\(etag)"])).status == 304)
        #expect(service.handle(.make("GET", "/ui/app.js", headers: ["If-None-Match": "*"])).status == 304)
        #expect(service.handle(.make("GET", "/ui/app.js", headers: ["If-None-Match": "\"0000000000000000\""])).status == 200)
        #expect(service.handle(.make("GET", "/ui/api.js")).header("ETag") != etag)
    }

    @Test func unknownAssets_areNotFoundProblems() throws {
        for path in ["/ui/nope.js", "/ui/render", "/ui/sessions/a/b", "/ui/../openapi.yaml", "/ui/render/../app.js"] {
            try service.handle(.make("GET", path)).expectProblem(404, "not-found")
        }
        try service.handle(.make("POST", "/ui/app.js", json: "{}")).expectProblem(405, "method-not-allowed")
    }

    /// The page works offline: every stylesheet, script and module import names an asset that is
    /// served, and no asset refers to another origin (the SVG namespace is a name, not a fetch).
    @Test func thePageLoadsOnlyItsOwnAssets() throws {
        let page = String(decoding: WebAssets.indexPage.bytes, as: UTF8.self)
        let referenced = try Regex(#"(?:href|src)="/ui/([^"]+)""#)
        for match in page.matches(of: referenced) {
            #expect(WebAssets.asset(String(match.output[1].substring!)) != nil, "index.html: \(match.output[0])")
        }
        let imports = try Regex(#"from '\./([^']+)'"#)
        let parentImports = try Regex(#"from '\.\./([^']+)'"#)
        // A stylesheet's url(…) (the icon font) is served too.
        let stylesheetURLs = try Regex(#"url\('/ui/([^']+)'\)"#)
        // What the page fetches: not the font's bytes, nor the licence notice, whose text names
        // where the licence and the font come from.
        for path in WebAssets.paths where !path.hasSuffix(".woff2") && !path.hasSuffix(".txt") {
            let text = String(decoding: try #require(WebAssets.asset(path)).bytes, as: UTF8.self)
            for match in text.matches(of: stylesheetURLs) {
                #expect(WebAssets.asset(String(match.output[1].substring!)) != nil, "\(path): \(match.output[0])")
            }
            let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) + "/" : ""
            for match in text.matches(of: imports) {
                #expect(WebAssets.asset(folder + String(match.output[1].substring!)) != nil, "\(path): \(match.output[0])")
            }
            for match in text.matches(of: parentImports) {
                #expect(WebAssets.asset(String(match.output[1].substring!)) != nil, "\(path): \(match.output[0])")
            }
            let external = text.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
            #expect(!external.contains("http://") && !external.contains("https://") && !external.contains("//cdn"), "\(path) refers to another origin")
        }
    }
}
