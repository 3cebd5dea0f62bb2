import Foundation

/// What ``DurableStore/commit(_:)`` hands back: the batch the writes went into.
public struct CommitTicket: Sendable {
    let batch: UInt64
}

/// The store's one writer thread: it takes every write that arrived while the last transaction ran
/// and commits them together (group commit), so that concurrent requests share a transaction and,
/// with `--fsync always`, a sync. Requests wait for their batch (``wait(_:)``), not for others'.
///
/// `@unchecked Sendable`: every mutable member is read and written only with `condition` held,
/// and the connection is used only with `connectionLock` held (by the writer thread, or by the
/// loader through ``withConnection(_:)`` before any write).
final class StoreWriter: @unchecked Sendable {
    private let connection: SQLiteConnection
    private let connectionLock = NSLock()
    private let policy: FsyncPolicy
    private let onFatal: @Sendable (StoreError) -> Void
    private let condition = NSCondition()
    private var pending: [StoreWrite] = []
    /// The writes of batches refused for a full disk, written first when space returns.
    private var retry: [StoreWrite] = []
    private var openBatch: UInt64 = 1
    private var committedThrough: UInt64 = 0
    /// Failed batches (a full disk), kept for their waiters; the oldest are dropped.
    private var failures: [UInt64: StoreError] = [:]
    /// What to run when a batch has committed (or failed), by batch: a held-back response's gate.
    private var callbacks: [UInt64: [@Sendable (StoreError?) -> Void]] = [:]
    private var stopping = false
    private var stopped = false
    private var diskFull = false
    private var batches = 0
    private var writes = 0
    private var statements: Statements?

    init(connection: SQLiteConnection, policy: FsyncPolicy, onFatal: @escaping @Sendable (StoreError) -> Void) {
        self.connection = connection
        self.policy = policy
        self.onFatal = onFatal
        let thread = Thread { [self] in run() }
        thread.name = "segued-store"
        thread.start()
    }

    func withConnection<T>(_ body: (SQLiteConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        connectionLock.lock()
        defer { connectionLock.unlock() }
        return try body(connection)
    }

    func submit(_ writes: [StoreWrite]) -> CommitTicket {
        condition.lock()
        defer { condition.unlock() }
        if stopping { return CommitTicket(batch: .max) }
        pending.append(contentsOf: writes)
        condition.broadcast()
        return CommitTicket(batch: openBatch)
    }

    func wait(_ ticket: CommitTicket) -> StoreError? {
        if ticket.batch == .max { return .closed }
        condition.lock()
        defer { condition.unlock() }
        while committedThrough < ticket.batch {
            if stopped { return .closed }
            condition.wait()
        }
        return failures[ticket.batch]
    }

    /// Runs `body` on the writer thread once the batch of `ticket` has committed, with its failure
    /// if it failed; at once (on this thread) when it already has.
    func whenCommitted(_ ticket: CommitTicket, _ body: @escaping @Sendable (StoreError?) -> Void) {
        if ticket.batch == .max { return body(.closed) }
        condition.lock()
        guard committedThrough < ticket.batch else {
            let failure = failures[ticket.batch]
            condition.unlock()
            return body(failure)
        }
        if stopped {
            condition.unlock()
            return body(.closed)
        }
        callbacks[ticket.batch, default: []].append(body)
        condition.unlock()
    }

    var isDiskFull: Bool {
        condition.lock()
        defer { condition.unlock() }
        return diskFull
    }

    var counts: (batches: Int, writes: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (batches, writes)
    }

    /// Commits what is queued, then checkpoints (syncing the WAL into the database) and stops.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while pending.isEmpty, !stopping {
                // A second at most: a full disk is retried on this tick (StoreCheckpointer syncs).
                if !condition.wait(until: Date(timeIntervalSinceNow: 1)) { break }
            }
            let batch = openBatch
            let taken = retry + pending
            // Tickets name the open batch: it closes only when it holds a request's writes.
            let closesBatch = !pending.isEmpty
            let isLast = stopping
            if closesBatch { openBatch += 1 }
            pending = []
            retry = []
            condition.unlock()

