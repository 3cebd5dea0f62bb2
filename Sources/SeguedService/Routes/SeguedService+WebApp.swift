import HTTPServer
import WebApp

extension SeguedService {
    /// The web app (CONTRACTS §4): `/ui/` and `/ui/sessions/{id}` answer the page, `/ui/<path>` an
    /// asset. Assets change only with the binary, so they are revalidated by their entity tag
    /// (`no-cache`: the browser asks each time, a matching `If-None-Match` answers 304 and no body)
    /// rather than cached for a fixed time that would outlive an upgrade.
    func webApp(_ request: Request, path: String) throws(Problem) -> Response {
        guard let asset = path == Route.webAppPage ? WebAssets.indexPage : WebAssets.asset(path) else {
            throw .notFound(request.path)
        }
        var headers: [(name: String, value: String)] = [
            ("ETag", asset.etag), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
        ]
        if let ifNoneMatch = request.header("if-none-match"), Self.matches(ifNoneMatch, asset.etag) {
            return Response(status: 304, headers: headers)
        }
        headers.append(("Content-Type", asset.contentType))
        if asset.contentType.hasPrefix("text/html") {
            // The page loads nothing from elsewhere: a prototype must work offline, and a page that
            // can only talk to its own daemon cannot leak a session or the token.
            headers.append(("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"))
        }
        return Response(status: 200, headers: headers, body: asset.bytes)
    }

    /// `If-None-Match` (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly.
    static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingWhitespace
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return tag == etag[...]
        }
    }
}

extension Route {
    /// The `id` of a web-app route that answers the page itself rather than an asset.
    static let webAppPage = "/"
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        var slice = self
        while slice.first == " " || slice.first == "\t" { slice = slice.dropFirst() }
        while slice.last == " " || slice.last == "\t" { slice = slice.dropLast() }
        return slice
    }
}
