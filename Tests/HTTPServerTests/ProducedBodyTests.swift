import Foundation
import SeguedTestSupport
import Synchronization
import Testing

@testable import HTTPServer

/// A body written as the client reads it (``ResponseBodyProducer``): asked for a piece only when
/// libmicrohttpd's buffer has room, so a client that does not read costs a few pieces, not the body.
@Suite(.timeLimit(.minutes(1)))
struct ProducedBodyTests {
    final class Counting: ResponseBodyProducer {
        let pieces: Int
        let asked = Atomic<Int>(0)

        init(pieces: Int) { self.pieces = pieces }

        func nextPiece(capacity: Int) -> [UInt8]? {
            let index = asked.add(1, ordering: .relaxed).newValue
            guard index <= pieces else { return [] }
            return Array(("[\(index)]" + String(repeating: "y", count: 1000) + "\n").utf8)
        }
    }

    @Test func aProducedBody_isWrittenAsTheClientReads() throws {
        let producer = Counting(pieces: 400)
        let server = Server(configuration: ServerConfiguration(port: 0, socketBufferSize: 4096)) { request in
            guard request.path == "/big" else { return Response(status: 200, body: Array("ok".utf8)) }
            var response = Response(status: 200, headers: [("Content-Type", "text/plain")])
            response.producer = producer
            return response
        }
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let reader = try RawConnection(port: server.port, receiveBuffer: 4096)
        try reader.send("GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(reader.readBody(until: "[1]", timeout: .seconds(3)))
        usleep(300_000)
        // 400 KB to write; a client that reads nothing more has had a few pieces written for it.
        let whileStalled = producer.asked.load(ordering: .relaxed)
        #expect(whileStalled < 100, "\(whileStalled) pieces written for a client that does not read")
        #expect(reader.text.lowercased().contains("x-content-type-options: nosniff"))
        #expect(reader.text.lowercased().contains("transfer-encoding: chunked"))
        // Read to the end: every piece once, in order, then the end of the body.
        #expect(reader.read(until: "\r\n0\r\n\r\n", timeout: .seconds(30)))
        let numbers = reader.chunkedBody.split(separator: "\n").compactMap { Int($0.dropFirst().prefix { $0 != "]" }) }
        #expect(numbers == Array(1...400))
        #expect(producer.asked.load(ordering: .relaxed) == 401)
        // The connection goes on with the next request.
        try reader.send("GET /small HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(reader.read(until: "\r\n\r\nok", timeout: .seconds(3)))
    }
}
