import Foundation
import HTTPServer
import Navigation
import SeguedService
import Storyboard
import Testing

/// A session's counters (`revision`, `nextEventSequence`, `createdCount`) stop at one maximum,
/// 999999999999999 (openapi.yaml's Snapshot, the JSON reader's exact integers, the snapshot check
/// and the engine): an operation that would pass it is refused with `counter-limit-reached`, so a
/// session's own snapshot always restores (issue 28: at the documented maximum, one operation made
/// a snapshot that no longer restored).
struct CounterMaximumTests {
    let service = SeguedService()
    static let maximum = 999_999_999_999_999

    /// A demo session restored from its own snapshot with `counters` set; its id.
    func restored(_ counters: [String: Int]) throws -> String {
        let id = try service.demoSession()
        var document = try #require(try service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).json.objectValue)
        for (name, value) in counters { document[name] = .number(Double(value)) }
        let response = service.handle(.make("POST", "/v1/sessions", json: try JSONValue.object(["snapshot": .object(document)]).jsonText))
        #expect(response.status == 201, "\(response.text)")
        return try #require(response.json["id"]?.stringValue)
    }

    /// Whether the session's snapshot restores as a new session.
    func snapshotRestores(_ id: String) throws -> Bool {
        let snapshot = try service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).json
        return service.handle(.make("POST", "/v1/sessions", json: try JSONValue.object(["snapshot": snapshot]).jsonText)).status == 201
    }

    @Test func theMaximum_isOneValueEverywhere() {
        #expect(Navigator.counterMaximum == Self.maximum)
        #expect(JSONValue.number(Double(Self.maximum)).intValue == Self.maximum)
        #expect(JSONValue.number(Double(Self.maximum + 1)).intValue == nil)
    }

    @Test func atTheMaximum_anOperationIsRefused_andTheSnapshotStillRestores() throws {
        for counter in ["revision", "nextEventSequence", "createdCount"] {
            let id = try restored([counter: Self.maximum])
            let before = service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).text
            // Presenting the edit screen creates instances, makes callbacks and is performed.
            let refused = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "addItem", "source": "vc3"}"#))
            try refused.expectProblem(409, "counter-limit-reached")
            #expect(try refused.json["detail"]?.stringValue?.contains("\(counter) would pass 999999999999999") == true, "\(refused.text)")
            #expect(service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).text == before)
            #expect(try snapshotRestores(id))
            // A batch is refused the same way, naming its operation; nothing is applied.
            let batch = service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: #"""
                {"operations": [{"op": "segue", "identifier": "addItem", "source": "vc3"}]}
                """#))
            try batch.expectProblem(409, "counter-limit-reached")
            #expect(try batch.json["operation"] == .number(0))
            #expect(service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).text == before)
        }
    }

    @Test func belowTheMaximum_operationsGoOn_andEachSnapshotRestores() throws {
        let near = Self.maximum - 200
        let id = try restored(["revision": near, "nextEventSequence": near, "createdCount": near])
        for _ in 0..<3 {
            #expect(service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "addItem", "source": "vc3"}"#)).status == 200)
            #expect(service.handle(.make("POST", "/v1/sessions/\(id)/unwind", json: #"{"action": "cancelEdit:"}"#)).status == 200)
            #expect(try snapshotRestores(id))
        }
        let snapshot = try service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).json
        #expect(snapshot["revision"] == .number(Double(near + 6)))
    }

    @Test func pastTheMaximum_aSnapshotIsRefused() throws {
        let id = try service.demoSession()
        var document = try #require(try service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).json.objectValue)
        for counter in ["revision", "nextEventSequence", "createdCount"] {
            var tampered = document
            tampered[counter] = .number(Double(Self.maximum + 1))
            let response = service.handle(.make("POST", "/v1/sessions", json: try JSONValue.object(["snapshot": .object(tampered)]).jsonText))
            // Read as a double, 10^15 is no exact integer: refused as any such number is.
            try response.expectProblem(422, "invalid-request")
            #expect(try response.json["detail"] == .string("snapshot.\(counter): expected an integer, found number"), "\(response.text)")
        }
        document["revision"] = .number(Double(Self.maximum))
        #expect(service.handle(.make("POST", "/v1/sessions", json: try JSONValue.object(["snapshot": .object(document)]).jsonText)).status == 201)
    }
}
