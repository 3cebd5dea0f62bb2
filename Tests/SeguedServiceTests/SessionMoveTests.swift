import HTTPServer
import SeguedService
import Storyboard
import Testing

/// A session's move to another node (issue 53, item 3): `POST …/move` fences it (every change
/// refused 409 `session-moving`, reads go on) and answers the snapshot to copy; `DELETE …/move`
/// calls the move off; `DELETE /v1/sessions/{id}?moved=true` ends it once moved.
struct SessionMoveTests {
    let service = SeguedService()

    @Test func aMovingSession_refusesEveryChange_andAnswersItsFinalSnapshot() throws {
        let id = try service.demoSession()
        #expect(service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#)).status == 200)
        let snapshot = service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).text
        let move = service.handle(.make("POST", "/v1/sessions/\(id)/move"))
        #expect(move.status == 200 && move.header("ETag") == "\"2\"")
        #expect(move.text == snapshot)
        for (method, path, body) in [
            ("POST", "actions", #"{"type": "pop"}"#), ("POST", "segues", #"{"identifier": "editItem"}"#),
            ("POST", "unwind", #"{"identifier": "save"}"#), ("POST", "batch", #"{"operations": [{"op": "action", "type": "pop"}]}"#),
        ] {
            let refused = service.handle(.make(method, "/v1/sessions/\(id)/\(path)", json: body, headers: ["idempotency-key": "k-\(path)"]))
            try refused.expectProblem(409, "session-moving")
            #expect(refused.header("Retry-After") == "1")
        }
        // A client's delete too: it would end the copy's source, not the copy.
        try service.handle(.make("DELETE", "/v1/sessions/\(id)")).expectProblem(409, "session-moving")
        // Reads go on, and the state is the snapshot's; again, the same snapshot.
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)/stack")).json["revision"]?.intValue == 2)
        #expect(service.handle(.make("POST", "/v1/sessions/\(id)/move")).text == snapshot)
        // Ended as moved: only then, and only once.
        let ended = service.handle(.make("DELETE", "/v1/sessions/\(id)", query: [("moved", "true")]))
        #expect(ended.status == 200)
        #expect(try ended.json["ended"] == .bool(true))
        try service.handle(.make("GET", "/v1/sessions/\(id)")).expectProblem(404, "unknown-session")
    }

    @Test func aMoveCalledOff_takesChangesAgain_theKeyRefusedMeanwhileIncluded() throws {
        let id = try service.demoSession()
        #expect(service.handle(.make("POST", "/v1/sessions/\(id)/move")).status == 200)
        let key = ["idempotency-key": "once"]
        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#, headers: key))
            .expectProblem(409, "session-moving")
        let cancelled = service.handle(.make("DELETE", "/v1/sessions/\(id)/move"))
        #expect(cancelled.status == 200)
        #expect(try cancelled.json["revision"]?.intValue == 1)
        // The refusal was not kept as the key's answer: the retry is performed.
        let retried = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#, headers: key))
        #expect(retried.status == 200)
        #expect(try retried.json["revision"]?.intValue == 2)
        // Not moving: moved=true is refused, the session stays; a plain delete ends it.
        try service.handle(.make("DELETE", "/v1/sessions/\(id)", query: [("moved", "true")])).expectProblem(409, "session-not-moving")
        try service.handle(.make("DELETE", "/v1/sessions/\(id)", query: [("moved", "yes")])).expectProblem(400, "invalid-parameter")
        #expect(service.handle(.make("DELETE", "/v1/sessions/\(id)/move")).status == 200)
        #expect(service.handle(.make("DELETE", "/v1/sessions/\(id)")).status == 200)
        try service.handle(.make("POST", "/v1/sessions/\(id)/move")).expectProblem(404, "unknown-session")
        try service.handle(.make("DELETE", "/v1/sessions/\(id)/move")).expectProblem(404, "unknown-session")
    }
}
