import Flows
import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

@testable import segued

/// Issue 49: a flow saved from an upload of several storyboards (the web page's multi-file drop)
/// names the app folder and its entry, not one file, and `segued test` passes it unchanged in
/// process and over HTTP with the storyboards in that folder; results are named by path.
struct MultiFileFlowTests {
    static let upload = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
            <scenes>
                <scene sceneID="s1"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <tableViewController id="list" sceneMemberID="viewController">
                        <connections><segue destination="ref" kind="show" identifier="more" id="m"/></connections>
                    </tableViewController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewControllerPlaceholder storyboardName="Detail" id="ref" sceneMemberID="viewController"/>
                </objects></scene>
            </scenes>
        </document>
        """
    static let detail = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="detail">
            <scenes>
                <scene sceneID="d1"><objects><viewController id="detail" sceneMemberID="viewController"/></objects></scene>
            </scenes>
        </document>
        """

    final class Daemon {
        let service = SeguedService(configuration: ServiceConfiguration())
        let server: Server
        init() throws {
            server = Server(configuration: ServerConfiguration(port: 0), handler: service.handle)
            try server.start()
        }
        deinit { server.shutdown(gracePeriod: .seconds(2)) }
        var client: DaemonClient { get throws { try DaemonClient(base: "http://127.0.0.1:\(server.port)", token: nil) } }
    }

    /// Uploads the two storyboards as the page bundles a multi-file drop, walks into Detail, and
    /// answers the session's flow.
    static func savedFlow(_ daemon: Daemon, query: [(name: String, value: String)] = []) throws -> String {
        let client = try daemon.client
        let bundle = JSONValue.object([
            "name": .string("MyApp"), "entry": .string("Upload"),
            "storyboards": .object(["Upload": .string(upload), "Detail": .string(detail)]),
        ])
        let uploaded = try client.send("POST", "/v1/storyboards", json: bundle)
        let id = try #require(uploaded.json["id"]?.stringValue, "\(uploaded.json)")
        let session = try client.send("POST", "/v1/sessions", json: .object(["storyboard": .string(id)]))
        let sid = try #require(session.json["id"]?.stringValue)
        #expect(try client.send("POST", "/v1/sessions/\(sid)/segues", json: .object(["identifier": .string("more")])).status == 200)
        let flow = daemon.service.handle(Request(method: "GET", path: "/v1/sessions/\(sid)/flow", query: query, headers: [:], body: []))
        #expect(flow.status == 200)
        return String(decoding: flow.body, as: UTF8.self)
    }

    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("segued-flows-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func aFlowSavedFromAMultiFileUpload_namesTheApp_andPassesInProcessAndOverHTTP() throws {
        let saved = try Self.savedFlow(try Daemon())
        let headers = saved.split(separator: "\n").filter { $0.hasPrefix("storyboard:") || $0.hasPrefix("app:") || $0.hasPrefix("entry:") }
        #expect(headers == ["app: MyApp", "entry: Upload"])
        #expect(saved.contains("  visible: Upload:list\n") && saved.contains("  visible: Detail:detail\n"))
        let root = try Self.folder([
            "session.flow": saved, "MyApp/Base.lproj/Upload.storyboard": Self.upload, "MyApp/Detail/Detail.storyboard": Self.detail,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("session.flow").path
        let local = FlowBatch.run(files: [file], jobs: 1, record: false) { _ in AnyDriver(EngineDriver()) }
        #expect(local.map(\.failure) == [nil])
        // Over HTTP, on another daemon: the folder is uploaded as `segued import` makes it.
        let other = try Daemon()
        let client = try other.client
        let remote = FlowBatch.run(files: [file], jobs: 1, record: false) { folder in
            AnyDriver(HTTPFlowDriver(client: client, uploads: UploadCache(), folder: folder))
        }
        #expect(remote.map(\.failure) == [nil])
    }

    @Test func theAppFolder_canBeNamed_andAFileStillWins() throws {
        let daemon = try Daemon()
        let named = try Self.savedFlow(daemon, query: [("app", "GoMap")])
        #expect(named.contains("\napp: GoMap\nentry: Upload\n"))
        let file = try Self.savedFlow(daemon, query: [("storyboard", "myapp.json")])
        #expect(file.contains("\nstoryboard: myapp.json\n") && !file.contains("\napp:"))
    }

    @Test func flowsOfOneName_inTwoFolders_areNamedByTheirPaths() throws {
        let flow = "flow: 1\nstoryboard: demo\n"
        let root = try Self.folder(["a/x.flow": flow, "b/x.flow": flow.replacingOccurrences(of: "demo", with: "missing.json")])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try Test.flowFiles([root.path + "/a", root.path + "/b/"])
        #expect(files == [root.path + "/a/x.flow", root.path + "/b/x.flow"])
        let results = FlowBatch.run(files: files, jobs: 1, record: false) { _ in AnyDriver(EngineDriver()) }
        #expect(results.map(\.file) == files)
        #expect(results.map(\.passed) == [true, false])
    }
}
