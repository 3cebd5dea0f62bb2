/// The store's tables and their version (`PRAGMA user_version`), with the migrations from each
/// older version. A segued opens stores of its version and older (migrating them in one
/// transaction), and refuses newer ones.
enum StoreSchema {
    /// Version 1: storyboards and sessions (latest snapshot per session).
    static let version = 1

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
            // Version 0 is a new file: every table is created. Later versions add their steps here,
            // each from the one before.
            try connection.execute(create)
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
