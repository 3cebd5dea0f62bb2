/// RFC 9457 problem documents for the refusals the HTTP layer makes itself, before a request
/// reaches the handler (which has its own, richer problems). Same `type` scheme as the service's:
/// `urn:segued:problem:<code>`.
enum HTTPProblem {
    /// A problem response that closes the connection. `detail` is a fixed sentence: it is written
    /// as it is, so it must hold no `"` or `\`.
    static func response(status: Int, code: String, title: String, detail: String) -> Response {
        let body = "{\"type\":\"urn:segued:problem:\(code)\",\"title\":\"\(title)\",\"status\":\(status),\"detail\":\"\(detail)\"}"
        return Response(
            status: status, headers: [("Content-Type", "application/problem+json"), ("Connection", "close")],
            body: Array(body.utf8))
    }
}
