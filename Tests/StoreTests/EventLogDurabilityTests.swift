import Foundation
import HTTPServer
import SeguedService
@testable import Store
import Testing

/// A session's event log and its operations across a restart (schema 3 and later): `GET …/events` answers the
/// same events and operations after it as before, and the next operation continues the sequence,
/// whether the session's latest operations were in its stored snapshot or replayed after it.
struct EventLogDurabilityTests {
    /// One push and one pop of bench/http (b)'s cycle: valid in any order, each with events.
    static let cycle: [(path: String, body: String)] = [
        ("segues", #"{"identifier": "addItem", "source": "vc3"}"#),
        ("unwind", #"{"action": "cancelEdit:"}"#),
    ]

    static func cycle(_ count: Int, on id: String, in service: SeguedService) {
        for index in 0..<count {
            let operation = cycle[index % 2]
            let response = service.handle(.make("POST", "/v1/sessions/\(id)/\(operation.path)", json: operation.body))
            #expect(response.status == 200, "\(response.text)")
        }
    }

    static func recovered(_ directory: TemporaryStateDirectory, _ configuration: ServiceConfiguration = ServiceConfiguration())
        throws -> (SeguedService, DurableStore, SeguedService.Recovery)
    {
        let store = try directory.open()
        let service = SeguedService(configuration: configuration, store: store)
        let recovery = try service.recover()
        return (service, store, recovery)
    }

    @Test(arguments: [3, 16, 41])
    func theEventLog_survivesARestart_withoutGapOrRepeat(operations: Int) throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore, _) = try Self.recovered(directory)
        #expect(first.handle(.make("PUT", "/v1/sessions/s", json: #"{"storyboard": "demo"}"#)).status == 201)
        Self.cycle(operations, on: "s", in: first)
        // The same state, to compare the restarted session's next operation with.
        #expect(first.handle(.make("PUT", "/v1/sessions/witness", json: #"{"from": "s"}"#)).status == 201)
        let all = first.handle(.make("GET", "/v1/sessions/s/events?after=0&limit=1000")).text
        let tail = first.handle(.make("GET", "/v1/sessions/s/events?after=20")).text
        // The whole log from the launch's first event, as the restarted daemon must answer it.
        #expect(all.hasPrefix(#"{"events":[{"seq":1,"#) && all.contains(#""more":false"#), "\(all.prefix(300))")
        let path = Self.cycle[operations % 2].path
        let next = first.handle(.make("POST", "/v1/sessions/witness/\(path)", json: Self.cycle[operations % 2].body)).text
        let forkedLog = first.handle(.make("GET", "/v1/sessions/witness/events?after=0&limit=1000")).text
        firstStore.close()

        let (second, secondStore, recovery) = try Self.recovered(directory)
        defer { secondStore.close() }
        #expect(recovery.skipped == [])
        #expect(recovery.sessions == 2)
        // Indexed at start, restored on first use.
        #expect(second.restoredOnFirstUse.sessions == 0)
        #expect(second.handle(.make("GET", "/v1/sessions/s/events?after=0&limit=1000")).text == all)
        #expect(second.handle(.make("GET", "/v1/sessions/s/events?after=20")).text == tail)
        #expect(second.handle(.make("GET", "/v1/sessions/witness/events?after=0&limit=1000")).text == forkedLog)
        let restored = second.restoredOnFirstUse
        #expect(restored.skipped == [] && restored.sessions == 2)
        // Launch + operations for `s`; the fork's copy of them and its own next one.
        #expect(restored.operations == 2 * (1 + operations) + 1)
        #expect(second.handle(.make("POST", "/v1/sessions/s/\(path)", json: Self.cycle[operations % 2].body)).text == next)
    }

