import Foundation
import SeguedTestSupport
import Synchronization
import Testing

@testable import HTTPServer

/// Hostile connections (issue 22 item 3): slow senders, too many connections, clients that never read.
@Suite(.timeLimit(.minutes(1)))
struct ConnectionLimitTests {
    static let ok: @Sendable (Request) -> Response = { _ in Response(status: 200, body: Array("ok".utf8)) }

    private func withServer(_ configuration: ServerConfiguration, handler: @escaping @Sendable (Request) -> Response = ok, _ body: (Server) throws -> Void)
        throws
    {
        let server = Server(configuration: configuration, handler: handler)
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        try body(server)
    }

    /// Answered, so certainly accepted and counted.
    private func answered(_ connection: RawConnection) throws -> Bool {
        try connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return connection.read(until: "\r\n\r\nok", timeout: .seconds(3))
    }

    /// A byte every half second: the idle timeout (30 s) never fires, the request deadline (2 s) does.
    @Test func slowloris_isCutByTheRequestDeadline() throws {
        try withServer(ServerConfiguration(port: 0, connectionTimeout: 30, requestTimeout: 2)) { server in
            let slow = try RawConnection(port: server.port)
            let start = ContinuousClock.now
            var closed = false
            for byte in "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaa".map(String.init) {
                if slow.sendNow(Array(byte.utf8)) < 0 || slow.readSome(timeout: .milliseconds(500)) == .closed {
                    closed = true
                    break
                }
            }
            let elapsed = ContinuousClock.now - start
            #expect(closed)
            #expect(elapsed > .milliseconds(1500) && elapsed < .seconds(4), "closed after \(elapsed)")
            // A client that sends its request at once is unaffected, and a kept-alive connection that
            // waits between requests gets the deadline afresh after each response.
            let normal = try RawConnection(port: server.port)
            #expect(try answered(normal))
            usleep(1_200_000)
            #expect(try answered(normal))
            usleep(1_200_000)
            #expect(try answered(normal))
        }
    }

    /// Answering `/hold` with a stream that stays open: a connection being answered, which is never
    /// ended to make room for a new one (an idle or slow one is: StreamSlotTests).
    static let holding: @Sendable (Request) -> Response = { request in
        guard request.path == "/hold" else { return ok(request) }
        let stream = ResponseStream(maxQueuedBytes: 1024)
        stream.sendInitial(Array("data: held\n\n".utf8))
        return Response(status: 200, stream: stream)
    }

    @Test func connectionsOverTheLimit_areRefusedAtOnce_whenEveryOneIsBeingAnswered() throws {
        try withServer(ServerConfiguration(port: 0, connectionLimit: 3), handler: Self.holding) { server in
            let held = try (0..<3).map { _ in try RawConnection(port: server.port) }
            for connection in held {
                try connection.send("GET /hold HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(connection.read(until: "data: held", timeout: .seconds(3)))
            }
            let start = ContinuousClock.now
            let over = try RawConnection(port: server.port)
            // Closed by the server, not left waiting in the listen backlog.
            #expect(over.readUntilClosed(timeout: .seconds(2)))
            #expect(ContinuousClock.now - start < .seconds(1))
            #expect(server.refusedConnections == 1)
            #expect(server.openConnections == 3)
            // One closes: a new connection is served.
            shutdown(held[0].socket, Int32(SHUT_RDWR))
            let deadline = ContinuousClock.now + .seconds(3)
            while server.openConnections > 2, ContinuousClock.now < deadline { usleep(10_000) }
            #expect(try answered(RawConnection(port: server.port)))
        }
    }

    @Test func connectionsPerAddress_areLimited() throws {
        try withServer(ServerConfiguration(port: 0, connectionLimit: 100, connectionsPerAddress: 2)) { server in
            let held = try (0..<2).map { _ in try RawConnection(port: server.port) }
            for connection in held { #expect(try answered(connection)) }
            let over = try RawConnection(port: server.port)
            #expect(over.readUntilClosed(timeout: .seconds(2)))
            #expect(server.openConnections == 2)
        }
    }

    /// A client pipelining requests and never reading: the server answers only as many as its
    /// socket buffer holds, then waits. Left to the kernel's tuning the connection held 1.65 MB.
    @Test func aPipeliningClientThatNeverReads_holdsBoundedBytes() throws {
        let answeredCount = Atomic<Int>(0)
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        let handler: @Sendable (Request) -> Response = { _ in
            answeredCount.add(1, ordering: .relaxed)
            return Response(status: 200, body: body)
        }
        try withServer(ServerConfiguration(port: 0, socketBufferSize: 16 << 10), handler: handler) { server in
            let client = try RawConnection(port: server.port, receiveBuffer: 4096)
            let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            var pending: [UInt8] = []
            for _ in 0..<4000 { pending += request }
            let deadline = ContinuousClock.now + .seconds(2)
            while !pending.isEmpty, ContinuousClock.now < deadline {
                let sent = client.sendNow(pending)
                if sent > 0 { pending.removeFirst(sent) } else { usleep(20_000) }
            }
            usleep(300_000)
            let bytes = answeredCount.load(ordering: .relaxed) * (body.count + 100)
            #expect(bytes < 256 << 10, "\(answeredCount.load(ordering: .relaxed)) responses queued")
        }
    }
}
