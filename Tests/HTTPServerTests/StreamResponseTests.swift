import Foundation
import SeguedTestSupport
import Synchronization
import Testing

@testable import HTTPServer

/// ``ResponseStream`` over libmicrohttpd: sent as written, waiting without a thread, bounded.
@Suite(.timeLimit(.minutes(1)))
struct StreamResponseTests {
    /// Streams made by the handler, for the test to write to.
    final class Streams: Sendable {
        let made = Mutex<[ResponseStream]>([])
        let closings = Mutex<[ResponseStream.Closing]>([])

        func handler(maxQueuedBytes: Int = 1 << 16) -> @Sendable (Request) -> Response {
            { request in
                guard request.path == "/stream" else { return Response(status: 200, body: Array("ok".utf8)) }
                let stream = ResponseStream(maxQueuedBytes: maxQueuedBytes, onClose: { _, closing in self.closings.withLock { $0.append(closing) } })
                self.made.withLock { $0.append(stream) }
                return Response(status: 200, headers: [("Content-Type", "text/event-stream")], stream: stream)
            }
        }

        func waitFor(_ count: Int) -> [ResponseStream] {
            let deadline = ContinuousClock.now + .seconds(5)
            while made.withLock({ $0.count }) < count, ContinuousClock.now < deadline { usleep(5_000) }
            return made.withLock { $0 }
        }
    }

    /// With one server thread, ten idle streams leave it free for other requests.
    @Test func idleStreams_holdNoServerThread_andSendWhatIsWritten() throws {
        let streams = Streams()
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 1), handler: streams.handler())
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let readers = try (0..<10).map { _ in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return connection
        }
        let made = streams.waitFor(10)
        #expect(made.count == 10)
        #expect(try HTTPClient(port: server.port, timeout: 3).send("GET", "/other").text == "ok")
        for (index, stream) in made.enumerated() { #expect(stream.send(Array("data: \(index)\n\n".utf8))) }
        for reader in readers { #expect(reader.read(until: "\n\n", timeout: .seconds(3))) }
        #expect(server.openStreams == 10)
        // The reader of the first stream is the one that got "data: 0" (connections are accepted in
        // any order); its stream's end arrives as the last chunk.
        let first = try #require(readers.first { $0.text.contains("data: 0\n\n") })
        made[0].finish()
        #expect(first.read(until: "\r\n0\r\n\r\n", timeout: .seconds(3)))
        // The end is told from libmicrohttpd's thread once it lets go of the response, which may
        // come after the client read the last chunk: wait for it rather than race it (CI under load
        // lost that race once).
        let told = ContinuousClock.now + .seconds(3)
        while streams.closings.withLock({ $0 }).isEmpty, ContinuousClock.now < told { usleep(5_000) }
        #expect(streams.closings.withLock { $0 } == [.finished])
    }

    /// A client that does not read: once its queue passes the bound the stream is dropped and the
    /// connection ended; nothing stays counted.
    @Test func aStreamWhoseClientDoesNotRead_isDroppedAtItsBound() throws {
        let streams = Streams()
        let server = Server(configuration: ServerConfiguration(port: 0, socketBufferSize: 4096), handler: streams.handler(maxQueuedBytes: 8192))
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let stalled = try RawConnection(port: server.port, receiveBuffer: 4096)
        try stalled.send("GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let stream = try #require(streams.waitFor(1).first)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1024)
        var sent = 0
        // Slowly enough for the server to fill the socket's buffers first, as a real stalled client
        // does: then nothing makes libmicrohttpd ask the stream for more.
        while stream.send(chunk), sent < 10_000 {
            sent += 1
            usleep(5_000)
        }
        #expect(sent < 100)
        #expect(!stream.isOpen)
        // The drop is told from libmicrohttpd's thread once it lets go of the connection: wait for
        // it rather than race it (under load the assertion ran first).
        let told = ContinuousClock.now + .seconds(3)
        while streams.closings.withLock({ $0 }).isEmpty, ContinuousClock.now < told { usleep(5_000) }
        #expect(streams.closings.withLock { $0 } == [.dropped])
        // Ended at once, though the client never read and its socket never became writable.
        let deadline = ContinuousClock.now + .seconds(3)
        while server.openConnections > 0, ContinuousClock.now < deadline { usleep(5_000) }
        #expect(server.openConnections == 0)
        #expect(server.queuedStreamBytes == 0)
        #expect(server.openStreams == 0)
    }
}
