import Foundation
import SeguedTestSupport
import Synchronization
import Testing

@testable import HTTPServer

/// Streams give their slot back when their client goes, stream what they catch up on as the client
/// reads, and connections waiting for a request make room for new ones at the limit (issue 28).
@Suite(.timeLimit(.minutes(1)))
struct StreamSlotTests {
    typealias Streams = StreamResponseTests.Streams

    /// A stream waits with its connection suspended, which libmicrohttpd does not watch: the close
    /// was noticed only at the next heartbeat (here a minute away). Now within the ticker's pass.
    @Test func aClosedStream_givesItsSlotBack_withoutWaitingForAHeartbeat() throws {
        let streams = Streams()
        let server = Server(configuration: ServerConfiguration(port: 0, streamHeartbeat: .seconds(60)), handler: streams.handler())
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        for round in 1...3 {
            let reader = try RawConnection(port: server.port)
            try reader.send("GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let made = streams.waitFor(round)
            #expect(made.count == round)
            #expect(reader.read(until: "\r\n\r\n", timeout: .seconds(3)))
            #expect(server.openStreams == 1)
            let closedAt = ContinuousClock.now
            // Shut down, not closed: the connection's deinit closes the descriptor (closing it twice
            // could close another test's socket, reused meanwhile).
            shutdown(reader.socket, Int32(SHUT_RDWR))
            while streams.closings.withLock({ $0.count }) < round, ContinuousClock.now - closedAt < .seconds(5) { usleep(5_000) }
            #expect(ContinuousClock.now - closedAt < .seconds(1), "round \(round)")
            #expect(streams.closings.withLock { $0 } == Array(repeating: .disconnected, count: round))
            #expect(server.openStreams == 0)
        }
    }

    /// A stream that catches up (a backlog) writes a piece each time its queue runs empty: a client
    /// that does not read makes it write a few pieces, not all; one that reads gets them all in
    /// order, then the live bytes sent after the catching up ended, and none sent while it ran.
    @Test func aCatchingUpStream_writesPiecesAsTheClientReads() throws {
        final class Made: Sendable {
            let produced = Atomic<Int>(0)
            let stream = Mutex<ResponseStream?>(nil)
        }
        let made = Made()
        let pieces = 400
        let handler: @Sendable (Request) -> Response = { _ in
            let stream = ResponseStream(maxQueuedBytes: 1 << 16)
            stream.sendInitial(Array("data: first\n\n".utf8))
            stream.catchUp { stream in
                let index = made.produced.add(1, ordering: .relaxed).newValue
                let piece = "data: piece \(index) " + String(repeating: "x", count: 1000) + "\n\n"
                stream.sendProduced(Array(piece.utf8), caughtUp: index == pieces)
            }
            made.stream.withLock { $0 = stream }
            return Response(status: 200, headers: [("Content-Type", "text/event-stream")], stream: stream)
        }
        let server = Server(configuration: ServerConfiguration(port: 0, socketBufferSize: 4096), handler: handler)
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let reader = try RawConnection(port: server.port, receiveBuffer: 4096)
        try reader.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(reader.readBody(until: "data: first\n\n", timeout: .seconds(3)))
        let stream = try #require(made.stream.withLock { $0 })
        usleep(300_000)
        // The client reads nothing more: only what fits the sockets' buffers was asked for.
        let whileStalled = made.produced.load(ordering: .relaxed)
        #expect(whileStalled < 100, "\(whileStalled) pieces written for a client that does not read")
        #expect(stream.isCatchingUp)
        #expect(server.heldStreamBytes <= 1100)
        // Live bytes while catching up are the producer's to write: not queued.
        #expect(stream.send(Array("data: live early\n\n".utf8)))
        #expect(reader.readBody(until: "data: piece \(pieces) ", timeout: .seconds(10)))
        #expect(!stream.isCatchingUp)
        #expect(stream.send(Array("data: live\n\n".utf8)))
        #expect(reader.readBody(until: "data: live\n\n", timeout: .seconds(3)))
        let body = reader.chunkedBody
        let numbers = body.components(separatedBy: "data: piece ").dropFirst().compactMap { Int($0.prefix { $0 != " " }) }
        #expect(numbers == Array(1...pieces))
        #expect(!body.contains("live early"))
        #expect(body.hasSuffix("x\n\ndata: live\n\n"))
        #expect(made.produced.load(ordering: .relaxed) == pieces)
    }

    static func evicted(_ records: [ConnectionRecord]) -> [Bool] { records.map { $0.evicted.load(ordering: .relaxed) } }

    /// At the connection limit, a new connection ends the one that has waited longest for a request
    /// (past the grace), so that clients holding connections from many addresses cannot keep every
    /// new client out; without such a connection (all being answered) it is refused as before.
    @Test func atTheLimit_theLongestWaitingConnection_makesRoom() {
        let table = ConnectionTable(limit: 3, perAddressLimit: 0)
        let records = (0..<3).map { index in ConnectionRecord(address: ClientAddress(bytes: [127, 0, 0, UInt8(2 + index)]), socket: -1) }
        for (index, record) in records.enumerated() {
            #expect(table.opened(record))
            record.receivingSince.store(10_000 + Int64(index) * 100, ordering: .relaxed)
        }
        // One is being answered (not waiting), the others wait.
        records[0].receivingSince.store(0, ordering: .relaxed)
        let newcomer = ClientAddress(bytes: [127, 0, 0, 1])
        // Within the grace nobody is ended.
        #expect(!table.admits(newcomer, now: 10_100 + table.evictionGrace))
        // Past it, the oldest waiting one (records[1]) is.
        #expect(table.admits(newcomer, now: 12_000 + table.evictionGrace))
        #expect(Self.evicted(records) == [false, true, false])
        let admitted = ConnectionRecord(address: newcomer, socket: -1)
        #expect(table.opened(admitted))
        #expect(table.count == 4)
        table.closed(records[1])
        #expect(table.count == 3)
        // At the limit again, with records[2] the only one waiting.
        admitted.receivingSince.store(0, ordering: .relaxed)
        #expect(table.admits(newcomer, now: 12_000 + table.evictionGrace))
        #expect(Self.evicted(records) == [false, true, true])
        let answered = ConnectionRecord(address: newcomer, socket: -1)
        answered.receivingSince.store(0, ordering: .relaxed)
        #expect(table.opened(answered))
        #expect(!table.admits(newcomer, now: 20_000 + table.evictionGrace))
    }

    /// At the limit, the address holding the most waiting connections gives one up first (its
    /// longest waiting), before an address holding one, even one that has waited longer: a client
    /// that sent its request at once is not ended by a flood of connections from other addresses.
    @Test func atTheLimit_theAddressHoldingMost_givesUpAConnectionFirst() {
        let table = ConnectionTable(limit: 4, perAddressLimit: 0)
        let lone = ConnectionRecord(address: ClientAddress(bytes: [127, 0, 0, 1]), socket: -1)
        let flood = (0..<3).map { _ in ConnectionRecord(address: ClientAddress(bytes: [127, 0, 0, 9]), socket: -1) }
        for (index, record) in ([lone] + flood).enumerated() {
            #expect(table.opened(record))
            record.receivingSince.store(10_000 + Int64(index) * 100, ordering: .relaxed)
        }
        let newcomer = ClientAddress(bytes: [127, 0, 0, 10])
        #expect(table.admits(newcomer, now: 20_000))
        // The lone connection waited longest, but the flood's address holds three: its oldest goes.
        #expect(Self.evicted([lone] + flood) == [false, true, false, false])
        table.closed(flood[0])
        #expect(table.opened(ConnectionRecord(address: newcomer, socket: -1)))
        // Two from the flood's address, one each from the others: the flood's oldest again.
        #expect(table.admits(newcomer, now: 20_000))
        #expect(Self.evicted([lone] + flood) == [false, true, true, false])
    }

    /// Two connections accepted at once on one slot: the first made room by ending a waiting one,
    /// the second took that room; the first then makes room again rather than being shut.
    @Test func aConnectionWhoseRoomWasTaken_makesRoomAgain() {
        let table = ConnectionTable(limit: 2, perAddressLimit: 0)
        let waiting = (0..<2).map { index in ConnectionRecord(address: ClientAddress(bytes: [127, 0, 0, UInt8(2 + index)]), socket: -1) }
        for (index, record) in waiting.enumerated() {
            #expect(table.opened(record))
            record.receivingSince.store(10_000 + Int64(index) * 100, ordering: .relaxed)
        }
        let canary = ConnectionRecord(address: ClientAddress(bytes: [127, 0, 0, 1]), socket: -1)
        let other = ConnectionRecord(address: ClientAddress(bytes: [127, 0, 0, 9]), socket: -1)
        #expect(table.admits(canary.address, now: 20_000))
        #expect(Self.evicted(waiting) == [true, false])
        // The other, admitted into the room the canary made, starts first.
        #expect(table.admits(other.address, now: 20_000))
        #expect(table.opened(other, now: 20_000))
        #expect(table.opened(canary, now: 20_000))
        #expect(Self.evicted(waiting) == [true, true])
    }
}
