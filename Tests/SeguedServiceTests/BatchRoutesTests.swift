import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

/// `POST /v1/sessions/{id}/batch`: several operations, all or none.
struct BatchRoutesTests {
    let service = SeguedService()

    static let batch = #"""
        {"operations": [
          {"op": "segue", "identifier": "showItem", "data": {"itemID": 42}},
          {"op": "segue", "identifier": "editItem"},
          {"op": "unwind", "action": "cancelEdit:"},
          {"op": "action", "type": "pop"}
        ]}
        """#

    @Test func aBatch_answersWhatTheOperationsAnswerOneByOne() throws {
        let one = try service.demoSession()
        let other = try service.demoSession()
        let response = service.handle(.make("POST", "/v1/sessions/\(one)/batch", json: Self.batch))
        #expect(response.status == 200, "\(response.text)")
        // Cancel unwinds to the list, so the pop finds a stack of one: not performed, no revision.
        #expect(response.header("ETag") == "\"4\"")
        let body = try response.json
        #expect(body["revision"] == .number(4))
        #expect(body["results"]?.arrayValue?.map { $0["performed"] } == [.bool(true), .bool(true), .bool(true), .bool(false)])
        let singly = [
            ("segues", #"{"identifier": "showItem", "data": {"itemID": 42}}"#), ("segues", #"{"identifier": "editItem"}"#),
            ("unwind", #"{"action": "cancelEdit:"}"#), ("actions", #"{"type": "pop"}"#),
        ].map { try? service.handle(.make("POST", "/v1/sessions/\(other)/\($0.0)", json: $0.1)).json }
        #expect(body["results"]?.arrayValue == singly.compactMap { $0 })
        #expect(service.handle(.make("GET", "/v1/sessions/\(one)/stack")).text == service.handle(.make("GET", "/v1/sessions/\(other)/stack")).text)
    }

    @Test func aFailingOperation_appliesNothingAndIsNamedByIndex() throws {
        let id = try service.demoSession()
        let before = service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).text
        let response = service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: #"""
            {"operations": [{"op": "segue", "identifier": "showItem"}, {"op": "segue", "identifier": "nope"}]}
            """#))
        try response.expectProblem(404, "unknown-segue")
        #expect(try response.json["operation"] == .number(1))
        #expect(try response.json["detail"]?.stringValue?.hasPrefix("operations[1]: ") == true)
        #expect(service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).text == before)
        let events = try service.handle(.make("GET", "/v1/sessions/\(id)/events", query: [("after", "55")])).json
        #expect(events["events"] == .array([]))
    }

    @Test func badOperations_areNamedByTheirPath() throws {
        let id = try service.demoSession()
        let response = service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: #"""
            {"operations": [{"op": "segue", "identifier": 5}, {"op": "jump"}, {"op": "action", "type": "pop", "extra": 1}, 7]}
            """#))
        try response.expectProblem(422, "invalid-request")
        let paths = try response.json["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue }
        #expect(paths == ["operations[0].identifier", "operations[1].op", "operations[2].extra", "operations[3]"])
        try service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: #"{"operations": []}"#)).expectProblem(422, "invalid-request")
    }

    @Test func ifMatchAndIdempotencyKey_applyToTheWholeBatch() throws {
        let id = try service.demoSession()
        try service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: Self.batch, headers: ["if-match": "\"7\""]))
            .expectProblem(412, "revision-conflict")
        let first = service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: Self.batch, headers: ["if-match": "\"1\"", "idempotency-key": "k1"]))
        #expect(first.status == 200)
        let retry = service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: Self.batch, headers: ["if-match": "\"1\"", "idempotency-key": "k1"]))
        #expect(retry.text == first.text)
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)")).json["revision"] == .number(4))
        try service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: #"{"operations": [{"op": "action", "type": "pop"}]}"#, headers: ["idempotency-key": "k1"]))
            .expectProblem(422, "idempotency-key-reused")
    }
}
