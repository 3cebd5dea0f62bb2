import HTTPServer

/// A matched route: its template (the metrics label), the methods it allows and its handlers.
struct Route {
    var template: String
    var handlers: [String: () throws(Problem) -> Response]

    var allowed: [String] {
        let methods = handlers.keys.sorted()
        return methods.contains("GET") ? (methods + ["HEAD", "OPTIONS"]).sorted() : (methods + ["OPTIONS"]).sorted()
    }

    /// Runs the handler for `method`: HEAD runs GET (libmicrohttpd drops the body), OPTIONS answers
    /// with `Allow`, anything else is 405.
    func run(_ method: String) throws(Problem) -> Response {
        if let handler = handlers[method == "HEAD" ? "GET" : method] { return try handler() }
        if method == "OPTIONS" { return Response(status: 204, headers: [("Allow", allowed.joined(separator: ", "))]) }
        throw .methodNotAllowed(method, allowed: allowed)
    }
}
