/// RFC 9457 problem documents for the refusals the HTTP layer makes itself, before a request
/// reaches the handler (which has its own, richer problems). Same `type` scheme as the service's:
/// `urn:segued:problem:<code>`.
/// The problems HTTPServer answers before routing, each with its one title and status (the service's
/// own are SeguedService's `ProblemType`; a test checks that the two share no type).
public enum HTTPProblem: String, CaseIterable, Sendable {
    case malformedRequest = "malformed-request"
    case tooManyQueryArguments = "too-many-query-arguments"
    case unsupportedTransferCoding = "unsupported-transfer-coding"
    /// A held-back response (``ResponseGate``) whose gate had not opened when the server stopped.
    case stoppedBeforeRelease = "stopped-before-release"

    public var title: String {
        switch self {
        case .malformedRequest: "Bad Request"
        case .tooManyQueryArguments: "URI Too Long"
        case .unsupportedTransferCoding: "Not Implemented"
        case .stoppedBeforeRelease: "Service Unavailable"
        }
    }

    public var status: Int {
        switch self {
        case .malformedRequest: 400
        case .tooManyQueryArguments: 414
        case .unsupportedTransferCoding: 501
        case .stoppedBeforeRelease: 503
        }
    }

    /// A problem response that closes the connection. `detail` is a fixed sentence: it is written
    /// as it is, so it must hold no `"` or `\`.
    func response(detail: String) -> Response {
        let body = "{\"type\":\"urn:segued:problem:\(rawValue)\",\"title\":\"\(title)\",\"status\":\(status),\"detail\":\"\(detail)\"}"
        return Response(
            status: status, headers: [("Content-Type", "application/problem+json"), ("Connection", "close")],
            body: Array(body.utf8))
    }
}