            var failure: StoreError?
            if !taken.isEmpty {
                failure = commit(taken)
            }
            condition.lock()
            var toRun: [@Sendable (StoreError?) -> Void] = []
            if closesBatch {
                committedThrough = batch
                if let failure {
                    failures[batch] = failure
                    failures[batch &- 1024] = nil
                }
                toRun = callbacks.removeValue(forKey: batch) ?? []
            }
            if !taken.isEmpty {
                if case .diskFull = failure {
                    retry = taken
                    diskFull = true
                } else {
                    diskFull = false
                    batches += 1
                    writes += taken.count
                }
            }
            condition.broadcast()
            condition.unlock()
            for callback in toRun { callback(failure) }
            // After `stopping` no write is queued: this was the last batch.
            if isLast { break }
        }
        // Everything into the database file, the WAL emptied, before ``stop()`` returns.
        checkpoint("TRUNCATE")
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// One transaction of `taken`; a full disk is returned (the batch is retried with the next), any
    /// other failure is fatal.
    private func commit(_ taken: [StoreWrite]) -> StoreError? {
        connectionLock.lock()
        defer { connectionLock.unlock() }
        do throws(SQLiteError) {
            let statements = try prepared()
            try statements.begin.run()
            for write in taken { try statements.run(write) }
            try statements.commit.run()
            return nil
        } catch {
            if connection.inTransaction { try? connection.execute("ROLLBACK") }
            let classified = StoreError.classify(error, path: connection.path)
            if case .diskFull = classified { return classified }
            onFatal(classified)
            return classified
        }
    }

    /// One transaction of `writes` now, on the caller's thread (between the writer's batches): its
    /// failure is returned, not fatal. For a session restored on first use, whose clean-up must be
    /// stored before it is used, and may meet a damaged page the start did not read.
    func commitNow(_ writes: [StoreWrite]) throws(StoreError) {
        connectionLock.lock()
        defer { connectionLock.unlock() }
        do throws(SQLiteError) {
            let statements = try prepared()
            try connection.execute("BEGIN IMMEDIATE")
            for write in writes { try statements.run(write) }
            try connection.execute("COMMIT")
        } catch {
            if connection.inTransaction { try? connection.execute("ROLLBACK") }
            throw StoreError.classify(error, path: connection.path)
        }
    }

    private func checkpoint(_ mode: String) {
        connectionLock.lock()
        defer { connectionLock.unlock() }
        do throws(SQLiteError) {
            _ = try connection.texts("PRAGMA wal_checkpoint(\(mode))")
        } catch {
            // A checkpoint that cannot sync is a failed fsync: PostgreSQL's lesson is not to retry.
            if error.isIOError { onFatal(.sqlite(error)) }
        }
    }

    private func prepared() throws(SQLiteError) -> Statements {
        if let statements { return statements }
        let made = try Statements(connection)
        statements = made
        return made
    }
}

/// The writer's prepared statements, made once on its thread: the transaction's `BEGIN` and
/// `COMMIT` too, which `sqlite3_exec` parsed and prepared again at each commit (about 11,000
/// instructions of a commit's 28,700 in `sqlite3_exec`).
private struct Statements {
    let begin: SQLiteStatement
    let commit: SQLiteStatement
    let putStoryboard: SQLiteStatement
    let deleteStoryboard: SQLiteStatement
    let putSession: SQLiteStatement
    let deleteSession: SQLiteStatement
    let deleteKeys: SQLiteStatement
    let putKey: SQLiteStatement
    let pruneKeys: SQLiteStatement
    let putOperation: SQLiteStatement
    let deleteOperation: SQLiteStatement
    let putWalkStep: SQLiteStatement
    let deleteWalkStep: SQLiteStatement

