import Foundation
import HTTPServer
import Storyboard
import Testing

@testable import SeguedService

/// The request rules issue 23 added to openapi.yaml, as the service enforces them: the shape of
/// `If-Match`, the bounds of the `after` parameters, `If-None-Match` on a session, the fields a
/// schema refuses. `.ci/check-schema-rules` walks every rule against a live daemon; these pin the
/// exact answers.
struct ContractRoutesTests {
    let service = SeguedService()

    /// An empty or malformed `If-Match` is a 400 naming the header, before anything is decoded or
    /// done; a well-formed one that names another revision stays a 412.
    @Test(arguments: [
        ("segues", #"{"identifier": "showItem"}"#), ("unwind", #"{"action": "cancelEdit:"}"#),
        ("actions", #"{"type": "present", "scene": "itemDetail"}"#),
        ("batch", #"{"operations": [{"op": "segue", "identifier": "showItem"}]}"#),
    ])
    func ifMatch_emptyOrMalformed_isA400(_ endpoint: String, _ body: String) throws {
        let id = try service.demoSession()
        let path = "/v1/sessions/\(id)/\(endpoint)"
        for field in ["", "1", "\"1", "W/1", "\"1\" \"2\"", "\"1\",", "**", "\"1\"x"] {
            let response = service.handle(.make("POST", path, json: body, headers: ["if-match": field]))
            try response.expectProblem(400, "invalid-parameter")
            #expect(try response.json["parameter"]?.stringValue == "If-Match", "\(field)")
        }
        let empty = service.handle(.make("POST", path, json: body, headers: ["if-match": ""]))
        #expect(try empty.json["detail"]?.stringValue == #"If-Match: empty; expected an entity tag such as "5" (the ETag), or *"#)
        try service.handle(.make("POST", path, json: body, headers: ["if-match": #""0", W/"1""#])).expectProblem(412, "revision-conflict")
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)")).json["revision"]?.intValue == 1)
        let matching = service.handle(.make("POST", path, json: body, headers: ["if-match": "\"0\" ,\t\"1\""]))
        #expect(matching.status == 200, "\(matching.text)")
    }

    /// `after` of `GET …/events` and of the stream: 0 up to 2^52 (openapi.yaml's bounds).
    @Test func after_isBoundedAsTheSchemaSays() throws {
        let id = try service.demoSession()
        let events = "/v1/sessions/\(id)/events"
        let last = service.handle(.make("GET", events, query: [("after", "4503599627370496")]))
        #expect(last.status == 200, "\(last.text)")
        #expect(try last.json["events"]?.arrayValue?.count == 0)
        for value in ["4503599627370497", "-1", "9223372036854775807", "99999999999999999999", "1.5", ""] {
            let response = service.handle(.make("GET", events, query: [("after", value)]))
            try response.expectProblem(400, "invalid-parameter")
            #expect(try response.json["detail"]?.stringValue == "after: expected an integer in 0...4503599627370496", "\(value)")
        }
        #expect(try SeguedService.streamStart(.make("GET", "/s", query: [("after", "4503599627370496")])) == 4_503_599_627_370_496)
        #expect(throws: Problem.self) { try SeguedService.streamStart(.make("GET", "/s", query: [("after", "4503599627370497")])) }
        #expect(throws: Problem.self) { try SeguedService.streamStart(.make("GET", "/s", headers: ["Last-Event-ID": "4503599627370497"])) }
    }

    /// `GET /v1/sessions/{id}` answers 304 with the `ETag` (and the 200's length) while the
    /// revision is the one `If-None-Match` names, as `GET …/stack` does.
    @Test func getSession_ifNoneMatch_answers304UntilTheSessionChanges() throws {
        let id = try service.demoSession()
        let path = "/v1/sessions/\(id)"
        let full = service.handle(.make("GET", path))
        for tags in [#""1""#, #"W/"1""#, #""0", "1""#, "*"] {
            let unchanged = service.handle(.make("GET", path, headers: ["if-none-match": tags]))
            #expect(unchanged.status == 304, "\(tags)")
            #expect(unchanged.body.isEmpty)
            #expect(unchanged.header("ETag") == #""1""#)
            #expect(unchanged.header("Content-Length") == String(full.body.count))
        }
        #expect(service.handle(.make("GET", path, headers: ["if-none-match": #""2""#])).body == full.body)
        _ = service.handle(.make("POST", "\(path)/segues", json: #"{"identifier": "showItem"}"#))
        let changed = service.handle(.make("GET", path, headers: ["if-none-match": #""1""#]))
        #expect(changed.status == 200)
        #expect(changed.header("ETag") == #""2""#)
        #expect(try changed.json["revision"]?.intValue == 2)
    }

    /// A segue `shouldPerformSegue` refuses leaves the revision as it was but calls back, so the
    /// session's `lastEventSeq` moves: `If-None-Match` naming the revision is answered in full, until
    /// an operation is performed again.
    @Test func getSession_ifNoneMatch_answersInFull_afterARefusedSegueCalledBack() throws {
        let id = try service.demoSession()
        let path = "/v1/sessions/\(id)"
        let before = try service.handle(.make("GET", path)).json["lastEventSeq"]?.intValue
        let refused = service.handle(.make("POST", "\(path)/segues", json: #"{"identifier": "showItem", "shouldPerform": false}"#))
        #expect(try refused.json["performed"]?.boolValue == false)
        let after = service.handle(.make("GET", path, headers: ["if-none-match": #""1""#]))
        #expect(after.status == 200)
        #expect(after.header("ETag") == #""1""#)
        let moved = try #require(try after.json["lastEventSeq"]?.intValue)
        #expect(moved > (before ?? .max))
        _ = service.handle(.make("POST", "\(path)/segues", json: #"{"identifier": "showItem"}"#))
        #expect(service.handle(.make("GET", path, headers: ["if-none-match": #""2""#])).status == 304)
    }

    /// What the schema refuses and the engine used to: a segue made in code of a kind code cannot
    /// make, an empty stack. Both are now the request's fields (422 `invalid-request`, with the path).
    @Test func schemaRefusals_areInvalidRequests() throws {
        let id = try service.demoSession()
        let embed = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"kind": "embed", "scene": "itemDetail"}"#))
        try embed.expectProblem(422, "invalid-request")
        #expect(try embed.json["errors"]?.arrayValue?.first?["path"]?.stringValue == "kind")
        let empty = service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: #"{"type": "setViewControllers", "viewControllers": []}"#))
        try empty.expectProblem(422, "invalid-request")
        #expect(try empty.json["errors"]?.arrayValue?.first?["path"]?.stringValue == "viewControllers")
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)")).json["revision"]?.intValue == 1)
    }
}

extension ContractRoutesTests {
    /// A `PUT` of an id in use answers for that id, 409 `session-exists`, whatever the body names: a
    /// session to fork or a storyboard that does not exist is not looked up (its 404 would read as
    /// the id's). The session is left as it was.
    @Test func putOfAnIdInUse_is409_whateverTheBodyNames() throws {
        let created = service.handle(.make("PUT", "/v1/sessions/taken", json: #"{"storyboard": "demo"}"#))
        #expect(created.status == 201)
        for body in [#"{"from": "no-such-session"}"#, #"{"storyboard": "no-such-storyboard"}"#, #"{"from": "taken"}"#] {
            try service.handle(.make("PUT", "/v1/sessions/taken", json: body)).expectProblem(409, "session-exists")
        }
        try service.handle(.make("PUT", "/v1/sessions/fresh", json: #"{"from": "no-such-session"}"#)).expectProblem(404, "unknown-session")
        try service.handle(.make("PUT", "/v1/sessions/fresh", json: #"{"storyboard": "no-such-storyboard"}"#)).expectProblem(404, "unknown-storyboard")
        #expect(service.handle(.make("PUT", "/v1/sessions/taken", json: #"{"storyboard": "demo"}"#)).status == 200)
    }
}

extension ContractRoutesTests {
    /// In a segued JSON upload, null is missing: a null `format` or `initialScene` is refused naming
    /// it (both were accepted, the initial scene as ""), and a null `classes`, `name` or `documents`
    /// is absent, as openapi.yaml's StoryboardDocument says.
    @Test func storyboardUpload_nullIsMissing() throws {
        for (member, expected) in [("format", "format"), ("initialScene", "initialScene")] {
            var members = [#""format": "segued.storyboard/1""#, #""initialScene": "a""#, #""scenes": {"a": {}}"#]
            members = members.map { $0.hasPrefix("\"\(member)\"") ? "\"\(member)\": null" : $0 }
            let response = service.handle(.make("POST", "/v1/storyboards", json: "{\(members.joined(separator: ", "))}"))
            try response.expectProblem(422, "invalid-storyboard")
            #expect(try response.json["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == [expected])
        }
        let nulls = service.handle(.make("POST", "/v1/storyboards", json: #"""
            {"format": "segued.storyboard/1", "initialScene": "a", "scenes": {"a": {}}, "classes": null, "name": null, "documents": null}
            """#))
        #expect([200, 201].contains(nulls.status), "\(nulls.text)")
        #expect(try nulls.json["name"]?.stringValue == "Main")
    }
}

extension ContractRoutesTests {
    /// A scene's `shouldPerformSegue` and `canPerformUnwindSegueAction` sent as null are absent, as
    /// every other member (they were refused as "expected an object").
    @Test func storyboardUpload_nullAnswerMapsAreAbsent() throws {
        let response = service.handle(.make("POST", "/v1/storyboards", json: #"""
            {"format": "segued.storyboard/1", "initialScene": "a", "scenes": {"a": {"shouldPerformSegue": null, "canPerformUnwindSegueAction": null, "kind": null}}}
            """#))
        #expect([200, 201].contains(response.status), "\(response.text)")
    }
}
