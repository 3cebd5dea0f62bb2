import Foundation
import HTTPServer
import SeguedTestSupport
import Storyboard
import Testing

@testable import SeguedService

/// An event stream's backlog is written from the event log as the client reads it, a piece at a
/// time, and what streams hold is counted in the memory budget (issue 28).
@Suite(.timeLimit(.minutes(1)))
struct StreamBacklogTests {
    static let present = EventStreamTests.present
    static let cancel = EventStreamTests.cancel

    /// A session with `rounds` segue+unwind operations after its launch: a backlog of about 11 KB each.
    static func sessionWithHistory(_ client: HTTPClient, _ id: String, rounds: Int) throws -> Int {
        #expect(try client.json("PUT", "/v1/sessions/\(id)", #"{"storyboard":"demo"}"#).status == 201)
        for _ in 0..<rounds {
            #expect(try client.json("POST", "/v1/sessions/\(id)/segues", present).status == 200)
            #expect(try client.json("POST", "/v1/sessions/\(id)/unwind", cancel).status == 200)
        }
        return try #require(try client.send("GET", "/v1/sessions/\(id)").json["lastEventSeq"]?.intValue)
    }

    /// Reads until the body ends with a whole message (a blank line), within 5 s.
    static func endsAMessage(_ connection: RawConnection) -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while !connection.chunkedBody.hasSuffix("\n\n"), ContinuousClock.now < deadline { connection.readSome(timeout: .milliseconds(100)) }
        return connection.chunkedBody.hasSuffix("\n\n")
    }

    static func waitForStreams(_ service: SeguedService, _ count: Int) {
        let deadline = ContinuousClock.now + .seconds(5)
        while service.openStreams < count, ContinuousClock.now < deadline { usleep(10_000) }
    }

    /// A client that asks for a backlog of hundreds of KB and does not read holds about one piece
    /// (before: the whole backlog, queued at once outside every bound). Once it reads, it gets
    /// every event once and in order, the operation done while it was behind included, then live.
    @Test func aBacklogIsWrittenAsTheClientReads_losingAndRepeatingNothing() throws {
        let (service, server) = try EventStreamTests.start(ServiceConfiguration(), ServerConfiguration(port: 0, socketBufferSize: 4096))
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        let lastSeq = try Self.sessionWithHistory(client, "b", rounds: 30)
        let slow = try RawConnection(port: server.port, receiveBuffer: 4096)
        try slow.send("GET /v1/sessions/b/events/stream?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        Self.waitForStreams(service, 1)
        #expect(service.openStreams == 1)
        usleep(200_000)
        // 30 rounds are about 330 KB of messages; the stream holds one piece and the socket's buffers.
        #expect(server.heldStreamBytes <= EventBacklog.pieceBytes + 8192, "held \(server.heldStreamBytes)")
        // An operation while the client is behind: in the backlog, not sent live ahead of it.
        #expect(try client.json("POST", "/v1/sessions/b/segues", Self.present).status == 200)
        let during = try #require(try client.send("GET", "/v1/sessions/b").json["lastEventSeq"]?.intValue)
        #expect(during > lastSeq)
        #expect(slow.readBody(until: "event: state\n", timeout: .seconds(10)))
        #expect(slow.readBody(until: "event: state\n", timeout: .seconds(1)) && Self.endsAMessage(slow))
        let backlog = slow.chunkedBody
        #expect(EventStreamTests.ids(backlog) == Array(1...during))
        let replayed = try EventStreamTests.operations(inBody: backlog)
        #expect(replayed.count == 1 + 2 * 30 + 1)
        #expect(replayed.allSatisfy { $0["stack"] == .null })
        #expect(backlog.contains(#"event: state"# + "\n" + #"data: {"revision":\#(2 + 2 * 30),"lastSeq":\#(during),"#))
        // Live from now on, with the stack.
        #expect(try client.json("POST", "/v1/sessions/b/unwind", Self.cancel).status == 200)
        #expect(slow.readBody(until: #"data: {"revision":\#(3 + 2 * 30),"performed":true,"reason":null,"operation":"unwind","#, timeout: .seconds(5)))
        #expect(Self.endsAMessage(slow))
        let text = slow.chunkedBody
        let all = EventStreamTests.ids(text)
        #expect(all == Array(1...all.last!) && all.last! > during)
        let live = try #require(try EventStreamTests.operations(inBody: text).last)
        #expect(live["stack"] != .null)
    }

    /// A backlog written in pieces reads exactly as one written at once.
    @Test func piecesOfABacklog_readAsTheWholeOfIt() throws {
        let (service, server) = try EventStreamTests.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        _ = try Self.sessionWithHistory(client, "p", rounds: 6)
        let session = try service.lookupSession("p")
        for start in [0, 30, 77, 200] {
            let (whole, pieces) = session.peek { state in
                let whole = EventStreamMessages.backlogPiece(
                    after: start, log: state.log, state: state.navigation, headers: session.eventHeaders, budget: .max)
                var pieces: [UInt8] = []
                var cursor = start
                var done = false
                var count = 0
                while !done {
                    let piece = EventStreamMessages.backlogPiece(
                        after: cursor, log: state.log, state: state.navigation, headers: session.eventHeaders, budget: 1000)
                    pieces += piece.bytes
                    cursor = piece.next
                    done = piece.done
                    count += 1
                }
                #expect(count > 1)
                return (whole, pieces)
            }
            #expect(whole.done)
            #expect(String(decoding: pieces, as: UTF8.self) == String(decoding: whole.bytes, as: UTF8.self), "from \(start)")
        }
    }

    /// What a stream holds for its client is counted in `--max-memory` while held, and given back.
    @Test func streamBytes_areCountedInTheMemoryBudget() throws {
        let service = SeguedService(configuration: ServiceConfiguration(maxStreamQueue: 1 << 20))
        let server = Server(
            configuration: ServerConfiguration(port: 0, socketBufferSize: 4096).countingHeldBytes(in: service.heldBytesBudget),
            handler: service.handle)
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        #expect(try client.json("PUT", "/v1/sessions/m", #"{"storyboard":"demo"}"#).status == 201)
        let stalled = try RawConnection(port: server.port, receiveBuffer: 4096)
        try stalled.send("GET /v1/sessions/m/events/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        Self.waitForStreams(service, 1)
        #expect(stalled.read(until: "event: state\n", timeout: .seconds(5)))
        for _ in 0..<8 {
            #expect(try client.json("POST", "/v1/sessions/m/segues", Self.present).status == 200)
            #expect(try client.json("POST", "/v1/sessions/m/unwind", Self.cancel).status == 200)
        }
        let queued = server.queuedStreamBytes
        #expect(queued > 16 << 10)
        // The stalled connection's pool is counted while it is open, as its stream's bytes are.
        let sessionsOnly = service.memory.accounted - queued - ServerConfiguration.defaultConnectionMemoryLimit
        // The session's own share (and the other client's connection), measured with the stream closed.
        shutdown(stalled.socket, Int32(SHUT_RDWR))
        let deadline = ContinuousClock.now + .seconds(3)
        while service.openStreams > 0 || service.memory.accounted != sessionsOnly, ContinuousClock.now < deadline { usleep(10_000) }
        #expect(service.openStreams == 0)
        #expect(server.queuedStreamBytes == 0)
        #expect(service.memory.accounted == sessionsOnly)
    }
}

