import Flows
import Foundation
import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

@testable import segued

/// Issue 50 item 4: `segued test --coverage` counts code actions as `segued explore` does (each
/// alternative of each action-wired control that navigates; `performs: []` not counted), from the
/// flows' `tap` steps, in process and over HTTP alike; a tap of a segue-wired control counts its
/// segue. Each action not tapped says why.
struct TapCoverageTests {
    /// The app's folder (``TapApp``) with `flows` beside it; the flows' paths.
    static func folder(_ flows: [String: String]) throws -> (root: URL, files: [String]) {
        var files: [String: String] = ["Tappable/Base.lproj/Main.storyboard": TapApp.xml]
        for (path, text) in TapApp.sources { files["Tappable/" + path] = text }
        for (name, text) in flows { files[name] = text }
        let root = try MultiFileFlowTests.folder(files)
        return (root, flows.keys.sorted().map { root.appendingPathComponent($0).path })
    }

    /// The coverage lines of `files` run in process, and the same run on a daemon.
    static func coverage(_ files: [String]) throws -> (local: [(String, [String])], remote: [(String, [String])], results: [FlowResult]) {
        let local = FlowBatch.run(files: files, jobs: 1, record: false) { _ in AnyDriver(EngineDriver()) }
        let daemon = try MultiFileFlowTests.Daemon()
        let client = try daemon.client
        let uploads = UploadCache()
        let remote = FlowBatch.run(files: files, jobs: 2, record: false) { folder in
            AnyDriver(HTTPFlowDriver(client: client, uploads: uploads, folder: folder))
        }
        #expect(local.map(\.failure) == files.map { _ in nil }, "\(local.compactMap(\.failure))")
        #expect(remote.map(\.failure) == files.map { _ in nil }, "\(remote.compactMap(\.failure))")
        return (FlowBatch.coverage(local, files: files), FlowBatch.coverage(remote, files: files), local)
    }

