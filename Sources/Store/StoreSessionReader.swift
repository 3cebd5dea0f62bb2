import Synchronization

/// Reads one session's rows when it is first used (the start reads only their index:
/// ``DurableStore/loadIndex(storyboards:sessions:rows:)``), on connections of its own beside the
/// writer's: SQLite's write-ahead log lets them read while the writer commits. Each read is one
/// read transaction, so that it sees one committed state.
///
/// Connections are kept for the next read, up to ``keptConnections`` (each with a page cache of
/// ``pageCacheBytes``, counted in the memory budget with the writer's); a read that finds none
/// free opens one, so that sessions restored at the same time do not wait for each other.
final class StoreSessionReader: Sendable {
    static let keptConnections = 2
    static let pageCacheBytes = 256 << 10

    private let path: String
    private let idle = Mutex<[ReaderConnection]>([])

    init(path: String) {
        self.path = path
    }

    /// The session `id` of `incarnation`, with its idempotency answers and the rows `operationRows`
    /// and `walkRows` (those still stored); `nil` when the store no longer holds the session.
    func read(id: String, incarnation: Int, operationRows: [Int], walkRows: [Int]) throws(StoreError) -> StoredSession? {
        let reader: ReaderConnection
        if let kept = idle.withLock({ $0.popLast() }) {
            reader = kept
        } else {
            do throws(SQLiteError) {
                reader = try ReaderConnection(path: path)
            } catch {
                throw StoreError.classify(error, path: path)
            }
        }
        defer {
            idle.withLock { connections in
                if connections.count < Self.keptConnections { connections.append(reader) }
            }
        }
        do throws(SQLiteError) {
            return try reader.read(id: id, incarnation: incarnation, operationRows: operationRows, walkRows: walkRows)
        } catch {
            if reader.connection.inTransaction { try? reader.connection.execute("ROLLBACK") }
            throw StoreError.classify(error, path: path)
        }
    }

    /// Closes the kept connections (the store is closing).
    func close() { idle.withLock { $0.removeAll() } }
}

/// A reading connection and its prepared statements, used by one read at a time.
private final class ReaderConnection: @unchecked Sendable {
    let connection: SQLiteConnection
    private let session: SQLiteStatement
    private let keys: SQLiteStatement
    private let row: SQLiteStatement

    init(path: String) throws(SQLiteError) {
        connection = try SQLiteConnection(path: path)
        try connection.execute("PRAGMA cache_size = -\(StoreSessionReader.pageCacheBytes >> 10); PRAGMA query_only = 1")
        session = try connection.prepare(
            "SELECT id, incarnation, storyboard, revision, event_sequence, snapshot FROM sessions WHERE id = ?1 AND incarnation = ?2")
        keys = try connection.prepare("""
            SELECT session, incarnation, key, position, fingerprint, status, headers, body FROM idempotency
            WHERE session = ?1 AND incarnation = ?2 ORDER BY position
            """)
        row = try connection.prepare(
            "SELECT session, incarnation, first_sequence, last_sequence, body FROM operations WHERE rowid = ?1")
    }

    func read(id: String, incarnation: Int, operationRows: [Int], walkRows: [Int]) throws(SQLiteError) -> StoredSession? {
        try connection.execute("BEGIN")
        defer {
            session.reset()
            keys.reset()
            row.reset()
            try? connection.execute("COMMIT")
        }
        try session.bind([.text(id), .int(incarnation)])
        guard try session.step() else { return nil }
        let record = SessionRecord(
            id: session.text(0) ?? "", incarnation: session.int(1), storyboardID: session.text(2) ?? "", revision: session.int(3),
            eventSequence: session.int(4), snapshot: session.blob(5))
        var answers: [IdempotencyRecord] = []
        try keys.bind([.text(id), .int(incarnation)])
        while try keys.step() {
            answers.append(IdempotencyRecord(
                session: keys.text(0) ?? "", incarnation: keys.int(1), key: keys.text(2) ?? "", position: keys.int(3),
                fingerprint: keys.int(4), status: keys.int(5), headers: keys.blob(6), body: keys.blob(7)))
        }
        var operations: [StoredOperation] = []
        operations.reserveCapacity(operationRows.count)
        for number in operationRows {
            try row.bind([.int(number)])
            guard try row.step() else { continue }
            operations.append(StoredOperation(
                row: number, session: row.text(0) ?? "", incarnation: row.int(1), firstSequence: row.int(2), lastSequence: row.int(3),
                body: row.blob(4)))
        }
        var steps: [StoredWalkStep] = []
        for number in walkRows {
            try row.bind([.int(number)])
            guard try row.step() else { continue }
            steps.append(StoredWalkStep(row: number, session: row.text(0) ?? "", incarnation: row.int(1), body: row.blob(4)))
        }
        return StoredSession(record: record, keys: answers, operations: operations, walkSteps: steps)
    }
}
