import HTTPServer
@testable import SeguedService
import Testing

/// Each endpoint answers exactly the methods it declares: the declared list feeds `Allow` and
/// the dispatch is a separate switch, so the two must not drift apart.
struct RoutingTableTests {
    private static let paths: [Endpoint: String] = [
        .health: "/healthz", .readiness: "/readyz", .metrics: "/metrics", .openAPI: "/openapi.yaml",
        .storyboards: "/v1/storyboards", .storyboard: "/v1/storyboards/none",
        .sessions: "/v1/sessions", .session: "/v1/sessions/none", .stack: "/v1/sessions/none/stack",
        .segues: "/v1/sessions/none/segues", .unwind: "/v1/sessions/none/unwind",
        .actions: "/v1/sessions/none/actions", .events: "/v1/sessions/none/events",
        .eventStream: "/v1/sessions/none/events/stream", .webApp: "/ui/", .snapshot: "/v1/sessions/none/snapshot",
        .batch: "/v1/sessions/none/batch", .flow: "/v1/sessions/none/flow", .move: "/v1/sessions/none/move",
    ]

    @Test(arguments: Endpoint.allCases)
    func declaredMethodsAreDispatched_othersAre405(_ endpoint: Endpoint) throws {
        let service = SeguedService()
        let path = try #require(Self.paths[endpoint])
        #expect(service.route(.make("GET", path))?.endpoint == endpoint)
        for method in ["GET", "POST", "PUT", "DELETE", "PATCH"] {
            let response = service.handle(.make(method, path, json: "{}"))
            if endpoint.methods.contains(method) {
                #expect(response.status != 405, "\(method) \(path)")
            } else {
                try response.expectProblem(405, "method-not-allowed")
                #expect(response.header("Allow") == endpoint.allowed.joined(separator: ", "))
            }
        }
    }

    @Test func pathsThatNameNoResource_matchNothing() {
        let service = SeguedService()
        for path in ["/", "/v1", "/v2/sessions", "/v1/sessions/x/stacks", "/v1/sessions/x/events/other", "/healthz/x", "/v1/other/x",
            "/v1/storyboards/x/stack", "/v1/sessions/x/stack/y", "/v1/sessions/x/events/stream/y", "/V1/sessions", "/v1/Sessions",
            "/healthzz", "/v1/sessionsx/a", "/v1/sessions/x/events/stream/y/z/w", "/a/b/c/d/e/f/g/h/i/j", "", "////"] {
            #expect(service.route(.make("GET", path)) == nil, "\(path)")
        }
        #expect(service.route(.make("GET", "//v1//sessions/abc/stack/"))?.id == "abc")
        #expect(service.route(.make("GET", "/v1/sessions/é ü/events"))?.id == "é ü")
    }
}
