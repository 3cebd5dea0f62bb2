/// Which browser origins may call the server (https://fetch.spec.whatwg.org/#http-cors-protocol).
///
/// An allow-list: a request whose `Origin` is listed gets `Access-Control-Allow-Origin` naming it
/// (never `*`), and its preflight is answered here. Other origins get no CORS headers, so browsers
/// refuse them; non-browser clients are unaffected.
public struct CORSPolicy: Sendable {
    public var allowedOrigins: Set<String>
    public var allowedMethods = "GET, POST, PUT, DELETE, OPTIONS"
    public var allowedHeaders = "Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, Last-Event-ID, X-Request-ID"
    public var exposedHeaders = "ETag, Location, WWW-Authenticate, X-Request-ID"

    public init(allowedOrigins: Set<String> = []) { self.allowedOrigins = allowedOrigins }

    /// Answers a preflight from an allowed origin; `nil` lets the request through.
    func preflight(_ request: Request) -> Response? {
        guard request.method == "OPTIONS", request.header("access-control-request-method") != nil,
            let origin = request.header("origin"), allowedOrigins.contains(origin)
        else { return nil }
        var response = Response(status: 204)
        decorate(&response, origin: origin)
        response.setHeader("Access-Control-Allow-Methods", allowedMethods)
        response.setHeader("Access-Control-Allow-Headers", allowedHeaders)
        response.setHeader("Access-Control-Max-Age", "600")
        return response
    }

    /// Adds the CORS headers a response to an allowed origin carries.
    func apply(to response: inout Response, for request: Request) {
        guard let origin = request.header("origin"), allowedOrigins.contains(origin) else { return }
        decorate(&response, origin: origin)
        response.setHeader("Access-Control-Expose-Headers", exposedHeaders)
    }

    private func decorate(_ response: inout Response, origin: String) {
        response.setHeader("Access-Control-Allow-Origin", origin)
        response.setHeader("Vary", "Origin")
    }
}
