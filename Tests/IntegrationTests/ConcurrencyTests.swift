import Foundation
import SeguedTestSupport
import Storyboard
import Synchronization
import Testing

/// 16 threads hammer one session while 16 others drive a session each: nothing is lost or doubled,
/// revisions grow by exactly one per operation, and the final state equals a sequential replay.
struct ConcurrencyTests {
    static let threads = 16
    static let operationsPerThread = 25

    @Test func sharedAndPrivateSessions_underLoad() throws {
        let daemon = try Daemon()
        let client = daemon.client
        let shared = try #require(try client.json("PUT", "/v1/sessions/shared", #"{"storyboard": "demo"}"#).json["id"]?.stringValue)
        // (revision, thread, n) of every push applied to the shared session.
        let applied = Mutex<[(revision: Int, thread: Int, n: Int)]>([])
        let failures = Mutex<[String]>([])

        DispatchQueue.concurrentPerform(iterations: Self.threads * 2) { worker in
            do {
                if worker < Self.threads {
                    for n in 0..<Self.operationsPerThread {
                        let reply = try client.json("POST", "/v1/sessions/\(shared)/actions",
                            #"{"type": "push", "scene": "itemDetail", "data": {"thread": \#(worker), "n": \#(n)}}"#)
                        guard reply.status == 200, let revision = try reply.json["revision"]?.intValue else {
                            failures.withLock { $0.append("shared \(worker)/\(n): \(reply.status) \(reply.text)") }
                            continue
                        }
                        applied.withLock { $0.append((revision, worker, n)) }
                    }
                } else {
                    let own = try #require(try client.json("POST", "/v1/sessions", #"{"storyboard": "demo"}"#).json["id"]?.stringValue)
                    var expected = 1
                    for n in 0..<Self.operationsPerThread {
                        let body = n.isMultiple(of: 2) ? #"{"identifier": "showItem"}"# : nil
                        let reply = body != nil
                            ? try client.json("POST", "/v1/sessions/\(own)/segues", body)
                            : try client.json("POST", "/v1/sessions/\(own)/actions", #"{"type": "pop"}"#)
                        expected += 1
                        if try reply.json["revision"]?.intValue != expected {
                            failures.withLock { $0.append("own \(own) step \(n): \(reply.text)") }
                        }
                    }
                }
            } catch {
                failures.withLock { $0.append("worker \(worker): \(error)") }
            }
        }

        #expect(failures.withLock { $0 } == [])
        let pushes = applied.withLock { $0 }.sorted { $0.revision < $1.revision }
        #expect(pushes.count == Self.threads * Self.operationsPerThread)
        #expect(pushes.map(\.revision) == Array(2...(1 + Self.threads * Self.operationsPerThread)))

        // Replay the pushes in the order the server applied them on a fresh session: same stack.
        _ = try client.json("PUT", "/v1/sessions/replay", #"{"storyboard": "demo"}"#)
        for push in pushes {
            _ = try client.json("POST", "/v1/sessions/replay/actions",
                #"{"type": "push", "scene": "itemDetail", "data": {"thread": \#(push.thread), "n": \#(push.n)}}"#)
        }
        let concurrent = try client.json("GET", "/v1/sessions/\(shared)/stack")
        let sequential = try client.json("GET", "/v1/sessions/replay/stack")
        #expect(concurrent.body == sequential.body)
        #expect(concurrent.header("ETag") == "\"\(1 + Self.threads * Self.operationsPerThread)\"")
    }
}
