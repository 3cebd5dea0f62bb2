import HTTPServer
import SeguedService
import Testing

/// The bearer token and the loopback Host check, called through the service without sockets (the
/// adversarial suite, tests/adversarial/run.py, drives the same over real connections).
struct AccessPolicyTests {
    static let token = "0123456789abcdef-token"
    let service = SeguedService(configuration: ServiceConfiguration(access: AccessPolicy(token: token, loopbackOnly: true)))

    @Test(arguments: ["/v1/sessions", "/v1/storyboards", "/metrics", "/openapi.yaml", "/v1/sessions/x/stack", "/nowhere",
                      "/healthzz", "/readyz/", "/uix", "/h", "/r", "/u", "/"])
    func everyRouteButTheProbes_needsTheToken(path: String) throws {
        let response = service.handle(.make("GET", path, headers: ["host": "localhost"]))
        try response.expectProblem(401, "unauthorized")
        #expect(response.header("WWW-Authenticate") == #"Bearer realm="segued""#)
        #expect(service.handle(.make("GET", path, headers: ["host": "localhost", "authorization": "Bearer \(Self.token)"])).status != 401)
    }

    @Test(arguments: ["/healthz", "/readyz", "/ui", "/ui/", "/ui/app.js"])
    func probesAndTheWebAppsFiles_needNone(path: String) {
        let status = service.handle(.make("GET", path, headers: ["host": "localhost"])).status
        #expect(status != 401 && status != 421)
    }

    @Test(arguments: ["Bearer wrong", "Bearer \(token)x", "Bearer", "Basic \(token)", "bearer  \(token.dropLast())"])
    func aWrongToken_isRefused(authorization: String) throws {
        let response = service.handle(.make("GET", "/v1/sessions", headers: ["host": "localhost", "authorization": authorization]))
        try response.expectProblem(401, "unauthorized")
    }

    @Test func theSchemeIsCaseInsensitive() {
        #expect(service.handle(.make("GET", "/v1/sessions", headers: ["host": "localhost", "authorization": "bearer \(Self.token)"])).status == 200)
    }

    @Test(arguments: ["localhost", "localhost:8080", "127.0.0.1", "127.0.0.1:1", "127.0.0.2:8080", "[::1]", "[::1]:65535", "LocalHost", "127.255.255.255", "127.0.0.01"])
    func loopbackNames_areServed(host: String) {
        let open = SeguedService(configuration: ServiceConfiguration(access: AccessPolicy(loopbackOnly: true)))
        #expect(open.handle(.make("GET", "/v1/sessions", headers: ["host": host])).status == 200)
    }

    @Test(arguments: ["attacker.example", "localhost.attacker.example", "127.0.0.1.nip.io", "localhost:80x", "[::1]x", "127.0.0.1.5", "127.0.0.256", "128.0.0.1", "[::2]", "",
                          "0127.0.0.1", "1270.0.0.1", "127..0.1", "127.0.0.", ".127.0.0.1", "127.0.0.1000", "127.0.0", "localhos", "localhostt", "local-host"])
    func otherNames_areRefusedOnLoopback(host: String) throws {
        let open = SeguedService(configuration: ServiceConfiguration(access: AccessPolicy(loopbackOnly: true)))
        try open.handle(.make("GET", "/v1/sessions", headers: ["host": host])).expectProblem(421, "host-not-allowed")
        let exposed = SeguedService(configuration: ServiceConfiguration(access: AccessPolicy(loopbackOnly: false)))
        #expect(exposed.handle(.make("GET", "/v1/sessions", headers: ["host": host])).status == 200)
    }
}
