import Foundation
import HTTPServer
import SeguedTestSupport
import Storyboard
import Testing

@testable import SeguedService

/// A long event page is written as the client reads it, with the bytes of the page written whole
/// (issue 28: a page of 6.6 MB was held whole for a client that does not read).
@Suite(.timeLimit(.minutes(1)))
struct EventPageBodyTests {
    @Test func aLongPage_inPieces_isThePageWrittenWhole() throws {
        let (service, server) = try EventStreamTests.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        let lastSeq = try StreamBacklogTests.sessionWithHistory(client, "e", rounds: 4)
        let session = try service.lookupSession("e")
        let events = session.peek { $0.log.events(after: 0, limit: 1000) }
        #expect(events.count == lastSeq && events.count > EventPageBody.wholeUpTo)
        for gap in [nil, (firstAvailable: 5, dropped: 3)] {
            let whole = SeguedService.eventPage(events, session: session, next: lastSeq, lastSeq: lastSeq + 2, gap: gap, wholeUpTo: .max)
            #expect(whole.producer == nil)
            let produced = SeguedService.eventPage(events, session: session, next: lastSeq, lastSeq: lastSeq + 2, gap: gap)
            let producer = try #require(produced.producer)
            #expect(produced.body.isEmpty && produced.headers.map(\.name) == whole.headers.map(\.name))
            var bytes: [UInt8] = []
            var pieces = 0
            while let piece = producer.nextPiece(capacity: 700), !piece.isEmpty {
                bytes += piece
                pieces += 1
            }
            #expect(pieces > 10)
            #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: whole.body, as: UTF8.self))
            #expect(producer.nextPiece(capacity: 700) == [])
        }
        // Over HTTP: chunked, and the same document as pages short enough to be written whole.
        let long = try client.send("GET", "/v1/sessions/e/events?after=0&limit=1000")
        #expect(long.status == 200)
        #expect(long.header("Content-Length") == nil)
        let document = try JSONValue.parse(Array(long.body))
        var ids: [Int] = []
        var after = 0
        while true {
            let page = try client.send("GET", "/v1/sessions/e/events?after=\(after)&limit=\(EventPageBody.wholeUpTo)")
            #expect(page.header("Content-Length") != nil)
            let parsed = try JSONValue.parse(Array(page.body))
            guard case .array(let batch) = parsed["events"] ?? .null, !batch.isEmpty else { break }
            ids += batch.compactMap { $0["seq"]?.intValue }
            after = ids.last!
        }
        guard case .array(let all) = document["events"] ?? .null else { Issue.record("no events"); return }
        #expect(all.compactMap { $0["seq"]?.intValue } == ids)
        #expect(ids == Array(1...lastSeq))
        #expect(document["next"] == .number(Double(lastSeq)) && document["more"] == .bool(false))
    }

    /// A slow reader's page whose events leave the bounded log before it is written cannot be
    /// completed: the producer says so (the response then ends with an error, incomplete).
    @Test func aPageWhoseEventsLeaveTheLog_endsIncomplete() throws {
        let (service, server) = try EventStreamTests.start(ServiceConfiguration(eventLogCapacity: 100))
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        let lastSeq = try StreamBacklogTests.sessionWithHistory(client, "g", rounds: 2)
        let session = try service.lookupSession("g")
        let events = session.peek { $0.log.events(after: 0, limit: 1000) }
        #expect(events.count > EventPageBody.wholeUpTo)
        let page = SeguedService.eventPage(events, session: session, next: lastSeq, lastSeq: lastSeq, gap: nil)
        let producer = try #require(page.producer)
        #expect(producer.nextPiece(capacity: 700)?.isEmpty == false)
        for _ in 0..<3 {
            #expect(try client.json("POST", "/v1/sessions/g/segues", EventStreamTests.present).status == 200)
            #expect(try client.json("POST", "/v1/sessions/g/unwind", EventStreamTests.cancel).status == 200)
        }
        #expect(producer.nextPiece(capacity: 700) == nil)
    }
}
