import Foundation
import SeguedTestSupport
import Testing

@testable import HTTPServer

/// Each event loop serves requests and streams (suspend and resume) alike; libmicrohttpd runs the one
/// configured, except that one thread always polls (its epoll loop without a pool can stall).
@Suite(.timeLimit(.minutes(1)))
struct EventLoopTests {
    @Test(arguments: ServerConfiguration.EventLoop.allCases)
    func eachLoop_servesRequestsAndStreams(_ loop: ServerConfiguration.EventLoop) throws {
        let streams = StreamResponseTests.Streams()
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 2, eventLoop: loop), handler: streams.handler())
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        #expect(server.eventLoop == loop)
        let reader = try RawConnection(port: server.port)
        try reader.send("GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let stream = try #require(streams.waitFor(1).first)
        // The stream waits suspended while other requests are answered on the same threads.
        for _ in 0..<4 { #expect(try HTTPClient(port: server.port, timeout: 3).send("GET", "/other").text == "ok") }
        #expect(stream.send(Array("data: resumed\n\n".utf8)))
        #expect(reader.read(until: "data: resumed\n\n", timeout: .seconds(3)))
        stream.finish()
        #expect(reader.read(until: "\r\n0\r\n\r\n", timeout: .seconds(3)))
    }

    @Test func oneThread_polls_whateverTheConfigurationSays() throws {
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 1, eventLoop: .epoll)) { _ in Response(status: 204) }
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        #expect(server.eventLoop == .poll)
        #expect(try HTTPClient(port: server.port, timeout: 3).send("GET", "/").status == 204)
    }

    @Test func linuxDefault_isEpoll() {
        #if os(Linux)
            #expect(ServerConfiguration(port: 0).eventLoop == .epoll)
        #endif
    }
}