    /// The page's walk saved as a flow ("Save as test": the session's `GET …/flow`), then
    /// `segued test --coverage` on it: its taps of Edit #1, Detail, Cancel and Done's first
    /// alternative are four of the seven alternatives; Add's tap is its segue; Save navigates nowhere.
    @Test func aSavedWalkOfTaps_countsItsCodeActions_inProcessAndOverHTTP() throws {
        let saved = try TapFlowTests.savedFlow(try MultiFileFlowTests.Daemon())
        let (root, files) = try Self.folder(["session.flow": saved])
        defer { try? FileManager.default.removeItem(at: root) }
        let (local, remote, results) = try Self.coverage(files)
        #expect(results.first?.exercisedActions.map(\.name) == [
            #"edit → tap "done" when "!name.isEmpty" (done:)"#, #"list → tap "Edit" #1 (editA:)"#, #"edit → tap "cancel" (cancel:)"#,
            #"list → tap "Detail" (openDetail:)"#,
        ])
        #expect(local.map(\.0) == ["Tappable entry Main"])
        #expect(local.first?.1 == [
            "1 of 1 segues and unwinds (100.0%)",
            "4 of 7 code actions (57.1%)",
            #"  not exercised: detail → tap "Close" (close:) — no flow taps it"#,
            #"  not exercised: detail → tap "Twice" (twice:) — no flow taps it"#,
            #"  not exercised: edit → tap "done" when "not (!name.isEmpty)" (done:) — not read from the sources: present(_:animated:) of alert: a controller made by UIAlertController(…), not instantiated from a storyboard"#,
        ])
        #expect(remote.map(\.0) == local.map(\.0) && remote.first?.1 == local.first?.1)
    }

    /// A tap the engine refuses (a flow that expects it) says so; a tap of an alternative that was
    /// not read is still `not read from the sources`, which explains more than its refusal; the
    /// count is what `segued explore` counts of the same app (TapFlowTests).
    @Test func refusedTaps_sayWhy_andEveryOtherAlternativeCounts() throws {
        let header = "flow: 1\napp: Tappable\nentry: Main\n"
        let (root, files) = try Self.folder([
            "detail.flow": header + """
                > tap "Detail"
                > tap "Twice"
                  error: unknown-scene
                > tap "Close"
                  performed: true
                  visible: list

                """,
            "edit.flow": header + """
                > tap "Edit" #1
                  visible: edit
                > tap "done" when "not (!name.isEmpty)"
                  error: action-unread
                > tap "done" when "!name.isEmpty"
                  visible: list
                > tap "add"
                > tap "Cancel"
                  visible: list

                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (local, remote, results) = try Self.coverage(files)
        #expect(results.map { $0.refusedActions.values.sorted() } == [
            ["refused: Storyboard doesn't contain a view controller with identifier 'Missing'"],
            [#"refused: "done"'s action makes a call segued could not read from the sources: present(_:animated:) of alert: a controller made by UIAlertController(…), not instantiated from a storyboard"#],
        ])
        #expect(local.first?.1 == [
            "1 of 1 segues and unwinds (100.0%)",
            "5 of 7 code actions (71.4%)",
            #"  not exercised: detail → tap "Twice" (twice:) — refused: Storyboard doesn't contain a view controller with identifier 'Missing'"#,
            #"  not exercised: edit → tap "done" when "not (!name.isEmpty)" (done:) — not read from the sources: present(_:animated:) of alert: a controller made by UIAlertController(…), not instantiated from a storyboard"#,
        ])
        #expect(remote.first?.1 == local.first?.1)
    }
}

/// The page's "Save as test" then `segued test --coverage` (issue 50 item 4), without the browser:
/// an app dropped as one storyboard with its sources is uploaded as upload.js makes it (a bundle
/// named by its entry, with `sources`), tapped through the API as the page taps, and its flow asked
/// for as the page's saveTest asks (`?app=.`: the folder the flow is saved in). Saved in the app's
/// folder, the flow passes and its taps count, in process and over HTTP.
struct SaveAsTestCoverageTests {
    @Test func aWalkSavedFromThePage_inTheAppsFolder_countsItsTappedActions() throws {
        let daemon = try MultiFileFlowTests.Daemon()
        let client = try daemon.client
        let page = JSONValue.object([
            "name": .string("Main"), "entry": .string("Main"), "storyboards": .object(["Main": .string(TapApp.xml)]),
            "sources": .object(TapApp.sources.mapValues(JSONValue.string)),
        ])
        let id = try #require(try client.send("POST", "/v1/storyboards", json: page).json["id"]?.stringValue)
        let session = try #require(try client.send("POST", "/v1/sessions", json: .object(["storyboard": .string(id)])).json["id"]?.stringValue)
        for control in ["Detail", "Close", "add", "Cancel"] {
            let reply = try client.send("POST", "/v1/sessions/\(session)/actions", json: .object(["type": .string("tap"), "control": .string(control)]))
            #expect(reply.status == 200 && reply.json["performed"]?.boolValue == true, "\(control): \(reply.json)")
        }
        func flow(_ query: [(name: String, value: String)]) -> String {
            let answer = daemon.service.handle(Request(method: "GET", path: "/v1/sessions/\(session)/flow", query: query, headers: [:], body: []))
            #expect(answer.status == 200)
            return String(decoding: answer.body, as: UTF8.self)
        }
        let saved = flow([("app", ".")])
        #expect(saved.split(separator: "\n").filter { $0.hasPrefix("app:") || $0.hasPrefix("entry:") } == ["app: .", "entry: Main"])
        #expect(saved.split(separator: "\n").filter { $0.hasPrefix("> ") } == [#"> tap "Detail""#, #"> tap "Close""#, #"> tap "add""#, #"> tap "Cancel""#])
        // Without the query (what the page asked before), the flow names a folder `Main` beside it:
        // not the folder the person dropped, where the page's flow is put.
        #expect(flow([]).split(separator: "\n").contains("app: Main"))

        var files = ["Tappable/Base.lproj/Main.storyboard": TapApp.xml, "Tappable/session-\(session).flow": saved]
        for (path, text) in TapApp.sources { files["Tappable/" + path] = text }
        let root = try MultiFileFlowTests.folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let flows = try Test.flowFiles([root.appendingPathComponent("Tappable").path])
        let (local, remote, _) = try TapCoverageTests.coverage(flows)
        #expect(local.map(\.0) == ["Tappable entry Main"])
        #expect(local.first?.1 == [
            "1 of 1 segues and unwinds (100.0%)",
            "3 of 7 code actions (42.9%)",
            #"  not exercised: detail → tap "Twice" (twice:) — no flow taps it"#,
            #"  not exercised: edit → tap "done" when "!name.isEmpty" (done:) — no flow taps it"#,
            #"  not exercised: edit → tap "done" when "not (!name.isEmpty)" (done:) — not read from the sources: present(_:animated:) of alert: a controller made by UIAlertController(…), not instantiated from a storyboard"#,
            #"  not exercised: list → tap "Edit" #1 (editA:) — no flow taps it"#,
        ])
        #expect(remote.map(\.0) == local.map(\.0) && remote.first?.1 == local.first?.1)
    }
}
