import Foundation
@testable import Store
import Testing

/// The store alone: what is committed is loaded back, later states win, the lock, the schema.
struct DurableStoreTests {
    static func session(_ id: String, incarnation: Int = 1, revision: Int, sequence: Int) -> SessionRecord {
        SessionRecord(
            id: id, incarnation: incarnation, storyboardID: "sb-1", revision: revision, eventSequence: sequence,
            snapshot: Array("rev \(revision) seq \(sequence)".utf8))
    }

    static func loaded(_ store: DurableStore) throws -> (storyboards: [StoryboardRecord], sessions: [SessionRecord]) {
        var storyboards: [StoryboardRecord] = []
        var sessions: [SessionRecord] = []
        try store.load(storyboards: { storyboards.append($0) }, sessions: { sessions.append($0) })
        return (storyboards, sessions)
    }

    @Test(arguments: FsyncPolicy.allCases)
    func committedWrites_areLoadedBackAfterReopening(policy: FsyncPolicy) throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let board = StoryboardRecord(id: "sb-1", document: Array(#"{"a":1}"#.utf8), warnings: Array("[]".utf8))
        do {
            let store = try directory.open(policy)
            #expect(store.write([.storyboard(board), .session(Self.session("a", revision: 1, sequence: 3))]) == nil)
            #expect(store.write([.session(Self.session("a", revision: 2, sequence: 5)), .session(Self.session("b", revision: 1, sequence: 2))]) == nil)
            #expect(store.write([.deleteSession(id: "b", incarnation: 1)]) == nil)
            store.close()
        }
        let reopened = try directory.open(policy)
        defer { reopened.close() }
        let (storyboards, sessions) = try Self.loaded(reopened)
        #expect(storyboards == [board])
        #expect(sessions == [Self.session("a", revision: 2, sequence: 5)])
    }

    /// Two operations on a session may reach the writer in either order: the later state stays.
    @Test func anEarlierState_neverReplacesALaterOne() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let store = try directory.open()
        defer { store.close() }
        #expect(store.write([.session(Self.session("a", revision: 3, sequence: 9))]) == nil)
        #expect(store.write([.session(Self.session("a", revision: 2, sequence: 7))]) == nil)
        // An operation that was not performed moves the event sequence only.
        #expect(store.write([.session(Self.session("a", revision: 3, sequence: 8))]) == nil)
        #expect(try Self.loaded(store).sessions == [Self.session("a", revision: 3, sequence: 9)])
        #expect(store.write([.session(Self.session("a", revision: 3, sequence: 11))]) == nil)
        #expect(try Self.loaded(store).sessions == [Self.session("a", revision: 3, sequence: 11)])
    }

