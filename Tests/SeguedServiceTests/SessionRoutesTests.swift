import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

struct SessionRoutesTests {
    let service = SeguedService()

    @Test func create_returnsTheSessionItsStackAndTheLaunchEvents() throws {
        let response = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "demo"}"#))
        #expect(response.status == 201)
        #expect(response.header("ETag") == "\"1\"")
        let body = try response.json
        let id = try #require(body["id"]?.stringValue)
        #expect(response.header("Location") == "/v1/sessions/\(id)")
        #expect(body["profile"]?.stringValue == "ios17")
        #expect(body["stack"]?["path"] == .array([.string("vc1"), .string("vc2"), .string("vc3")]))
        #expect(body.eventLines.prefix(4) == ["vc1 init", "vc1 awakeFromNib", "vc2 init", "vc2 awakeFromNib"])
        #expect(body.eventLines.suffix(3) == ["vc2 viewDidAppear", "vc3 viewDidAppear", "vc2 navigationControllerDidShow"])
        #expect(body["events"]?.arrayValue?.first?["seq"]?.intValue == 1)
    }

    @Test func put_usesTheClientsIdAndIsIdempotentForTheSameConfiguration() throws {
        let body = #"{"storyboard": "demo", "profile": "ios12", "traits": {"idiom": "pad"}}"#
        let created = service.handle(.make("PUT", "/v1/sessions/checkout-test", json: body))
        #expect(created.status == 201)
        #expect(try created.json["traits"] == JSONValue.parse(#"{"horizontalSizeClass": "regular", "idiom": "pad"}"#))
        let again = service.handle(.make("PUT", "/v1/sessions/checkout-test", json: body))
        #expect(again.status == 200)
        #expect(try again.json["events"] == nil)
        try service.handle(.make("PUT", "/v1/sessions/checkout-test", json: #"{"storyboard": "demo"}"#))
            .expectProblem(409, "session-exists")
        let badID = service.handle(.make("PUT", "/v1/sessions/bad%20id!", json: body))
        try badID.expectProblem(400, "invalid-parameter")
        // The id is a path parameter: the title once said "Invalid query parameter".
        #expect(try badID.json["title"] == .string("Invalid parameter"))
        #expect(try badID.json["parameter"] == .string("id"))
    }

    /// Clients whose language writes absent members as `null` (Python's `None`) get the defaults.
    @Test func nullOptionalMembers_areTheSameAsAbsentOnes() throws {
        let created = service.handle(
            .make("PUT", "/v1/sessions/nulls", json: #"{"storyboard": "demo", "profile": null, "traits": null, "initialScene": null}"#))
        #expect(created.status == 201)
        let plain = service.handle(.make("PUT", "/v1/sessions/plain", json: #"{"storyboard": "demo"}"#))
        for key in ["profile", "traits", "initialScene", "stack"] {
            #expect(try created.json[key] == plain.json[key], "\(key)")
        }
        let segue = service.handle(.make("POST", "/v1/sessions/nulls/segues", json: #"""
            {"identifier": "addItem", "source": null, "sender": null, "data": null, "animated": null, "trigger": null}
            """#))
        #expect(segue.status == 200)
        #expect(try segue.json["performed"] == .bool(true))
        let unwind = service.handle(.make("POST", "/v1/sessions/nulls/unwind", json: #"{"action": "cancelEdit:", "source": null, "data": null}"#))
        #expect(try unwind.json["destination"] == .string("vc3"))
        // A required member given as null is missing; an object member of another type is named.
        try service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": null}"#)).expectProblem(422, "invalid-request")
        let wrongTraits = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "demo", "traits": 5}"#))
        try wrongTraits.expectProblem(422, "invalid-request")
        #expect(try wrongTraits.json["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["traits"])
        let wrongData = service.handle(.make("POST", "/v1/sessions/nulls/segues", json: #"{"identifier": "addItem", "data": "x"}"#))
        try wrongData.expectProblem(422, "invalid-request")
        #expect(try wrongData.json["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["data"])
    }

    @Test func badBodies_nameEveryField() throws {
        let response = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": 7, "profile": "ios9", "colour": true}"#))
        try response.expectProblem(422, "invalid-request")
        let paths = try response.json["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue }
        #expect(paths == ["colour", "storyboard", "profile"])
        try service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "nope"}"#)).expectProblem(404, "unknown-storyboard")
        try service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "demo", "initialScene": "zz"}"#))
            .expectProblem(422, "invalid-request")
        try service.handle(.make("POST", "/v1/sessions", json: "[1]")).expectProblem(400, "malformed-json")
        try service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "demo""#)).expectProblem(400, "malformed-json")
        try service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "demo"}"#, headers: ["content-type": "text/xml"]))
            .expectProblem(415, "unsupported-media-type")
    }

    /// A body that is not JSON is refused with what is wrong and where, bytes that are not UTF-8 and
    /// half a surrogate pair included; the session is left as it was.
    @Test func malformedBodies_sayWhatAndWhere() throws {
        let id = try service.demoSession()
        let cases: [(body: [UInt8], detail: String)] = [
            (Array(#"{"identifier":"addItem","sender":"a"#.utf8) + [0xFF] + Array(#""}"#.utf8),
             "The request body is not valid JSON: a string that is not UTF-8 at byte 33."),
            (Array(#"{"identifier":"addItem","sender":"\ud800"}"#.utf8), "The request body is not valid JSON: a lone surrogate escape at byte 34."),
            (Array(#"{"identifier":"addItem",}"#.utf8), "The request body is not valid JSON: expected a key at byte 24."),
            (Array(#"{"identifier":"addItem","sender":1e999}"#.utf8), "The request body is not valid JSON: a number too large at byte 33."),
        ]
        for (body, detail) in cases {
            let request = Request(method: "POST", path: "/v1/sessions/\(id)/segues", query: [], headers: ["content-type": "application/json"], body: body)
            let response = service.handle(request)
            try response.expectProblem(400, "malformed-json")
            #expect(try response.json["detail"]?.stringValue == detail, "\(response.text)")
        }
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)/stack")).json["revision"]?.intValue == 1)
    }

    @Test func getListStackAndDelete() throws {
        let id = try service.demoSession()
        let got = service.handle(.make("GET", "/v1/sessions/\(id)"))
        #expect(got.status == 200)
        #expect(try got.json["revision"]?.intValue == 1)
        let stack = service.handle(.make("GET", "/v1/sessions/\(id)/stack"))
        #expect(stack.header("ETag") == "\"1\"")
        let layers = try #require(stack.json["layers"]?.arrayValue)
        #expect(layers.count == 1)
        #expect(layers[0]["root"]?["kind"]?.stringValue == "tabBarController")
        #expect(layers[0]["root"]?["children"]?.arrayValue?.first?["stack"] == .array([.string("vc3")]))
        let listed = try service.handle(.make("GET", "/v1/sessions")).json["sessions"]?.arrayValue ?? []
        #expect(listed.compactMap { $0["id"]?.stringValue } == [id])

        let ended = service.handle(.make("DELETE", "/v1/sessions/\(id)"))
        #expect(ended.status == 200)
        #expect(try ended.json.eventLines.allSatisfy { $0.hasSuffix(" deinit") })
        #expect(try ended.json.eventLines.count == 9)
        try service.handle(.make("GET", "/v1/sessions/\(id)")).expectProblem(404, "unknown-session")
        try service.handle(.make("DELETE", "/v1/sessions/\(id)")).expectProblem(404, "unknown-session")
    }

    /// The list comes in pages by id: `next` is the `after` of the following page, `more` says one
    /// follows; 100 a page unless `limit` says otherwise (at most 1,000).
    @Test func list_comesInPagesById() throws {
        func page(_ query: [(name: String, value: String)]) throws -> (ids: [String], next: JSONValue?, more: JSONValue?) {
            let body = try service.handle(.make("GET", "/v1/sessions", query: query)).json
            return ((body["sessions"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }, body["next"], body["more"])
        }
        let empty = try page([])
        #expect(empty.ids == [] && empty.next == .null && empty.more == .bool(false))
        for id in ["s03", "s01", "b", "s02", "a"] {
            #expect(service.handle(.make("PUT", "/v1/sessions/\(id)", json: #"{"storyboard": "demo"}"#)).status == 201)
        }
        let first = try page([("limit", "2")])
        #expect(first.ids == ["a", "b"] && first.next == .string("b") && first.more == .bool(true))
        let second = try page([("after", "b"), ("limit", "2")])
        #expect(second.ids == ["s01", "s02"] && second.next == .string("s02") && second.more == .bool(true))
        let last = try page([("after", "s02"), ("limit", "2")])
        #expect(last.ids == ["s03"] && last.next == .string("s03") && last.more == .bool(false))
        let past = try page([("after", "z")])
        #expect(past.ids == [] && past.next == .string("z") && past.more == .bool(false))
        // An id that is not a session's is a position all the same.
        #expect(try page([("after", "s015")]).ids == ["s02", "s03"])

        for index in 0..<100 { _ = service.handle(.make("PUT", "/v1/sessions/x\(index)", json: #"{"storyboard": "demo"}"#)) }
        let byDefault = try page([])
        #expect(byDefault.ids.count == 100 && byDefault.ids.first == "a" && byDefault.more == .bool(true))
        #expect(try page([("limit", "1000")]).ids.count == 105)

        try service.handle(.make("GET", "/v1/sessions", query: [("limit", "0")])).expectProblem(400, "invalid-parameter")
        try service.handle(.make("GET", "/v1/sessions", query: [("limit", "1001")])).expectProblem(400, "invalid-parameter")
        try service.handle(.make("GET", "/v1/sessions", query: [("after", "no spaces")])).expectProblem(400, "invalid-parameter")
    }

    @Test func sessionLimit_answers503AndLaunchesNothing() throws {
        let limited = SeguedService(configuration: ServiceConfiguration(maxSessions: 2))
        _ = try limited.demoSession()
        _ = try limited.demoSession()
        try limited.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "demo"}"#)).expectProblem(503, "too-many-sessions")
        #expect(try limited.handle(.make("GET", "/v1/sessions")).json["sessions"]?.arrayValue?.count == 2)
    }

    @Test func idleSessions_expire() throws {
        let shortLived = SeguedService(configuration: ServiceConfiguration(sessionTTL: .milliseconds(20)))
        let id = try shortLived.demoSession()
        Thread.sleep(forTimeInterval: 0.05)
        #expect(shortLived.expireIdleSessions() == [id])
        try shortLived.handle(.make("GET", "/v1/sessions/\(id)")).expectProblem(404, "unknown-session")
    }
}

/// The stack document is written once per state and kept: every change must show at once.
struct StackDocumentTests {
    let service = SeguedService()

    @Test func theStackFollowsEveryChange_andRefusedOperationsKeepIt() throws {
        let id = try service.demoSession()
        let first = service.handle(.make("GET", "/v1/sessions/\(id)/stack"))
        #expect(service.handle(.make("GET", "/v1/sessions/\(id)/stack")).body == first.body)

        // A vetoed segue emits an event and changes nothing on screen.
        let vetoed = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem", "shouldPerform": false}"#))
        #expect(try vetoed.json["performed"] == .bool(false))
        #expect(service.handle(.make("GET", "/v1/sessions/\(id)/stack")).body == first.body)

        _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#))
        let pushed = service.handle(.make("GET", "/v1/sessions/\(id)/stack"))
        #expect(pushed.header("ETag") == "\"2\"")
        #expect(try pushed.json["visible"]?.stringValue == "vc10")

        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "nothing"}"#)).expectProblem(404, "unknown-segue")
        #expect(service.handle(.make("GET", "/v1/sessions/\(id)/stack")).body == pushed.body)
        _ = service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: #"{"type": "pop"}"#))
        let popped = service.handle(.make("GET", "/v1/sessions/\(id)/stack"))
        #expect(popped.header("ETag") == "\"3\"")
        #expect(try popped.json["visible"]?.stringValue == "vc3")
    }

    /// A client polling with the `ETag` it holds gets 304 (no body, the 200's length stated) until
    /// the stack changes; a vetoed segue, which emits events but changes nothing, keeps it valid.
    @Test func ifNoneMatch_answers304UntilTheStackChanges() throws {
        let id = try service.demoSession()
        let stack = "/v1/sessions/\(id)/stack"
        let full = service.handle(.make("GET", stack))
        let length = String(full.body.count)
        for tags in [#""1""#, #"W/"1""#, #""0", "1""#, "*"] {
            let unchanged = service.handle(.make("GET", stack, headers: ["if-none-match": tags]))
            #expect(unchanged.status == 304, "\(tags)")
            #expect(unchanged.body.isEmpty)
            #expect(unchanged.header("ETag") == #""1""#)
            #expect(unchanged.header("Content-Length") == length)
        }
        for tags in [#""2""#, #""01""#, "1", #"W/"2""#] {
            #expect(service.handle(.make("GET", stack, headers: ["if-none-match": tags])).body == full.body, "\(tags)")
        }

        _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem", "shouldPerform": false}"#))
        #expect(service.handle(.make("GET", stack, headers: ["if-none-match": #""1""#])).status == 304)

        _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#))
        let changed = service.handle(.make("GET", stack, headers: ["if-none-match": #""1""#]))
        #expect(changed.status == 200)
        #expect(changed.header("ETag") == #""2""#)
        #expect(try changed.json["visible"]?.stringValue == "vc10")
        #expect(service.handle(.make("GET", stack, headers: ["if-none-match": #""2""#])).status == 304)
    }
}
