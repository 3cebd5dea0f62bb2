/// The store's tables and their version (`PRAGMA user_version`), with the migrations from each
/// older version. A segued opens stores of its version and older (migrating them in one
/// transaction), and refuses newer ones.
enum StoreSchema {
    /// Version 1: storyboards and sessions (latest snapshot per session).
    /// Version 2: the sessions' idempotency keys and their answers.
    /// Version 3: the sessions' operations (their events, and the commands after the snapshot).
    static let version = 3

    static let operations = """
        CREATE TABLE IF NOT EXISTS operations (
            session TEXT NOT NULL,
            incarnation INTEGER NOT NULL,
            first_sequence INTEGER NOT NULL,
            last_sequence INTEGER NOT NULL,
            body BLOB NOT NULL,
            PRIMARY KEY (session, first_sequence)
        ) WITHOUT ROWID;
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