    init(_ connection: SQLiteConnection) throws(SQLiteError) {
        begin = try connection.prepare("BEGIN IMMEDIATE")
        commit = try connection.prepare("COMMIT")
        putStoryboard = try connection.prepare("INSERT OR REPLACE INTO storyboards (id, document, warnings) VALUES (?1, ?2, ?3)")
        deleteStoryboard = try connection.prepare("DELETE FROM storyboards WHERE id = ?1")
        // A later state never gives way to an earlier one that reached the writer after it.
        putSession = try connection.prepare("""
            INSERT INTO sessions (id, incarnation, storyboard, revision, event_sequence, snapshot) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (id) DO UPDATE SET incarnation = excluded.incarnation, storyboard = excluded.storyboard,
                revision = excluded.revision, event_sequence = excluded.event_sequence, snapshot = excluded.snapshot
            WHERE (excluded.incarnation, excluded.revision, excluded.event_sequence)
                >= (sessions.incarnation, sessions.revision, sessions.event_sequence)
            """)
        deleteSession = try connection.prepare("DELETE FROM sessions WHERE id = ?1 AND incarnation <= ?2")
        deleteKeys = try connection.prepare("DELETE FROM idempotency WHERE session = ?1 AND incarnation <= ?2")
        putKey = try connection.prepare("""
            INSERT OR REPLACE INTO idempotency (session, incarnation, key, position, fingerprint, status, headers, body)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        // Keys of an earlier session under the id, and keys beyond the kept number.
        pruneKeys = try connection.prepare(
            "DELETE FROM idempotency WHERE session = ?1 AND (incarnation < ?2 OR position <= ?3)")
        putOperation = try connection.prepare(
            "INSERT OR REPLACE INTO operations (rowid, session, incarnation, first_sequence, last_sequence, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        deleteOperation = try connection.prepare(StoreSchema.deleteOperation)
        putWalkStep = try connection.prepare("""
            INSERT OR REPLACE INTO operations (rowid, session, incarnation, first_sequence, last_sequence, body)
            VALUES (?1, ?2, ?3, \(StoreSchema.walkStepSequence), \(StoreSchema.walkStepSequence), ?4)
            """)
        deleteWalkStep = try connection.prepare(StoreSchema.deleteWalkStep)
    }

    func run(_ write: StoreWrite) throws(SQLiteError) {
        switch write {
        case .storyboard(let record):
            try putStoryboard.run([.text(record.id), .blob(record.document), .blob(record.warnings)])
        case .deleteStoryboard(let id):
            try deleteStoryboard.run([.text(id)])
        case .session(let record):
            try putSession.bind(1, record.id)
            try putSession.bind(2, record.incarnation)
            try putSession.bind(3, record.storyboardID)
            try putSession.bind(4, record.revision)
            try putSession.bind(5, record.eventSequence)
            try putSession.bind(6, record.snapshot)
            try putSession.runBound()
        case .deleteSession(let id, let incarnation):
            try deleteSession.run([.text(id), .int(incarnation)])
            try deleteKeys.run([.text(id), .int(incarnation)])
        case .operation(let row):
            try putOperation.bind(1, row.row)
            try putOperation.bind(2, row.session)
            try putOperation.bind(3, row.incarnation)
            try putOperation.bind(4, row.firstSequence)
            try putOperation.bind(5, row.lastSequence)
            try putOperation.bind(6, row.body)
            try putOperation.runBound()
        case .deleteOperations(let rows):
            for row in rows {
                try deleteOperation.bind(1, row)
                try deleteOperation.runBound()
            }
        case .walkStep(let step):
            try putWalkStep.bind(1, step.row)
            try putWalkStep.bind(2, step.session)
            try putWalkStep.bind(3, step.incarnation)
            try putWalkStep.bind(4, step.body)
            try putWalkStep.runBound()
        case .deleteWalkSteps(let rows):
            for row in rows {
                try deleteWalkStep.bind(1, row)
                try deleteWalkStep.runBound()
            }
        case .idempotent(let record):
            try pruneKeys.run([.text(record.session), .int(record.incarnation), .int(record.position - IdempotencyRecord.keptPerSession)])
            try putKey.run([
                .text(record.session), .int(record.incarnation), .text(record.key), .int(record.position), .int(record.fingerprint),
                .int(record.status), .blob(record.headers), .blob(record.body),
            ])
        }
    }
}
