import Foundation
import HTTPServer
import SeguedTestSupport
import Synchronization
import Testing

/// A session's stack is prepared for libmicrohttpd once per state and sent from that prepared form
/// to every poll, while each response carries its own request's `X-Request-ID` (issue #22: setting
/// the request id on every response had dropped the prepared form, so every poll built a response).
struct StackCacheTests {
    static let polls = 40

    @Test func polledStack_isSentFromItsPreparedForm_withEachRequestsOwnID() throws {
        let daemon = try Daemon()
        let client = daemon.client
        #expect(try client.json("PUT", "/v1/sessions/polled", #"{"storyboard": "demo"}"#).status == 201)
        let first = try client.send("GET", "/v1/sessions/polled/stack")
        let before = daemon.server.preparedResponsesSent
        // Two clients poll at once, each with ids of its own.
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { poller in
            for n in 0..<Self.polls {
                let id = "poller-\(poller)-\(n)"
                do {
                    let reply = try client.send("GET", "/v1/sessions/polled/stack", headers: ["X-Request-ID": id])
                    if reply.status != 200 || reply.header("X-Request-ID") != id || reply.body != first.body
                        || reply.header("ETag") != "\"1\"" || reply.header("Cache-Control") != "no-store"
                        || reply.header("X-Content-Type-Options") != "nosniff" || reply.header("Content-Type") != "application/json" {
                        failures.withLock { $0.append("\(id): \(reply.status) \(String(describing: reply.header("X-Request-ID")))") }
                    }
                } catch {
                    failures.withLock { $0.append("\(id): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        // Every poll was answered from the prepared stack, none built again.
        #expect(daemon.server.preparedResponsesSent - before == 2 * Self.polls)

        // An operation changes the state: the next poll writes and prepares the new stack once.
        #expect(try client.json("POST", "/v1/sessions/polled/segues", #"{"identifier": "showItem"}"#).status == 200)
        let afterOperation = daemon.server.preparedResponsesSent
        let changed = try client.send("GET", "/v1/sessions/polled/stack", headers: ["X-Request-ID": "after"])
        #expect(changed.header("ETag") == "\"2\"" && changed.header("X-Request-ID") == "after" && changed.body != first.body)
        #expect(daemon.server.preparedResponsesSent - afterOperation == 1)
    }
}
