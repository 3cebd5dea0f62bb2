import Flows
import Foundation
import HTTPServer
import Navigation
@testable import SeguedService
import Storyboard
import Testing

/// `GET /v1/sessions/{id}/flow`: the session's walk as a flow that passes on the engine as it is,
/// without the operations that were refused; the same for a fork; refused for a restored snapshot.
struct FlowRouteTests {
    let service = SeguedService()

    func post(_ id: String, _ path: String, _ body: String) -> Response {
        service.handle(.make("POST", "/v1/sessions/\(id)/\(path)", json: body))
    }

    func flow(_ id: String, query: [(name: String, value: String)] = []) -> Response {
        service.handle(.make("GET", "/v1/sessions/\(id)/flow", query: query))
    }

    /// A walk through the demo with a refused segue in the middle and a batch at the end.
    func walk(_ id: String) {
        #expect(post(id, "segues", #"{"identifier": "showItem", "data": {"itemID": 42}}"#).status == 200)
        #expect(post(id, "segues", #"{"identifier": "noSuchSegue"}"#).status == 404)
        #expect(post(id, "segues", #"{"identifier": "editItem"}"#).status == 200)
        #expect(post(id, "unwind", #"{"identifier": "save", "data": {"title": "Milk"}}"#).status == 200)
        #expect(post(id, "actions", #"{"type": "back"}"#).status == 200)
        #expect(post(id, "batch", #"{"operations": [{"op": "action", "type": "selectTab", "index": 1, "byUser": true}]}"#).status == 200)
    }

    @Test func aSessionsFlow_isItsWalkWithWhatEachStepDid_andPassesOnTheEngine() throws {
        let id = try service.demoSession()
        walk(id)
        let response = flow(id)
        #expect(response.status == 200, "\(response.text)")
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        let parsed = try FlowParser.parse(response.text, name: "walk")
        #expect(parsed.storyboard == "demo" && parsed.profile == "ios17" && parsed.traits == "phone compact")
        #expect(parsed.steps.map(\.command) == [
            "launch", #"segue showItem data={"itemID":42}"#, "segue editItem", #"unwind segue=save data={"title":"Milk"}"#, "pop",
            "selectTab 1 user",
        ])
        #expect(response.text.hasPrefix("# Session \(id) of segued, recorded from its launch (storyboard \(service.demoStoryboardID), \"Demo\").\n"))
        var driver = EngineDriver()
        let result = FlowRunner.run(parsed, file: "walk.flow", storyboard: DemoStoryboard.storyboard, driver: &driver)
        #expect(result.failure == nil)
        // Each step's callbacks are the ones the session answered with.
        let events = try service.handle(.make("GET", "/v1/sessions/\(id)/events", query: [("limit", "1000")])).json
        let methods = events["events"]?.arrayValue?.compactMap { $0["method"]?.stringValue } ?? []
        let recorded = parsed.steps.flatMap { step in
            step.expectations.flatMap { expectation -> [String] in
                if case .callbacks(let lines) = expectation { return lines.map { String($0.split(separator: " ")[2]) } }
                return []
            }
        }
        #expect(recorded == methods)
    }

    @Test func aFork_hasItsSourcesWalk() throws {
        let id = try service.demoSession()
        walk(id)
        let fork = try #require(try service.handle(.make("POST", "/v1/sessions", json: #"{"from": "\#(id)"}"#)).json["id"]?.stringValue)
        let steps = { (session: String) in try FlowParser.parse(flow(session).text, name: "f").steps }
        #expect(try steps(fork) == steps(id))
    }

    @Test func aRestoredSnapshot_hasNoFlow() throws {
        let id = try service.demoSession()
        walk(id)
        let snapshot = service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).text
        let restored = try #require(try service.handle(.make("POST", "/v1/sessions", json: #"{"snapshot": \#(snapshot)}"#)).json["id"]?.stringValue)
        let refused = flow(restored)
        try refused.expectProblem(409, "flow-unavailable")
        #expect(try refused.json["detail"]?.stringValue
            == "Session \"\(restored)\" has no flow: it was restored from a snapshot, which holds its state but not how it was reached.")
    }

    @Test func anUploadedStoryboard_isNamedByItsFile_orByTheQuery() throws {
        let upload = service.handle(.make("POST", "/v1/storyboards", json: Self.storyboard))
        let storyboard = try #require(try upload.json["id"]?.stringValue)
        let id = try #require(try service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(storyboard)"}"#)).json["id"]?.stringValue)
        #expect(try FlowParser.parse(flow(id).text, name: "f").storyboard == "Tiny.storyboard")
        #expect(try FlowParser.parse(flow(id, query: [("storyboard", "app/Tiny.json")]).text, name: "f").storyboard == "app/Tiny.json")
        try flow(id, query: [("storyboard", "two\nlines")]).expectProblem(400, "invalid-parameter")
        try flow(id, query: [("storyboard", "")]).expectProblem(400, "invalid-parameter")
        try flow(id, query: [("storyboard", " padded")]).expectProblem(400, "invalid-parameter")
        try flow("nobody").expectProblem(404, "unknown-session")
    }

    /// The stream's `operation` message names the operation by its step line.
    @Test func anOperationMessage_namesItsStep() throws {
        let record = try #require(OperationRecord(
            .action, Transcript(performed: true, events: [LifecycleEvent(sequence: 1, controller: ControllerID(rawValue: 1),
                sceneIndex: DemoStoryboard.storyboard.index(of: SceneID("tabs"))!, method: .viewDidLoad)]),
            revision: 3, command: .selectTab(index: 1, tabBar: nil, byUser: true, shouldSelect: nil)))
        var writer = JSONWriter(capacity: 512)
        EventStreamMessages.replayedOperation(record, into: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self).contains(#""operation":"action","step":"selectTab 1 user","segue":null"#))
    }

    static let storyboard = #"""
        {"format": "segued.storyboard/1", "name": "Tiny", "initialScene": "a",
         "scenes": {"a": {"kind": "navigationController", "root": "b"}, "b": {"segues": [{"identifier": "next", "kind": "show", "destination": "c"}]}, "c": {}}}
        """#
}
