import HTTPServer

enum HTTPRequestFactory {
    static func createDemoSession() -> Request {
        Request(method: "POST", path: "/v1/sessions", headers: ["content-type": "application/json"],
                body: Array(#"{"storyboard": "demo"}"#.utf8))
    }
}
