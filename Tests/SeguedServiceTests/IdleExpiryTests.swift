import Foundation
import HTTPServer
@testable import SeguedService
import Storyboard
import Testing

/// Expiry finds idle sessions, then removes them under the store's lock; what clients do in
/// between must not be undone. Both tests fail when the second step removes every session the
/// first found.
struct IdleExpiryTests {
    let service = SeguedService(configuration: ServiceConfiguration(sessionTTL: .seconds(60)))

    @Test func aSessionUsedWhileExpiryLooks_isKept() throws {
        let used = try service.demoSession()
        let idle = try service.demoSession()
        let lastUse = try #require(service.sessions[SessionID(validating: idle)!]?.lastUsed)
        // Both are idle at `now`; a use 5 ms later is not.
        let now = lastUse + .seconds(60) + .milliseconds(1)
        let expired = service.sessions.expireIdle(now: now) {
            Thread.sleep(forTimeInterval: 0.005)
            #expect(service.handle(.make("GET", "/v1/sessions/\(used)/stack")).status == 200)
        }
        #expect(expired.map(\.rawValue) == [idle])
        #expect(service.handle(.make("GET", "/v1/sessions/\(used)")).status == 200)
        try service.handle(.make("GET", "/v1/sessions/\(idle)")).expectProblem(404, "unknown-session")
    }

    @Test func aSessionStartedUnderAnExpiringID_isKept() throws {
        let id = try service.demoSession()
        // So far ahead that the new session is idle too: only its identity tells them apart.
        let now = ContinuousClock.now + .seconds(3600)
        let expired = service.sessions.expireIdle(now: now) {
            #expect(service.handle(.make("DELETE", "/v1/sessions/\(id)")).status == 200)
            #expect(service.handle(.make("PUT", "/v1/sessions/\(id)", json: #"{"storyboard": "demo"}"#)).status == 201)
        }
        #expect(expired.isEmpty)
        #expect(service.handle(.make("GET", "/v1/sessions/\(id)")).status == 200)
    }

    /// Listing sessions is not a use of each: a client polling `GET /v1/sessions` kept every
    /// session from expiring.
    @Test func listingSessions_doesNotKeepThemAlive() throws {
        let id = try service.demoSession()
        let lastUse = try #require(service.sessions[SessionID(validating: id)!]?.lastUsed)
        Thread.sleep(forTimeInterval: 0.01)
        #expect(try service.handle(.make("GET", "/v1/sessions")).json["sessions"]?.arrayValue?.count == 1)
        #expect(service.sessions.expireIdle(now: lastUse + .seconds(60) + .milliseconds(5)).map(\.rawValue) == [id])
    }
}
