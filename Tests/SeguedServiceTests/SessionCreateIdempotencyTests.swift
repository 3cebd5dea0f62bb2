import HTTPServer
import SeguedService
import Storyboard
import Testing

/// `POST /v1/sessions` with `Idempotency-Key` (issue 53, item 7): before, a retried create made a
/// second session.
struct SessionCreateIdempotencyTests {
    let service = SeguedService()

    private func post(_ body: String, key: String?) -> Response {
        service.handle(.make("POST", "/v1/sessions", json: body, headers: key.map { ["idempotency-key": $0] } ?? [:]))
    }

    private var sessionCount: Int? {
        get throws { try service.handle(.make("GET", "/v1/sessions")).json["sessions"]?.arrayValue?.count }
    }

    @Test func aRetriedCreate_answersTheFirstSession_andMakesNoSecond() throws {
        let first = post(#"{"storyboard": "demo"}"#, key: "create-1")
        #expect(first.status == 201)
        let retry = post(#"{"storyboard": "demo"}"#, key: "create-1")
        #expect(retry.status == 201)
        #expect(retry.text == first.text)
        #expect(retry.header("Location") == first.header("Location"))
        #expect(try sessionCount == 1)
        // Another key (or none) makes another session; the same key with another body is refused.
        #expect(post(#"{"storyboard": "demo"}"#, key: "create-2").status == 201)
        #expect(post(#"{"storyboard": "demo"}"#, key: nil).status == 201)
        try post(#"{"storyboard": "demo", "profile": "ios12"}"#, key: "create-1").expectProblem(422, "idempotency-key-reused")
        #expect(try sessionCount == 3)
    }

    @Test func aRefusedCreate_isNotKept_andAnEmptyKeyIsRefused() throws {
        try post(#"{"storyboard": "sb-00000000000000000000000000000000"}"#, key: "k").expectProblem(404, "unknown-storyboard")
        #expect(try sessionCount == 0)
        // Not kept: the same request is tried again (and refused again, answering nothing stored).
        try post(#"{"storyboard": "sb-00000000000000000000000000000000"}"#, key: "k").expectProblem(404, "unknown-storyboard")
        try post(#"{"storyboard": "demo"}"#, key: "").expectProblem(400, "invalid-idempotency-key")
        #expect(try sessionCount == 0)
    }
}
