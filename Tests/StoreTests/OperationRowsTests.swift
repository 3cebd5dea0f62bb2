import Foundation
import HTTPServer
import SeguedService
@testable import Store
import Testing

/// The operations table has no index (schema 4): a session keeps its rows and the store deletes
/// them by row. So an ended session's rows must go with it, rows given after a restart must not
/// land on loaded ones, and rows a restored session's log did not take must not stay to be read
/// before its later ones.
struct OperationRowsTests {
    static func rows(_ directory: TemporaryStateDirectory, of session: String) throws -> Int {
        let connection = try SQLiteConnection(path: directory.path + "/" + DurableStore.fileName)
        return try connection.integer("SELECT count(*) FROM operations WHERE session = '\(session)' AND first_sequence >= 0")
    }

    @Test func aDeletedSessionsRows_andAnExpiredOnesRows_leaveTheStore() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let store = try directory.open()
        let service = SeguedService(configuration: ServiceConfiguration(sessionTTL: .milliseconds(200)), store: store)
        _ = try service.recover()
        for id in ["deleted", "expired", "kept"] {
            #expect(service.handle(.make("PUT", "/v1/sessions/\(id)", json: #"{"storyboard": "demo"}"#)).status == 201)
            EventLogDurabilityTests.cycle(5, on: id, in: service)
        }
        #expect(service.handle(.make("DELETE", "/v1/sessions/deleted")).status == 200)
        Thread.sleep(forTimeInterval: 0.25)
        _ = service.handle(.make("GET", "/v1/sessions/kept"))
        #expect(service.expireIdleSessions() == ["expired"])
        store.close()
        #expect(try Self.rows(directory, of: "deleted") == 0)
        #expect(try Self.rows(directory, of: "expired") == 0)
        // The launch and five operations.
        #expect(try Self.rows(directory, of: "kept") == 6)
    }

    /// Three starts, with operations between them: each start's rows go after the ones it loaded,
    /// so every start answers the whole log (a row written over an older one would lose it).
    @Test func rowsGivenAfterARestart_goPastTheLoadedOnes() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        var expected = ""
        for start in 0..<3 {
            let (service, store, recovery) = try EventLogDurabilityTests.recovered(directory)
            #expect(recovery.skipped == [] && recovery.deletedRows == 0)
            if start == 0 {
                #expect(service.handle(.make("PUT", "/v1/sessions/s", json: #"{"storyboard": "demo"}"#)).status == 201)
            } else {
                #expect(service.handle(.make("GET", "/v1/sessions/s/events?after=0&limit=1000")).text == expected)
                #expect(service.restoredOnFirstUse.operations == 1 + 4 * start)
            }
            EventLogDurabilityTests.cycle(4, on: "s", in: service)
            expected = service.handle(.make("GET", "/v1/sessions/s/events?after=0&limit=1000")).text
            store.close()
        }
        #expect(try Self.rows(directory, of: "s") == 1 + 4 * 3)
    }

    /// A row of an earlier session under the same id (left by a crash between a session's end and
    /// its deletion's commit) is deleted at start; the session's own rows stay, and so do the rows
    /// of a session that was not restored (for an operator to look at).
    @Test func rowsARestoredSessionsLogDidNotTake_areDeletedAtStart() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore, _) = try EventLogDurabilityTests.recovered(directory)
        #expect(first.handle(.make("PUT", "/v1/sessions/s", json: #"{"storyboard": "demo"}"#)).status == 201)
        EventLogDurabilityTests.cycle(2, on: "s", in: first)
        let log = first.handle(.make("GET", "/v1/sessions/s/events?after=0&limit=1000")).text
        firstStore.close()
        let connection = try SQLiteConnection(path: directory.path + "/" + DurableStore.fileName)
        try connection.execute("""
            INSERT INTO operations (rowid, session, incarnation, first_sequence, last_sequence, body)
                SELECT 1000, session, incarnation - 1, first_sequence, last_sequence, body FROM operations WHERE session = 's' AND first_sequence >= 0 LIMIT 1;
            INSERT INTO operations (rowid, session, incarnation, first_sequence, last_sequence, body)
                SELECT 1001, 'gone', incarnation, first_sequence, last_sequence, body FROM operations WHERE session = 's' AND first_sequence >= 0 LIMIT 1;
            """)

        let (second, secondStore, recovery) = try EventLogDurabilityTests.recovered(directory)
        #expect(recovery.skipped == [] && recovery.deletedRows == 1)
        #expect(second.handle(.make("GET", "/v1/sessions/s/events?after=0&limit=1000")).text == log)
        #expect(second.restoredOnFirstUse.operations == 3 && second.restoredOnFirstUse.deletedRows == 0)
        EventLogDurabilityTests.cycle(1, on: "s", in: second)
        secondStore.close()
        #expect(try connection.integer("SELECT count(*) FROM operations WHERE rowid = 1000") == 0)
        #expect(try Self.rows(directory, of: "s") == 4)
        #expect(try Self.rows(directory, of: "gone") == 1)
        // The next operation's row went past the highest loaded (1001), not onto it.
        #expect(try connection.integer("SELECT max(rowid) FROM operations WHERE session = 's' AND first_sequence >= 0") == 1002)
    }
}
