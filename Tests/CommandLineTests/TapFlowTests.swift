import ArgumentParser
import Flows
import Foundation
import HTTPServer
import SeguedService
import SeguedTestSupport
import SourceScanning
import Storyboard
import Testing

@testable import segued

/// Issue 50: a walk of taps (controls wired to segues and to code actions) is saved as a flow of
/// `tap "…"` steps, which `segued test` passes in process and over HTTP with the app's folder
/// (storyboard and sources) beside it.
struct TapFlowTests {
    /// The taps a person makes: the sheet by Add, Done's second alternative, Edit #1's code segue,
    /// Cancel, Save (which navigates nowhere), the pushed Detail.
    static let taps: [JSONValue] = [
        .object(["control": .string("add")]),
        .object(["control": .string("done"), "when": .string("!name.isEmpty")]),
        .object(["control": .string("Edit"), "occurrence": .number(1)]),
        .object(["control": .string("Cancel")]),
        .object(["control": .string("Save")]),
        .object(["control": .string("Detail")]),
    ]

    static func savedFlow(_ daemon: MultiFileFlowTests.Daemon) throws -> String {
        let client = try daemon.client
        let uploaded = try client.send("POST", "/v1/storyboards", json: TapApp.bundle)
        let id = try #require(uploaded.json["id"]?.stringValue, "\(uploaded.json)")
        let session = try client.send("POST", "/v1/sessions", json: .object(["storyboard": .string(id)]))
        let sid = try #require(session.json["id"]?.stringValue)
        for tap in taps {
            guard case .object(var body) = tap else { continue }
            body["type"] = .string("tap")
            let reply = try client.send("POST", "/v1/sessions/\(sid)/actions", json: .object(body))
            #expect(reply.status == 200, "\(body): \(reply.json)")
        }
        let flow = daemon.service.handle(Request(method: "GET", path: "/v1/sessions/\(sid)/flow", query: [], headers: [:], body: []))
        #expect(flow.status == 200)
        return String(decoding: flow.body, as: UTF8.self)
    }

    @Test func aWalkOfTaps_isSavedAsTapSteps_andPassesInProcessAndOverHTTP() throws {
        let saved = try Self.savedFlow(try MultiFileFlowTests.Daemon())
        // Read with its sources, the upload is named by its folder (a storyboard file has no actions).
        #expect(saved.split(separator: "\n").filter { $0.hasPrefix("app:") || $0.hasPrefix("entry:") || $0.hasPrefix("storyboard:") }
            == ["app: Tappable", "entry: Main"])
        let steps = saved.split(separator: "\n").filter { $0.hasPrefix("> ") }
        #expect(steps == [
            #"> tap "add""#, #"> tap "done" when "!name.isEmpty""#, #"> tap "Edit" #1"#, #"> tap "Cancel""#, #"> tap "Save""#,
            #"> tap "Detail""#,
        ])
        var files = ["session.flow": saved, "Tappable/Base.lproj/Main.storyboard": TapApp.xml]
        for (path, text) in TapApp.sources { files["Tappable/" + path] = text }
        let root = try MultiFileFlowTests.folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("session.flow").path
        let local = FlowBatch.run(files: [file], jobs: 1, record: false) { _ in AnyDriver(EngineDriver()) }
        #expect(local.map(\.failure) == [nil])
        let other = try MultiFileFlowTests.Daemon()
        let client = try other.client
        let remote = FlowBatch.run(files: [file], jobs: 1, record: false) { folder in
            AnyDriver(HTTPFlowDriver(client: client, uploads: UploadCache(), folder: folder))
        }
        #expect(remote.map(\.failure) == [nil])
        // An edited step fails: Done's other alternative cannot be read.
        let edited = saved.replacingOccurrences(of: #"when "!name.isEmpty""#, with: #"when "not (!name.isEmpty)""#)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: file))
        let failed = FlowBatch.run(files: [file], jobs: 1, record: false) { _ in AnyDriver(EngineDriver()) }
        #expect(failed.first?.failure?.contains("action-unread") == true, "\(failed.first?.failure ?? "passed")")
    }

    /// `segued explore --app`: each alternative of an action that navigates is tapped, so coverage
    /// counts it; the one whose call was not read is reported with its reason, never tapped, and
    /// the actions that navigate nowhere (Save, Edit #2) are not counted.
    @Test func explore_tapsEachCodeAction_andCountsThem() throws {
        var files: [String: String] = ["Tappable/Base.lproj/Main.storyboard": TapApp.xml]
        for (path, text) in TapApp.sources { files["Tappable/" + path] = text }
        let root = try MultiFileFlowTests.folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let header = Flow(name: "Tappable", app: "Tappable", steps: [])
        let storyboard = try FlowRunner.storyboard(for: header, folder: root, swift: SwiftSyntaxSourceReader())
        let exploration = try Explorer.explore(storyboard, header: header)
        #expect(exploration.coverage.report == [
            "1 of 1 segues and unwinds (100.0%)",
            "5 of 7 code actions (71.4%)",
            #"  not exercised: detail → tap "Twice" (twice:) — refused: Storyboard doesn't contain a view controller with identifier 'Missing'"#,
            #"  not exercised: edit → tap "done" when "not (!name.isEmpty)" (done:) — not read from the sources: present(_:animated:) of alert: a controller made by UIAlertController(…), not instantiated from a storyboard"#,
        ])
        #expect(exploration.flows.flatMap { $0.steps.map { (step: FlowStep) in step.command } }.filter { $0.hasPrefix("tap") }.sorted() == [
            #"tap "Close""#, #"tap "Detail""#, #"tap "Edit" #1"#, #"tap "cancel""#, #"tap "done" when "!name.isEmpty""#,
        ].sorted())
        // What it writes passes.
        let output = root.appendingPathComponent("flows").path
        try Explore.parse(["--app", root.appendingPathComponent("Tappable").path, "-o", output]).run()
        let written = try Test.flowFiles([output])
        let results = FlowBatch.run(files: written, jobs: 1, record: false) { _ in AnyDriver(EngineDriver()) }
        #expect(results.count == exploration.flows.count && results.allSatisfy(\.passed), "\(results.compactMap(\.failure))")
    }
}
