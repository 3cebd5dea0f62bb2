import HTTPServer

/// The requests the service benchmarks send, as bench/http's loads send them.
enum HTTPRequestFactory {
    static func createDemoSession() -> Request { json("POST", "/v1/sessions", #"{"storyboard": "demo"}"#) }

    static func putDemoSession(_ id: String) -> Request { json("PUT", "/v1/sessions/\(id)", #"{"storyboard": "demo"}"#) }

    /// Presents the edit form from the item list (bench/http/cycle.lua).
    static func present(_ id: String) -> Request { json("POST", "/v1/sessions/\(id)/segues", #"{"identifier":"addItem","source":"vc3"}"#) }

    /// Unwinds out of the edit form (bench/http/cycle.lua).
    static func cancel(_ id: String) -> Request { json("POST", "/v1/sessions/\(id)/unwind", #"{"action":"cancelEdit:"}"#) }

    private static func json(_ method: String, _ path: String, _ body: String) -> Request {
        Request(method: method, path: path, headers: ["content-type": "application/json"], body: Array(body.utf8))
    }
}
