import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

/// Forks (`POST /v1/sessions {"from"}`), snapshots (`GET …/snapshot`) and restores
/// (`POST /v1/sessions {"snapshot"}`), in one service and across two (two daemons).
struct SnapshotRoutesTests {
    let service = SeguedService()

    static let operations: [(path: String, body: String)] = [
        ("segues", #"{"identifier": "showItem", "data": {"itemID": 42}}"#),
        ("segues", #"{"identifier": "editItem"}"#),
        ("unwind", #"{"identifier": "save", "data": {"title": "Milk"}}"#),
        ("actions", #"{"type": "pop"}"#),
        ("actions", #"{"type": "selectTab", "index": 2}"#),
        ("actions", #"{"type": "setTraits", "horizontalSizeClass": "regular", "idiom": "pad"}"#),
    ]

    /// Applies `operations` to a session of `service`; returns each response's body.
    static func run(_ operations: ArraySlice<(path: String, body: String)>, on id: String, in service: SeguedService) -> [String] {
        operations.map { operation in
            service.handle(.make("POST", "/v1/sessions/\(id)/\(operation.path)", json: operation.body)).text
        }
    }

    @Test func aFork_answersTheSameOperationsWithTheSameTranscripts() throws {
        let id = try service.demoSession()
        _ = Self.run(Self.operations.prefix(1), on: id, in: service)
        let fork = service.handle(.make("POST", "/v1/sessions", json: #"{"from": "\#(id)"}"#))
        #expect(fork.status == 201, "\(fork.text)")
        let forkID = try #require(fork.json["id"]?.stringValue)
        #expect(forkID != id)
        let original = try service.handle(.make("GET", "/v1/sessions/\(id)")).json
        for key in ["storyboard", "profile", "traits", "revision", "lastEventSeq", "stack"] {
            #expect(try fork.json[key] == original[key], "\(key)")
        }
        // The event log is copied.
        #expect(service.handle(.make("GET", "/v1/sessions/\(forkID)/events", query: [("limit", "1000")])).text
            == service.handle(.make("GET", "/v1/sessions/\(id)/events", query: [("limit", "1000")])).text)
        let rest = Self.operations.dropFirst()
        let fromOriginal = Self.run(rest, on: id, in: service)
        #expect(Self.run(rest, on: forkID, in: service) == fromOriginal)
        #expect(fromOriginal.allSatisfy { $0.contains(#""performed":true"#) })
    }

    @Test func aForkUnderAChosenId_conflictsWithAnExistingSession() throws {
        let id = try service.demoSession()
        #expect(service.handle(.make("PUT", "/v1/sessions/copy", json: #"{"from": "\#(id)"}"#)).status == 201)
        try service.handle(.make("PUT", "/v1/sessions/copy", json: #"{"from": "\#(id)"}"#)).expectProblem(409, "session-exists")
        try service.handle(.make("POST", "/v1/sessions", json: #"{"from": "nobody"}"#)).expectProblem(404, "unknown-session")
        try service.handle(.make("POST", "/v1/sessions", json: #"{"from": "\#(id)", "profile": "ios8"}"#))
            .expectProblem(422, "invalid-request")
    }

    @Test func aSnapshot_restoresExactly() throws {
        let id = try service.demoSession()
        _ = Self.run(Self.operations.prefix(2), on: id, in: service)
        let snapshot = service.handle(.make("GET", "/v1/sessions/\(id)/snapshot"))
        #expect(snapshot.status == 200)
        #expect(snapshot.header("ETag") == "\"3\"")
        #expect(try snapshot.json["format"] == .string("segued.snapshot/1"))
        #expect(try snapshot.json["storyboard"] == .string(service.demoStoryboardID))
        let restored = service.handle(.make("PUT", "/v1/sessions/restored", json: #"{"snapshot": \#(snapshot.text)}"#))
        #expect(restored.status == 201, "\(restored.text)")
        #expect(service.handle(.make("GET", "/v1/sessions/restored/snapshot")).text == snapshot.text)
        #expect(service.handle(.make("GET", "/v1/sessions/restored/stack")).text == service.handle(.make("GET", "/v1/sessions/\(id)/stack")).text)
        let rest = Self.operations.dropFirst(2)
        #expect(Self.run(rest, on: "restored", in: service) == Self.run(rest, on: id, in: service))
    }

    /// The log is not in the snapshot: a restored session's log starts after its last sequence number.
    @Test func aRestoredSessionsLog_startsAfterTheSnapshot() throws {
        let id = try service.demoSession()
        let snapshot = service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).text
        #expect(service.handle(.make("PUT", "/v1/sessions/later", json: #"{"snapshot": \#(snapshot)}"#)).status == 201)
        let events = try service.handle(.make("GET", "/v1/sessions/later/events")).json
        #expect(try events == JSONValue.parse(#"{"events": [], "next": 55, "lastSeq": 55, "more": false, "gap": {"firstAvailable": 56, "dropped": 55}}"#))
        _ = Self.run(Self.operations.prefix(1), on: "later", in: service)
        let after = try service.handle(.make("GET", "/v1/sessions/later/events", query: [("after", "55")])).json
        #expect(after["events"]?.arrayValue?.first?["seq"] == .number(56))
        #expect(after["gap"] == nil)
    }

    /// Two services are two daemons: the snapshot names the storyboard by its content id.
    @Test func aSnapshot_restoresInAnotherDaemonHoldingTheSameStoryboard() throws {
        let other = SeguedService()
        let upload = service.handle(.make("POST", "/v1/storyboards", json: Self.storyboard))
        let storyboardID = try #require(upload.json["id"]?.stringValue)
        #expect(service.handle(.make("PUT", "/v1/sessions/a", json: #"{"storyboard": "\#(storyboardID)"}"#)).status == 201)
        _ = Self.run([("segues", #"{"identifier": "next"}"#)], on: "a", in: service)
        let snapshot = service.handle(.make("GET", "/v1/sessions/a/snapshot")).text
        let missing = other.handle(.make("PUT", "/v1/sessions/b", json: #"{"snapshot": \#(snapshot)}"#))
        try missing.expectProblem(404, "unknown-storyboard")
        #expect(try missing.json["storyboard"] == .string(storyboardID))
        #expect(try other.handle(.make("POST", "/v1/storyboards", json: Self.storyboard)).json["id"] == .string(storyboardID))
        #expect(other.handle(.make("PUT", "/v1/sessions/b", json: #"{"snapshot": \#(snapshot)}"#)).status == 201)
        #expect(other.handle(.make("GET", "/v1/sessions/b/snapshot")).text == snapshot)
        let steps: ArraySlice<(path: String, body: String)> = [("actions", #"{"type": "pop"}"#), ("segues", #"{"identifier": "next"}"#)]
        #expect(Self.run(steps, on: "b", in: other) == Self.run(steps, on: "a", in: service))
    }

    static let storyboard = #"""
        {"format": "segued.storyboard/1", "name": "Two", "initialScene": "nav", "scenes": {
          "nav": {"kind": "navigationController", "root": "first"},
          "first": {"segues": [{"identifier": "next", "kind": "show", "destination": "second"}]},
          "second": {}
        }}
        """#

    @Test func tamperedSnapshots_areProblemsNamingTheFault() throws {
        let id = try service.demoSession()
        let valid = try service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).json
        func restore(_ change: (inout [String: JSONValue]) -> Void) throws -> JSONValue {
            var document = try #require(valid.objectValue)
            change(&document)
            let response = service.handle(.make("POST", "/v1/sessions", json: try JSONValue.object(["snapshot": .object(document)]).jsonText))
            #expect(response.status == 422, "\(response.text)")
            return try response.json
        }
        func instance(_ document: inout [String: JSONValue], _ index: Int, _ key: String, _ value: JSONValue) {
            var instances = document["instances"]!.arrayValue!
            var object = instances[index].objectValue!
            object[key] = value
            instances[index] = .object(object)
            document["instances"] = .array(instances)
        }
        #expect(try restore { $0["format"] = .string("segued.snapshot/2") }["errors"]?.arrayValue?.first?["path"] == .string("snapshot.format"))
        #expect(try restore { $0["revision"] = .number(1e300) }["detail"] == .string("snapshot.revision: expected an integer, found number"))
        #expect(try restore { $0["extra"] = .null }["detail"] == .string("snapshot.extra: unknown field"))
        #expect(try restore { instance(&$0, 1, "id", .string("vc1")) }["detail"] == .string("snapshot.instances[1].id: vc1 is also instances[0]"))
        #expect(try restore { instance(&$0, 0, "kind", .string("splitViewController")) }["type"]
            == .string("urn:segued:problem:invalid-snapshot"))
        #expect(try restore { instance(&$0, 2, "appearance", .string("disappeared")) }["detail"]
            == .string("snapshot.instances[2].appearance: vc3 is on screen, so appeared"))
        #expect(try restore { instance(&$0, 1, "parent", .string("vc3")) }["type"] == .string("urn:segued:problem:invalid-snapshot"))
        #expect(try restore { instance(&$0, 0, "children", .number(3)) }["detail"]
            == .string("snapshot.instances[0].children: expected an array, found number"))
    }
}

extension JSONValue {
    /// The value as JSON text (keys sorted), for building request bodies in tests.
    var jsonText: String {
        get throws {
            let data = try JSONSerialization.data(withJSONObject: foundation, options: [.sortedKeys, .fragmentsAllowed])
            return String(decoding: data, as: UTF8.self)
        }
    }

    private var foundation: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): value.rounded() == value && abs(value) < 1e15 ? Int(value) as Any : value as Any
        case .string(let value): value
        case .array(let values): values.map(\.foundation)
        case .object(let members): members.mapValues(\.foundation)
        }
    }
}
