import Foundation

/// segued's state on disk: one SQLite database in WAL mode in the state directory
/// (`DIR/segued.sqlite3`, with SQLite's `-wal` and `-shm` beside it, and `DIR/segued.lock`).
///
/// Opened in three steps: ``open(directory:policy:onFatal:)`` (lock, schema, migrations), ``load(storyboards:sessions:)``
/// (every stored storyboard, then every session), then writes through ``commit(_:)``, which
/// batches the writes of concurrent requests into one transaction (group commit).
public final class DurableStore: Sendable {
    public static let fileName = "segued.sqlite3"
    /// What SQLite's page cache may hold (`PRAGMA cache_size`): the store's only cache, bounded so
    /// that the service can count it in its memory budget.
    public static let pageCacheBytes = 4 << 20
    /// What the connections that read sessions on their first use keep cached, at most
    /// (``StoreSessionReader``): counted in the memory budget with ``pageCacheBytes``.
    public static let readerCacheBytes = StoreSessionReader.keptConnections * StoreSessionReader.pageCacheBytes
    /// The page size of a new store (`PRAGMA page_size`).
    public static let pageBytes = 1024

    /// The write-ahead log's size kept on disk between checkpoints (`PRAGMA journal_size_limit`).
    public static let logLimitBytes = 64 << 20
    public let directory: String
    public let path: String
    public let policy: FsyncPolicy
    /// The schema version the store had when it was opened, when older than ``schemaVersion`` (it
    /// was migrated); `nil` for a store already at it, or a new one.
    public let migratedFrom: Int?
    private let lock: DirectoryLock
    private let writer: StoreWriter
    private let checkpointer: StoreCheckpointer
    private let reader: StoreSessionReader
    /// What the log must hold, rewritten after each commit (``LogMark``, checked by ``LogCheck`` at open).
    private let mark: LogMark

