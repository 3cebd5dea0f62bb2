import Foundation
import SeguedTestSupport
import Synchronization
import Testing

@testable import HTTPServer

/// What the server holds for a client beyond its own buffers is counted in the held-bytes budget
/// (`--max-memory`) while held: a produced body's piece, and a whole body over
/// ``HeldBody/countedFrom``, which is refused with the budget's answer when it has no room (issue
/// 28: 1,000 non-reading clients held 1.82 GB of whole responses that nothing counted).
@Suite(.timeLimit(.minutes(1)))
struct HeldBytesTests {
    final class Budget: HeldBytesBudget {
        let limit: Int
        let held = Atomic<Int>(0)
        init(limit: Int) { self.limit = limit }

        func reserve(_ bytes: Int) -> Bool {
            var current = held.load(ordering: .relaxed)
            while true {
                guard current + bytes <= limit else { return false }
                let (exchanged, original) = held.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
                if exchanged { return true }
                current = original
            }
        }

        func release(_ bytes: Int) { held.subtract(bytes, ordering: .relaxed) }

        /// Connections' pools, apart from `held`.
        let pools = Atomic<Int>(0)
        func countConnection(_ bytes: Int) { pools.add(bytes, ordering: .relaxed) }
        func releaseConnection(_ bytes: Int) { pools.subtract(bytes, ordering: .relaxed) }

        func refusal(holding bytes: Int) -> Response {
            Response(status: 503, headers: [("Content-Type", "text/plain")], body: Array("no room for \(bytes)".utf8))
        }
    }

    static let document = Array(String(repeating: "d", count: 200_000).utf8)

    static func server(_ budget: Budget) throws -> Server {
        let server = Server(configuration: ServerConfiguration(port: 0, socketBufferSize: 4096).countingHeldBytes(in: budget)) { request in
            switch request.path {
            case "/whole": return Response(status: 200, headers: [("Content-Type", "text/plain")], body: document)
            case "/produced":
                var response = Response(status: 200, headers: [("Content-Type", "text/plain")])
                response.producer = ProducedBodyTests.Counting(pieces: 400)
                return response
            default: return Response(status: 200, body: Array(String(repeating: "s", count: HeldBody.countedFrom).utf8))
            }
        }
        try server.start()
        return server
    }

    static func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<100 where !condition() { usleep(20_000) }
        return condition()
    }

    @Test func aWholeBodyHeldForAClient_isCountedUntilSent() throws {
        let budget = Budget(limit: 1 << 30)
        let server = try Self.server(budget)
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let stalled = try RawConnection(port: server.port, receiveBuffer: 4096)
        try stalled.send("GET /whole HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(Self.waitUntil { budget.held.load(ordering: .relaxed) == Self.document.count + HeldBody.blockSize })
        // A body of the threshold's size is copied into libmicrohttpd, not counted.
        let small = try RawConnection(port: server.port, receiveBuffer: 4096)
        try small.send("GET /small HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        usleep(200_000)
        #expect(budget.held.load(ordering: .relaxed) == Self.document.count + HeldBody.blockSize)
        // Read to the end: the whole body, with its length stated; then nothing is counted.
        #expect(stalled.read(until: "\r\n\r\n" + String(repeating: "d", count: 200_000), timeout: .seconds(10)))
        #expect(stalled.text.lowercased().contains("content-length: \(Self.document.count)\r\n"))
        #expect(stalled.text.hasPrefix("HTTP/1.1 200 "))
        #expect(Self.waitUntil { budget.held.load(ordering: .relaxed) == 0 })
    }

    @Test func aWholeBodyPastTheBudget_isRefusedWithItsAnswer() throws {
        let budget = Budget(limit: Self.document.count + HeldBody.blockSize + 1000)
        let server = try Self.server(budget)
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        var first: RawConnection? = try RawConnection(port: server.port, receiveBuffer: 4096)
        try first?.send("GET /whole HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(Self.waitUntil { budget.held.load(ordering: .relaxed) > 0 })
        let second = try RawConnection(port: server.port, receiveBuffer: 4096)
        try second.send("GET /whole HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(second.read(until: "no room for \(Self.document.count + HeldBody.blockSize)", timeout: .seconds(3)))
        #expect(second.text.hasPrefix("HTTP/1.1 503 "))
        // The first client goes (closing with unread bytes: a reset): its bytes are given back,
        // and the next asker is served.
        first = nil
        #expect(Self.waitUntil { budget.held.load(ordering: .relaxed) == 0 })
        let third = try RawConnection(port: server.port, receiveBuffer: 1 << 20)
        try third.send("GET /whole HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(third.read(until: String(repeating: "d", count: 1000), timeout: .seconds(3)))
        #expect(third.text.hasPrefix("HTTP/1.1 200 "))
    }

    @Test func aProducedPiece_isCountedWhileQueued_andPastTheBudgetTheReaderIsDropped() throws {
        let roomy = Budget(limit: 1 << 30)
        let server = try Self.server(roomy)
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let stalled = try RawConnection(port: server.port, receiveBuffer: 4096)
        try stalled.send("GET /produced HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        // A piece of Counting is 1,005 to 1,007 bytes: one is waiting for the socket.
        #expect(Self.waitUntil { roomy.held.load(ordering: .relaxed) > 1000 })
        #expect(roomy.held.load(ordering: .relaxed) < 1100)
        shutdown(stalled.socket, Int32(SHUT_RDWR))
        #expect(Self.waitUntil { roomy.held.load(ordering: .relaxed) == 0 })

        let full = Budget(limit: 500)
        let tight = try Self.server(full)
        defer { tight.shutdown(gracePeriod: .seconds(1)) }
        let dropped = try RawConnection(port: tight.port, receiveBuffer: 4096)
        try dropped.send("GET /produced HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        // No room for the first piece: the response ends incomplete (no last chunk) and the
        // connection closes.
        #expect(dropped.readUntilClosed(timeout: .seconds(3)))
        #expect(!dropped.text.hasSuffix("\r\n0\r\n\r\n"))
        #expect(full.held.load(ordering: .relaxed) == 0)
    }

    /// An open connection's memory pool is counted from its start to its close (1,000 idle
    /// connections held 16 MB of pools that --max-memory did not see).
    @Test func anOpenConnectionsPool_isCountedUntilItCloses() throws {
        let budget = Budget(limit: 1 << 30)
        let server = try Self.server(budget)
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let pool = ServerConfiguration.defaultConnectionMemoryLimit
        var first: RawConnection? = try RawConnection(port: server.port)
        var second: RawConnection? = try RawConnection(port: server.port)
        #expect(Self.waitUntil { budget.pools.load(ordering: .relaxed) == 2 * pool })
        try first?.send("GET /small HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(first?.read(until: "ssss", timeout: .seconds(3)) == true)
        #expect(budget.pools.load(ordering: .relaxed) == 2 * pool)
        first = nil
        #expect(Self.waitUntil { budget.pools.load(ordering: .relaxed) == pool })
        second = nil
        #expect(Self.waitUntil { budget.pools.load(ordering: .relaxed) == 0 })
        _ = second
    }
}