    /// A session deleted and made again under its id: the old one's delete leaves the new one.
    @Test func aDeletedSessionsWrites_leaveItsSuccessorUnderTheSameID() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let store = try directory.open()
        defer { store.close() }
        let successor = Self.session("a", incarnation: 2, revision: 1, sequence: 2)
        #expect(store.write([.session(Self.session("a", incarnation: 1, revision: 5, sequence: 20))]) == nil)
        #expect(store.write([.session(successor), .deleteSession(id: "a", incarnation: 1)]) == nil)
        #expect(store.write([.session(Self.session("a", incarnation: 1, revision: 6, sequence: 22))]) == nil)
        #expect(try Self.loaded(store).sessions == [successor])
        #expect(store.write([.deleteSession(id: "a", incarnation: 2)]) == nil)
        #expect(try Self.loaded(store).sessions.isEmpty)
    }

    /// Many writers at once share batches (group commit), and every write is there. Threads of
    /// their own, as the server's are: a task group ran on as many threads as cores.
    @Test func concurrentWriters_shareBatches_andLoseNothing() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let store = try directory.open(.always)
        let done = DispatchSemaphore(value: 0)
        for writer in 0..<8 {
            Thread {
                for revision in 1...50 {
                    #expect(store.write([.session(Self.session("s\(writer)", revision: revision, sequence: revision))]) == nil)
                }
                done.signal()
            }.start()
        }
        for _ in 0..<8 { done.wait() }
        let (batches, writes) = store.committed
        #expect(writes == 400)
        #expect(batches < 400, "no batch was shared: \(batches) batches")
        store.close()
        let reopened = try directory.open()
        defer { reopened.close() }
        #expect(try Self.loaded(reopened).sessions.map(\.revision) == Array(repeating: 50, count: 8))
    }

    @Test func aSecondStore_onTheSameDirectory_isRefusedWithThePID() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let store = try directory.open()
        #expect {
            _ = try directory.open()
        } throws: { error in
            guard case .locked(let locked, let holder) = error as? StoreError else { return false }
            return locked == directory.path && holder == String(getpid())
                && "\(error)".contains("is in use by another segued (pid \(getpid()))")
        }
        store.close()
        let again = try directory.open()
        again.close()
    }

    @Test func aStoreWrittenByANewerSegued_isRefused_andLeftAsItWas() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let store = try directory.open()
        #expect(store.migratedFrom == nil)
        store.close()
        let connection = try SQLiteConnection(path: directory.path + "/" + DurableStore.fileName)
        try connection.execute("PRAGMA user_version = \(StoreSchema.version + 1)")
        #expect {
            _ = try directory.open()
        } throws: { error in
            guard case .newerSchema(_, let found, let newest) = error as? StoreError else { return false }
            return found == StoreSchema.version + 1 && newest == StoreSchema.version
                && "\(error)".contains("was written by a newer segued")
        }
        #expect(try connection.integer("PRAGMA user_version") == StoreSchema.version + 1)
    }

    /// A store as an older segued left it: WAL mode, then `sql` in order (its tables, its rows, its
    /// `user_version`).
    static func writeOldStore(in directory: TemporaryStateDirectory, _ sql: String...) throws {
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let old = try SQLiteConnection(path: directory.path + "/" + DurableStore.fileName)
        try old.execute("PRAGMA journal_mode = WAL")
        for statements in sql { try old.execute(statements) }
    }

    /// A store written by the first format (schema 1: storyboards and sessions, before idempotency
    /// keys were kept) opens, migrated, with everything it held.
    @Test func aSchema1Store_isMigrated_keepingWhatItHeld() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        try Self.writeOldStore(in: directory, StoreSchema.create, """
            INSERT INTO storyboards VALUES ('sb-1', X'7B7D', X'5B5D');
            INSERT INTO sessions VALUES ('a', 7, 'sb-1', 3, 9, X'61');
            PRAGMA user_version = 1;
            """)
        let store = try directory.open()
        defer { store.close() }
        #expect(store.migratedFrom == 1)
        let (storyboards, sessions) = try Self.loaded(store)
        #expect(storyboards == [StoryboardRecord(id: "sb-1", document: Array("{}".utf8), warnings: Array("[]".utf8))])
        #expect(sessions == [SessionRecord(id: "a", incarnation: 7, storyboardID: "sb-1", revision: 3, eventSequence: 9, snapshot: [0x61])])
        let key = IdempotencyRecord(
            session: "a", incarnation: 7, key: "k", position: 1, fingerprint: -5, status: 200, headers: Array("ETag\u{0}\"3\"\u{0}".utf8),
            body: [1, 2])
        #expect(store.write([.idempotent(key)]) == nil)
        var keys: [IdempotencyRecord] = []
        try store.load(storyboards: { _ in }, sessions: { _ in }, keys: { keys.append($0) })
        #expect(keys == [key])
        #expect(try SQLiteConnection(path: store.path).integer("PRAGMA user_version") == StoreSchema.version)
    }

    /// A store written by schema 3 (operations keyed by session in a `WITHOUT ROWID` table) opens
    /// with its operations copied into the appended table, each session's in its order (rows 1, 2,
    /// 3 by session, then first event); later rows go after them and are deleted by row.
    @Test func aSchema3Store_isMigrated_keepingItsOperations() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        // Stored out of session order, as concurrent sessions interleave.
        try Self.writeOldStore(in: directory, StoreSchema.create, StoreSchema.idempotency, StoreSchema.operationsVersion3, """
            INSERT INTO sessions VALUES ('a', 7, 'sb-1', 3, 9, X'61');
            INSERT INTO operations VALUES ('b', 8, 1, 4, X'01');
            INSERT INTO operations VALUES ('a', 7, 13, 20, X'0D');
            INSERT INTO operations VALUES ('a', 7, 5, 12, X'05');
            PRAGMA user_version = 3;
            """)
        let store = try directory.open()
        defer { store.close() }
        #expect(store.migratedFrom == 3)
        func operations() throws -> [StoredOperation] {
            var loaded: [StoredOperation] = []
            try store.load(storyboards: { _ in }, sessions: { _ in }, operations: { loaded.append($0) })
            return loaded
        }
        #expect(try operations() == [Self.row(1, "a", 5, 12), Self.row(2, "a", 13, 20), Self.row(3, "b", 1, 4, incarnation: 8)])
        let connection = try SQLiteConnection(path: store.path)
        #expect(try connection.integer("PRAGMA user_version") == StoreSchema.version)
        #expect(try connection.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'operations_version3'") == 0)

        #expect(store.write([.operation(Self.row(4, "a", 21, 30)), .deleteOperations(rows: [1, 3])]) == nil)
        #expect(try operations() == [Self.row(2, "a", 13, 20), Self.row(4, "a", 21, 30)])
    }

    /// A store written by schema 5 (walk steps in a `walks` table, their rows from the same count as
    /// the operations') opens with its walk steps appended to the operations table past its last
    /// row, in their order, loaded back as walk steps; later steps go after them and are deleted by row.
    @Test func aSchema5Store_isMigrated_keepingItsWalks() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        try Self.writeOldStore(in: directory, StoreSchema.create, StoreSchema.idempotency, StoreSchema.operations, StoreSchema.walksVersion5, """
            INSERT INTO operations (rowid, session, incarnation, first_sequence, last_sequence, body) VALUES (1, 'a', 7, 1, 4, X'01');
            INSERT INTO walks (rowid, session, incarnation, body) VALUES (2, 'a', 7, X'0A');
            INSERT INTO operations (rowid, session, incarnation, first_sequence, last_sequence, body) VALUES (3, 'a', 7, 5, 9, X'05');
            INSERT INTO walks (rowid, session, incarnation, body) VALUES (4, 'a', 7, X'0B');
            INSERT INTO walks (rowid, session, incarnation, body) VALUES (5, 'b', 8, X'0C');
            PRAGMA user_version = 5;
            """)
        let store = try directory.open()
        defer { store.close() }
        #expect(store.migratedFrom == 5)
        func loaded() throws -> ([StoredOperation], [StoredWalkStep]) {
            var operations: [StoredOperation] = []
            var steps: [StoredWalkStep] = []
            try store.load(storyboards: { _ in }, sessions: { _ in }, operations: { operations.append($0) }, walks: { steps.append($0) })
            return (operations, steps)
        }
        func step(_ row: Int, _ session: String, _ body: UInt8, incarnation: Int = 7) -> StoredWalkStep {
            StoredWalkStep(row: row, session: session, incarnation: incarnation, body: [body])
        }
        var (operations, steps) = try loaded()
        #expect(operations == [Self.row(1, "a", 1, 4), Self.row(3, "a", 5, 9)])
        #expect(steps == [step(5, "a", 0x0A), step(7, "a", 0x0B), step(8, "b", 0x0C, incarnation: 8)])
        let connection = try SQLiteConnection(path: store.path)
        #expect(try connection.integer("PRAGMA user_version") == StoreSchema.version)
        #expect(try connection.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'walks'") == 0)

        #expect(store.write([.walkStep(step(9, "a", 0x0D)), .operation(Self.row(10, "a", 10, 12)), .deleteWalkSteps(rows: [5, 8])]) == nil)
        (operations, steps) = try loaded()
        #expect(operations == [Self.row(1, "a", 1, 4), Self.row(3, "a", 5, 9), Self.row(10, "a", 10, 12)])
        #expect(steps == [step(7, "a", 0x0B), step(9, "a", 0x0D)])
    }

    /// A stored operation for tests: its body is its first event's number.
    static func row(_ row: Int, _ session: String, _ first: Int, _ last: Int, incarnation: Int = 7) -> StoredOperation {
        StoredOperation(row: row, session: session, incarnation: incarnation, firstSequence: first, lastSequence: last, body: [UInt8(first)])
    }

    /// A store written by schema 2 (before operations were kept) opens, migrated, with what it
    /// held, and then keeps operations: loaded back in the order of their rows, a row written again
    /// replaced, rows deleted by row (a session's deletion leaves them to that).
    @Test func aSchema2Store_isMigrated_andKeepsOperations() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        try Self.writeOldStore(in: directory, StoreSchema.create, StoreSchema.idempotency, """
            INSERT INTO storyboards VALUES ('sb-1', X'7B7D', X'5B5D');
            INSERT INTO sessions VALUES ('a', 7, 'sb-1', 3, 9, X'61');
            INSERT INTO idempotency VALUES ('a', 7, 'k', 1, -5, 200, X'', X'0102');
            PRAGMA user_version = 2;
            """)
        let store = try directory.open()
        defer { store.close() }
        #expect(store.migratedFrom == 2)
        var keys: [IdempotencyRecord] = []
        var sessions: [SessionRecord] = []
        var operations: [StoredOperation] = []
        try store.load(storyboards: { _ in }, sessions: { sessions.append($0) }, keys: { keys.append($0) }, operations: { operations.append($0) })
        #expect(sessions == [SessionRecord(id: "a", incarnation: 7, storyboardID: "sb-1", revision: 3, eventSequence: 9, snapshot: [0x61])])
        #expect(keys.map(\.key) == ["k"] && operations == [])
        #expect(try SQLiteConnection(path: store.path).integer("PRAGMA user_version") == StoreSchema.version)

        // Written out of row order (two sessions' batches crossing), loaded in it.
        #expect(store.write([.operation(Self.row(1, "a", 9, 12)), .operation(Self.row(3, "a", 13, 20)), .operation(Self.row(2, "b", 1, 4, incarnation: 8))]) == nil)
        var replaced = Self.row(3, "a", 13, 20)
        replaced.body = [0xFF]
        #expect(store.write([.operation(Self.row(4, "a", 21, 22)), .operation(replaced), .deleteOperations(rows: [1])]) == nil)
        operations = []
        try store.load(storyboards: { _ in }, sessions: { _ in }, operations: { operations.append($0) })
        #expect(operations == [Self.row(2, "b", 1, 4, incarnation: 8), replaced, Self.row(4, "a", 21, 22)])
        #expect(store.write([.deleteSession(id: "a", incarnation: 7), .deleteOperations(rows: [3, 4])]) == nil)
        operations = []
        sessions = []
        try store.load(storyboards: { _ in }, sessions: { sessions.append($0) }, operations: { operations.append($0) })
        #expect(operations == [Self.row(2, "b", 1, 4, incarnation: 8)] && sessions == [])
    }

    /// A session keeps its latest keys only, and its keys go with it.
    @Test func idempotencyKeys_areBoundedPerSession_andDeletedWithIt() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let store = try directory.open()
        defer { store.close() }
        let writes: [StoreWrite] = (1...300).map { position in
            .idempotent(IdempotencyRecord(
                session: "a", incarnation: 1, key: "k\(position)", position: position, fingerprint: position, status: 200, headers: [],
                body: []))
        }
        #expect(store.write(writes) == nil)
        var keys: [IdempotencyRecord] = []
        try store.load(storyboards: { _ in }, sessions: { _ in }, keys: { keys.append($0) })
        #expect(keys.map(\.position) == Array(45...300))
        #expect(store.write([.deleteSession(id: "a", incarnation: 1)]) == nil)
        keys = []
        try store.load(storyboards: { _ in }, sessions: { _ in }, keys: { keys.append($0) })
        #expect(keys.isEmpty)
    }

    @Test func aFileThatIsNotADatabase_isReportedAsDamaged_namingTheFile() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let path = directory.path + "/" + DurableStore.fileName
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try directory.open()
        } throws: { error in
            guard case .damaged(let named, _) = error as? StoreError else { return false }
            return named == path && "\(error)".contains(".recover")
        }
    }
}