    /// Opens (creating if needed) the store in `directory`.
    /// - Parameter onFatal: called on the writer thread when SQLite fails a commit in a way that
    ///   must not be retried (a failed fsync may have dropped data the kernel said it had: after
    ///   it, nothing can be promised). It must end the process.
    /// - Throws: ``StoreError/locked(directory:holder:)`` when another daemon holds the directory;
    ///   ``StoreError/newerSchema(path:found:newest:)``; ``StoreError/damaged(path:detail:)``.
    public init(directory: String, policy: FsyncPolicy, onFatal: @escaping @Sendable (StoreError) -> Void) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: directory, reason: "\(error)")
        }
        self.directory = directory
        path = directory + "/" + Self.fileName
        self.policy = policy
        lock = try DirectoryLock(directory: directory)
        // Before SQLite reads the log, which it would reset or cut at the damage without a word.
        try LogCheck.verify(directory: directory, walPath: path + "-wal")
        var previous: LogMark.State?
        if case .read(let state) = LogMark.read(directory: directory) { previous = state }
        let mark = LogMark(directory: directory, walPath: path + "-wal", policy: policy, previous: previous)
        self.mark = mark
        let connection: SQLiteConnection
        do throws(SQLiteError) {
            connection = try SQLiteConnection(path: path)
            // WAL: a commit appends checksummed frames, so a torn last write is dropped on open and
            // readers never see a half-written transaction. A bounded page cache (``pageCacheBytes``).
            // Small pages (a new file only: a store's page size is fixed once it is in WAL mode): a
            // commit writes every page it changed whole, and an operation changes one leaf of its
            // session's rows. With 4 KiB pages that was about 5.5 KB of log per ~0.3 KB operation
            // under bench/durability's cycle.
            try connection.execute("PRAGMA page_size = \(Self.pageBytes)")
            let mode = try connection.texts("PRAGMA journal_mode = WAL").first ?? ""
            guard mode.lowercased() == "wal" else {
                throw SQLiteError(code: 1, message: "journal_mode is \(mode), not wal", context: "opening \(path)")
            }
            try connection.execute("PRAGMA synchronous = \(policy.synchronous); PRAGMA cache_size = -\(Self.pageCacheBytes >> 10)")
            // Checkpoints only once a second, on a thread of their own (StoreCheckpointer): SQLite's
            // own, every 1,000 pages of log, ran on the writer several times a second under
            // bench/durability's cycle, and held the requests waiting on its commits for their copy
            // and two syncs. The log is cut back to `logLimitBytes` when it starts over after a burst.
            try connection.execute("PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = \(Self.logLimitBytes)")
            // After the pragma above, which clears the hook it shares with automatic checkpoints.
            connection.setCommitHook(SQLiteCommitHook { frames in mark.committed(frames: frames) })
        } catch {
            throw StoreError.classify(error, path: path)
        }
        let found: Int
        do throws(SQLiteError) {
            found = try connection.integer("PRAGMA user_version")
        } catch {
            throw StoreError.classify(error, path: path)
        }
        try StoreSchema.migrate(connection, found: found)
        migratedFrom = found > 0 && found < StoreSchema.version ? found : nil
        writer = StoreWriter(connection: connection, policy: policy, onFatal: onFatal)
        let checkpointing: SQLiteConnection
        do throws(SQLiteError) {
            checkpointing = try SQLiteConnection(path: path)
            try checkpointing.execute("PRAGMA synchronous = \(policy.synchronous)")
        } catch {
            writer.stop()
            throw StoreError.classify(error, path: path)
        }
        checkpointer = StoreCheckpointer(connection: checkpointing, writer: writer, onFatal: onFatal)
        reader = StoreSessionReader(path: path)
    }

    /// Runs `body` on the writer's connection before the writer writes (the start's reads), with
    /// SQLite's errors as the store reports them.
    func withLoaderConnection(_ body: (SQLiteConnection) throws(SQLiteError) -> Void) throws(StoreError) {
        try writer.withConnection { connection throws(StoreError) in
            do throws(SQLiteError) {
                try body(connection)
            } catch {
                throw StoreError.classify(error, path: path)
            }
        }
    }

    /// One session's stored rows (``StoreSessionReader``): its snapshot if the store holds the
    /// session `id` of `incarnation`, its idempotency answers, and those of `operationRows` and
    /// `walkRows` still stored. Safe from any thread, while the writer writes.
    /// - Throws: ``StoreError/damaged(path:detail:)`` when a page read is damaged.
    public func readSession(id: String, incarnation: Int, operationRows: [Int], walkRows: [Int]) throws(StoreError) -> StoredSession? {
        try reader.read(id: id, incarnation: incarnation, operationRows: operationRows, walkRows: walkRows)
    }

    /// The schema version of the store as opened (after any migration).
    public static var schemaVersion: Int { StoreSchema.version }

    /// Reads every stored storyboard, then every session, in id order, then their idempotency keys
    /// and their operations. Call once, before writing.
    /// - Throws: ``StoreError/damaged(path:detail:)`` when a page read is damaged.
    public func load(
        storyboards: (StoryboardRecord) -> Void, sessions: (SessionRecord) -> Void, keys: (IdempotencyRecord) -> Void = { _ in },
        operations: (StoredOperation) -> Void = { _ in }, walks: (StoredWalkStep) -> Void = { _ in }
    ) throws(StoreError) {
        try writer.withConnection { connection throws(StoreError) in
            do throws(SQLiteError) {
                let boards = try connection.prepare("SELECT id, document, warnings FROM storyboards ORDER BY id")
                while try boards.step() {
                    storyboards(StoryboardRecord(id: boards.text(0) ?? "", document: boards.blob(1), warnings: boards.blob(2)))
                }
                let rows = try connection.prepare(
                    "SELECT id, incarnation, storyboard, revision, event_sequence, snapshot FROM sessions ORDER BY id")
                while try rows.step() {
                    sessions(SessionRecord(
                        id: rows.text(0) ?? "", incarnation: rows.int(1), storyboardID: rows.text(2) ?? "", revision: rows.int(3),
                        eventSequence: rows.int(4), snapshot: rows.blob(5)))
                }
                let answers = try connection.prepare("""
                    SELECT session, incarnation, key, position, fingerprint, status, headers, body FROM idempotency
                    ORDER BY session, position
                    """)
                while try answers.step() {
                    keys(IdempotencyRecord(
                        session: answers.text(0) ?? "", incarnation: answers.int(1), key: answers.text(2) ?? "", position: answers.int(3),
                        fingerprint: answers.int(4), status: answers.int(5), headers: answers.blob(6), body: answers.blob(7)))
                }
                // In the order they were made (their rows grow with it): each session's log is rebuilt
                // by appending its own. Read along the table, which has no index to sort them by.
                let stored = try connection.prepare(
                    "SELECT rowid, session, incarnation, first_sequence, last_sequence, body FROM operations ORDER BY rowid")
                // Walk steps are in the same table (schema 6), each in the order it was made.
                while try stored.step() {
                    if stored.int(3) == StoreSchema.walkStepSequence {
                        walks(StoredWalkStep(row: stored.int(0), session: stored.text(1) ?? "", incarnation: stored.int(2), body: stored.blob(5)))
                        continue
                    }
                    operations(StoredOperation(
                        row: stored.int(0), session: stored.text(1) ?? "", incarnation: stored.int(2), firstSequence: stored.int(3),
                        lastSequence: stored.int(4), body: stored.blob(5)))
                }
            } catch {
                throw StoreError.classify(error, path: path)
            }
        }
    }

    /// Deletes operation rows (and walk rows) at start, on the loader's turn of the connection (after ``load``,
    /// before any write), not through the writer: a damaged page then refuses the start as a
    /// damaged read does (``StoreError/damaged(path:detail:)``) instead of stopping the daemon as a
    /// failed write, and a full disk leaves the rows for the next start.
    public func deleteOperationsAtStart(rows: [Int], walkRows: [Int] = []) throws(StoreError) {
        try writer.withConnection { connection throws(StoreError) in
            do throws(SQLiteError) {
                try connection.execute("BEGIN IMMEDIATE")
                let delete = try connection.prepare(StoreSchema.deleteOperation)
                for row in rows { try delete.run([.int(row)]) }
                let deleteStep = try connection.prepare(StoreSchema.deleteWalkStep)
                for row in walkRows { try deleteStep.run([.int(row)]) }
                try connection.execute("COMMIT")
            } catch {
                if connection.inTransaction { try? connection.execute("ROLLBACK") }
                let classified = StoreError.classify(error, path: path)
                if case .diskFull = classified { return }
                throw classified
            }
        }
    }

    /// Commits `writes` now, between the writer's batches, and returns its failure instead of
    /// stopping the daemon: the clean-up of a session restored on first use (rows its log did not
    /// take), which may meet a damaged page that the start, reading only the index, did not.
    public func commitNow(_ writes: [StoreWrite]) throws(StoreError) { try writer.commitNow(writes) }

    /// Queues `writes` for the next batch; ``wait(_:)`` on the ticket returns once they are committed.
    public func commit(_ writes: [StoreWrite]) -> CommitTicket { writer.submit(writes) }

    /// Blocks until the batch of `ticket` has committed (or failed: ``StoreError/diskFull(_:)``).
    public func wait(_ ticket: CommitTicket) -> StoreError? { writer.wait(ticket) }

    /// Runs `body` once the batch of `ticket` has committed (on the writer thread), with the error
    /// when it failed: how a response is held back without holding a thread.
    public func whenCommitted(_ ticket: CommitTicket, _ body: @escaping @Sendable (StoreError?) -> Void) {
        writer.whenCommitted(ticket, body)
    }

    /// Queues and waits: the write is stored when this returns `nil`.
    public func write(_ writes: [StoreWrite]) -> StoreError? { wait(commit(writes)) }

    /// Whether the last batch failed for a full disk (and was not yet written since): new writes
    /// are then refused before they change anything.
    public var isRefusingWrites: Bool { writer.isDiskFull }

    /// Commits what is queued, syncs and checkpoints, and stops the writer. Writes queued after it
    /// are answered with an error.
    public func close() {
        reader.close()
        mark.closing()
        checkpointer.stop()
        writer.stop()
        mark.closed()
        lock.release()
    }

    /// Batches committed and writes in them since start (for bench/ and /metrics).
    public var committed: (batches: Int, writes: Int) { writer.counts }
}
