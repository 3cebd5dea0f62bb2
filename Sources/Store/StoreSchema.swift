/// The store's tables and their version (`PRAGMA user_version`), with the migrations from each
/// older version. A segued opens stores of its version and older (migrating them in one
/// transaction), and refuses newer ones.
enum StoreSchema {
    /// Version 1: storyboards and sessions (latest snapshot per session).
    /// Version 2: the sessions' idempotency keys and their answers.
    /// Version 3: the sessions' operations (their events, and the commands after the snapshot).
    /// Version 4: the operations appended in the order they were made, deleted by row.
    /// Version 5: the sessions' walks (how each was reached), appended and deleted by row.
    /// Version 6: the walks' rows in the operations table, beside the operations of the same change.
    static let version = 6

    /// Operations in a rowid table without an index: each one is appended to the table's last
    /// page, and deleted by its row (``StoredOperation/row``), which the service keeps with its
    /// session. Version 3 kept them in a `WITHOUT ROWID` table keyed by (session, first_sequence):
    /// every operation landed in its own session's leaf (1 KiB pages, about three ~300-byte rows
    /// each), so a commit of operations from N sessions wrote N leaves and split one in three. Under
    /// bench/durability's cycle at `--fsync everysec` (1,000 sessions, 64 connections) that held the
    /// cycle to 0.47-0.52x of the in-memory rate, at 88-93 µs of CPU per request. Appended with a
    /// unique index on (session, first_sequence), whose leaves then took one page per operation,
    /// 0.62-0.86x and 62-71 µs, p99 18-63 ms; appended without one, 0.77, 0.77, 0.59x, p99 13-14
    /// ms (bench/durability's three interleaved rounds, this 2-core machine).
    static let operations = """
        CREATE TABLE IF NOT EXISTS operations (
            session TEXT NOT NULL,
            incarnation INTEGER NOT NULL,
            first_sequence INTEGER NOT NULL,
            last_sequence INTEGER NOT NULL,
            body BLOB NOT NULL
        );
        """

    /// One operation's deletion by its row: the writer's, and the start's (``DurableStore/deleteOperationsAtStart(rows:)``).
    static let deleteOperation = "DELETE FROM operations WHERE rowid = ?1"

    /// Version 3's operations table: what ``migrate(_:found:)`` converts (and the tests write).
    static let operationsVersion3 = """
        CREATE TABLE IF NOT EXISTS operations (
            session TEXT NOT NULL,
            incarnation INTEGER NOT NULL,
            first_sequence INTEGER NOT NULL,
            last_sequence INTEGER NOT NULL,
            body BLOB NOT NULL,
            PRIMARY KEY (session, first_sequence)
        ) WITHOUT ROWID;
        """

    /// Version 3 to 4: the operations copied into the appended table, each session's in its order.
    static let operationsFromVersion3 = """
        ALTER TABLE operations RENAME TO operations_version3;
        \(operations)
        INSERT INTO operations (session, incarnation, first_sequence, last_sequence, body)
            SELECT session, incarnation, first_sequence, last_sequence, body FROM operations_version3
            ORDER BY session, first_sequence;
        DROP TABLE operations_version3;
        """

    /// Walk steps (``StoredWalkStep``) are rows of the operations table whose sequences are
    /// ``walkStepSequence`` (schema 6), appended and deleted by their rows as operations are, which
    /// the service keeps with its session: one row per change that performed commands, so that a
    /// session's walk is stored at the cost of its new lines, not of its length. Schema 5 kept them
    /// in a `walks` table of their own, so that each commit wrote the last leaf of two tables:
    /// `bench/durability/wal-frames.sh` (one client, so each operation its own commit; 100 demo
    /// sessions, 4,000 segue and unwind requests) counted 2.77 WAL frames an operation with two
    /// tables, 1.87 with one (issue 52).
    static let walkStepSequence = -1

    static let deleteWalkStep = deleteOperation

    /// Version 5's walks table: what ``walksFromVersion5`` moves (and the tests write).
    static let walksVersion5 = """
        CREATE TABLE IF NOT EXISTS walks (
            session TEXT NOT NULL,
            incarnation INTEGER NOT NULL,
            body BLOB NOT NULL
        );
        """

    /// Version 5 to 6: the walks' rows appended to the operations table, in their order, past its
    /// last row (so that no rowid of either table meets another).
    static let walksFromVersion5 = """
        INSERT INTO operations (rowid, session, incarnation, first_sequence, last_sequence, body)
            SELECT rowid + (SELECT coalesce(max(rowid), 0) FROM operations), session, incarnation,
                \(walkStepSequence), \(walkStepSequence), body
            FROM walks ORDER BY rowid;
        DROP TABLE walks;
        """

    static let idempotency = """
        CREATE TABLE IF NOT EXISTS idempotency (
            session TEXT NOT NULL,
            incarnation INTEGER NOT NULL,
            key TEXT NOT NULL,
            position INTEGER NOT NULL,
            fingerprint INTEGER NOT NULL,
            status INTEGER NOT NULL,
            headers BLOB NOT NULL,
            body BLOB NOT NULL,
            PRIMARY KEY (session, key)
        ) WITHOUT ROWID;
        """

    static let create = """
        CREATE TABLE IF NOT EXISTS storyboards (
            id TEXT PRIMARY KEY,
            document BLOB NOT NULL,
            warnings BLOB NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS sessions (
            id TEXT PRIMARY KEY,
            incarnation INTEGER NOT NULL,
            storyboard TEXT NOT NULL,
            revision INTEGER NOT NULL,
            event_sequence INTEGER NOT NULL,
            snapshot BLOB NOT NULL
        ) WITHOUT ROWID;
        """

    /// Brings a store at `found` (0: new and empty) to ``version``, or refuses a newer one.
    static func migrate(_ connection: SQLiteConnection, found: Int) throws(StoreError) {
        guard found <= version else { throw .newerSchema(path: connection.path, found: found, newest: version) }
        guard found < version else { return }
        do throws(SQLiteError) {
            try connection.execute("BEGIN IMMEDIATE")
            // Each step brings the version before it to the next; version 0 is a new file.
            if found < 1 { try connection.execute(create) }
            if found < 2 { try connection.execute(idempotency) }
            if found < 3 { try connection.execute(operations) }
            if found == 3 { try connection.execute(operationsFromVersion3) }
            if found == 5 { try connection.execute(walksFromVersion5) }
            try connection.execute("PRAGMA user_version = \(version)")
            try connection.execute("COMMIT")
        } catch {
            throw StoreError.classify(error, path: connection.path)
        }
    }
}

extension StoreError {
    /// A SQLite error as the store reports it: damage and a full disk by name.
    static func classify(_ error: SQLiteError, path: String) -> StoreError {
        if error.isCorruption { return .damaged(path: path, detail: error.message) }
        if error.isDiskFull { return .diskFull(error) }
        return .sqlite(error)
    }
}