    /// Operations after the stored snapshot are replayed through the engine at start; every
    /// `Persistence.foldEvery` (64) of them (or once they outweigh it) the snapshot is written again, so that a
    /// session replays a bounded number.
    @Test func operationsAfterTheSnapshot_areReplayed_aBoundedNumber() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore, _) = try Self.recovered(directory)
        #expect(first.handle(.make("PUT", "/v1/sessions/s", json: #"{"storyboard": "demo"}"#)).status == 201)
        Self.cycle(100, on: "s", in: first)
        let session = first.handle(.make("GET", "/v1/sessions/s")).text
        firstStore.close()
        let (second, secondStore, recovery) = try Self.recovered(directory)
        defer { secondStore.close() }
        #expect(recovery.sessions == 1 && recovery.replayed == 0)
        #expect(second.handle(.make("GET", "/v1/sessions/s")).text == session)
        let replayed = second.restoredOnFirstUse.replayed
        #expect(replayed > 0 && replayed < 64, "\(replayed)")
    }

    /// A stored operation whose replay disagrees with what was stored (here its revision, changed in
    /// the file) is reported, and its session left at the operation before: never a state nobody
    /// was told of.
    @Test func aReplayThatDisagrees_isReported_andTheSessionStopsBeforeIt() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore, _) = try Self.recovered(directory)
        #expect(first.handle(.make("PUT", "/v1/sessions/s", json: #"{"storyboard": "demo"}"#)).status == 201)
        Self.cycle(2, on: "s", in: first)
        let beforeLast = first.handle(.make("GET", "/v1/sessions/s/events?after=0&limit=1000")).text
        let stack = first.handle(.make("GET", "/v1/sessions/s/stack")).text
        Self.cycle(1, on: "s", in: first)
        firstStore.close()
        do {
            // The last operation's stored revision (the third byte: version, name, revision) made 5 higher.
            let connection = try SQLiteConnection(path: firstStore.path)
            let last = try connection.prepare("SELECT first_sequence, body FROM operations WHERE session = 's' AND first_sequence >= 0 ORDER BY first_sequence DESC LIMIT 1")
            #expect(try last.step())
            let firstSequence = last.int(0)
            var body = last.blob(1)
            #expect(body[2] == 4 << 1, "revision 4, as one byte")
            body[2] = 9 << 1
            try connection.prepare("UPDATE operations SET body = ?1 WHERE session = 's' AND first_sequence = ?2")
                .run([.blob(body), .int(firstSequence)])
        }
        let (second, secondStore, recovery) = try Self.recovered(directory)
        defer { secondStore.close() }
        #expect(recovery.skipped == [])
        #expect(second.handle(.make("GET", "/v1/sessions/s/events?after=0&limit=1000")).text == beforeLast)
        let skipped = second.restoredOnFirstUse.skipped
        #expect(skipped.count == 1 && skipped[0].contains("replays differently"), "\(skipped)")
        #expect(second.handle(.make("GET", "/v1/sessions/s/stack")).text == stack)
    }

    /// The store keeps what the log holds (and what the snapshot does not yet include), not the
    /// history: with a log of 50 events, 300 operations leave a few rows, and the log after a
    /// restart is the log before it.
    @Test func storedOperations_areBoundedByTheLogsRetention() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let configuration = ServiceConfiguration(eventLogCapacity: 50)
        let (first, firstStore, _) = try Self.recovered(directory, configuration)
        #expect(first.handle(.make("PUT", "/v1/sessions/s", json: #"{"storyboard": "demo"}"#)).status == 201)
        Self.cycle(300, on: "s", in: first)
        let log = first.handle(.make("GET", "/v1/sessions/s/events?after=0&limit=1000")).text
        firstStore.close()
        let rows = try SQLiteConnection(path: firstStore.path).integer("SELECT count(*) FROM operations WHERE first_sequence >= 0")
        // 50 events are a handful of operations; the rows not yet folded into the snapshot at most 64
        // (`Persistence.foldEvery`).
        #expect(rows > 0 && rows <= 64 + 10, "\(rows) rows")
        let (second, secondStore, _) = try Self.recovered(directory, configuration)
        defer { secondStore.close() }
        #expect(second.handle(.make("GET", "/v1/sessions/s/events?after=0&limit=1000")).text == log)
    }

    /// A deleted session's operations go with it, and a new session under its id starts its own log.
    @Test func aDeletedSessionsOperations_goWithIt() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore, _) = try Self.recovered(directory)
        #expect(first.handle(.make("PUT", "/v1/sessions/x", json: #"{"storyboard": "demo"}"#)).status == 201)
        Self.cycle(5, on: "x", in: first)
        #expect(first.handle(.make("DELETE", "/v1/sessions/x")).status == 200)
        #expect(first.handle(.make("PUT", "/v1/sessions/x", json: #"{"storyboard": "demo"}"#)).status == 201)
        let log = first.handle(.make("GET", "/v1/sessions/x/events?after=0&limit=1000")).text
        firstStore.close()
        let (second, secondStore, recovery) = try Self.recovered(directory)
        defer { secondStore.close() }
        // The new session's launch row alone (the old one's went with it).
        #expect(recovery.rows == 2)
        #expect(second.handle(.make("GET", "/v1/sessions/x/events?after=0&limit=1000")).text == log)
        #expect(second.restoredOnFirstUse.operations == 1)
    }
}
