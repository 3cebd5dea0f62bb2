import Foundation
import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// Over libmicrohttpd with the default limits, as `segued serve` wires them: a storyboard upload
/// may be 16 MiB, any other body 1 MiB. The server decides a request's limit from its method and
/// path before the body arrives, so a large body to another route is drained, not kept.
struct UploadLimitTests {
    static let oneMiB = 1 << 20

    @Test func aBundleOverOneMiB_uploads_theSameBodyElsewhereIs413_andPast16MiBUploadsAre413() throws {
        let daemon = try Daemon()
        let client = daemon.client
        let bundle = Data(GeneratedApp.atLeast(2 * Self.oneMiB, name: "Big", storyboards: 4, scenes: 10).bundleJSON.utf8)
        #expect(bundle.count > 2 * Self.oneMiB)

        let uploaded = try client.send("POST", "/v1/storyboards", body: bundle)
        #expect(uploaded.status == 201, "\(uploaded.text.prefix(300))")
        #expect(try uploaded.json["summary"]?.objectValue?.keys.sorted() == ["Flow1", "Flow2", "Flow3", "Main"])

        let elsewhere = try client.send("PUT", "/v1/sessions/big", body: bundle)
        #expect(elsewhere.status == 413)
        #expect(try elsewhere.json["type"]?.stringValue == "urn:segued:problem:body-too-large")
        #expect(try elsewhere.json["limit"]?.intValue == Self.oneMiB)

        let past = try client.send("POST", "/v1/storyboards", body: Data(repeating: 0x20, count: (16 << 20) + 1))
        #expect(past.status == 413)
        #expect(try past.json["limit"]?.intValue == 16 << 20)
        #expect(try past.json["detail"]?.stringValue == "Storyboard uploads are limited to 16777216 bytes.")

        // The daemon goes on: a session on the uploaded app.
        let session = try client.json("PUT", "/v1/sessions/big", #"{"storyboard": "Big"}"#)
        #expect(session.status == 201, "\(session.text)")
        #expect(try session.json["storyboard"] == uploaded.json["id"])
    }

    /// The shared corpus's 27 storyboards (24 apps' and libraries' files) uploaded as one bundle:
    /// 1.6 MB of JSON, the size the issue measured for real apps.
    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"))
    func theCorpus_uploadsAsOneBundle() throws {
        var storyboards: [String: JSONValue] = [:]
        for file in SharedCorpus.storyboardFiles {
            storyboards[file.deletingPathExtension().lastPathComponent] = .string(try String(contentsOf: file, encoding: .utf8))
        }
        let entry = "Turkey888__UnwindSegue__UnwindSegue_MainStoryboard"
        let bundle = JSONValue.object(["name": .string("Corpus"), "entry": .string(entry), "storyboards": .object(storyboards)])
        let body = Data(bundle.compactDescription.utf8)
        #expect(body.count > Self.oneMiB)
        let daemon = try Daemon()
        let uploaded = try daemon.client.send("POST", "/v1/storyboards", body: body)
        #expect(uploaded.status == 201, "\(uploaded.text.prefix(300))")
        #expect(try uploaded.json["summary"]?.objectValue?.count == storyboards.count)
        #expect(try daemon.client.json("PUT", "/v1/sessions/corpus", #"{"storyboard": "corpus"}"#).status == 201)
    }
}
