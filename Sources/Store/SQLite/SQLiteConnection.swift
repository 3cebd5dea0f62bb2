import CSQLite

/// One connection to a SQLite database file: the Swift face of the sqlite3 C API that the store
/// needs (open, run SQL, prepared statements), as `HTTPServer/MHD` faces libmicrohttpd. The C
/// handles never leave this folder.
///
/// `@unchecked Sendable`: the connection is opened with `SQLITE_OPEN_NOMUTEX` and used by one
/// thread at a time by construction: the loader before the writer starts, then only the store's
/// writer thread (``StoreWriter``), which the loader hands it to after it has finished.
final class SQLiteConnection: @unchecked Sendable {
    let handle: OpaquePointer
    let path: String
    /// Kept as long as SQLite may call it (``setCommitHook(_:)``).
    var commitHook: SQLiteCommitHook?

    /// Done once, before the first open (SQLite refuses it later, harmlessly).
    private static let configured: Void = { _ = segued_sqlite_config_no_memory_statistics() }()

    init(path: String) throws(SQLiteError) {
        Self.configured
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else {
            throw SQLiteError(code: code, message: String(cString: sqlite3_errstr(code)), context: "opening \(path)")
        }
        handle = opened
        self.path = path
        // Extended codes tell a failed fsync (SQLITE_IOERR_FSYNC) from other I/O errors.
        sqlite3_extended_result_codes(handle, 1)
        // Only this process opens the file (the directory's lock keeps others out), but a store
        // closed just before may still be finishing its last checkpoint on the writer thread.
        sqlite3_busy_timeout(handle, 5000)
        if code != SQLITE_OK {
            let error = SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), context: "opening \(path)")
            sqlite3_close_v2(handle)
            throw error
        }
    }

    deinit { sqlite3_close_v2(handle) }

    /// Throws for any result code but `SQLITE_OK`, `SQLITE_ROW` and `SQLITE_DONE`.
    @discardableResult
    func check(_ code: Int32, _ context: @autoclosure () -> String) throws(SQLiteError) -> Int32 {
        if code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE { return code }
        throw SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), context: context())
    }

    /// Runs one or more statements that return no rows the caller wants.
    func execute(_ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), "running \(sql)")
    }

    /// The first column of the first row of `sql`, as an integer (`PRAGMA user_version`, counts).
    func integer(_ sql: String) throws(SQLiteError) -> Int {
        let statement = try prepare(sql)
        guard try statement.step() else { return 0 }
        return statement.int(0)
    }

    /// The first column of each row of `sql`, as text (`PRAGMA quick_check`, `PRAGMA journal_mode`).
    func texts(_ sql: String) throws(SQLiteError) -> [String] {
        let statement = try prepare(sql)
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(0) ?? "") }
        return rows
    }

    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var prepared: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &prepared, nil), "preparing \(sql)")
        guard let prepared else { throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement", context: "preparing \(sql)") }
        return SQLiteStatement(handle: prepared, connection: self, sql: sql)
    }

    /// Whether a transaction is open (after a failed statement SQLite may have rolled it back itself).
    var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}

/// A prepared statement of a ``SQLiteConnection``, reused across batches (reset, rebound).
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: SQLiteConnection
    let sql: String

    fileprivate init(handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds parameters 1… in order, after a reset (so the statement can run again).
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .int(let number): try bind(index, number)
            case .text(let text): try bind(index, text)
            case .blob(let bytes): try bind(index, bytes)
            case .null: try connection.check(sqlite3_bind_null(handle, index), "binding parameter \(index) of \(sql)")
            }
        }
    }

    // One parameter at a time, for the writer's statements (``runBound()`` runs them): an array of
    // ``SQLiteValue``s a row was allocated, its strings and blobs retained and released, and
    // `sqlite3_clear_bindings` run, when every parameter is bound again anyway.

    func bind(_ index: Int32, _ number: Int) throws(SQLiteError) {
        try connection.check(sqlite3_bind_int64(handle, index, Int64(number)), "binding parameter \(index) of \(sql)")
    }

    func bind(_ index: Int32, _ text: String) throws(SQLiteError) {
        var text = text
        let code = text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in segued_sqlite_bind_text(handle, index, chars.baseAddress, Int32(chars.count)) }
        }
        try connection.check(code, "binding parameter \(index) of \(sql)")
    }

    func bind(_ index: Int32, _ bytes: [UInt8]) throws(SQLiteError) {
        let code = bytes.withUnsafeBytes { raw in segued_sqlite_bind_blob(handle, index, raw.baseAddress, Int32(raw.count)) }
        try connection.check(code, "binding parameter \(index) of \(sql)")
    }

    /// Runs the statement with the parameters bound since its last run, to its end. Reset after it,
    /// failed or not: binding a statement that was stepped and not reset is `SQLITE_MISUSE`, which
    /// would take a batch retried after a full disk for a fatal error.
    func runBound() throws(SQLiteError) {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Runs one step: `true` when a row is there to read, `false` when done.
    func step() throws(SQLiteError) -> Bool {
        try connection.check(sqlite3_step(handle), "running \(sql)") == SQLITE_ROW
    }

    /// Binds `values` and runs the statement to its end (an insert, update or delete).
    func run(_ values: [SQLiteValue]) throws(SQLiteError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Ends the statement's run, so that it holds no read of the database (a read transaction
    /// stays open as long as a statement is stepped and not reset).
    func reset() { sqlite3_reset(handle) }

    /// Runs a statement without parameters to its end (`BEGIN`, `COMMIT`).
    func run() throws(SQLiteError) { try runBound() }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    func text(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: text)
    }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}

/// A value bound to a statement's parameter.
enum SQLiteValue {
    case int(Int)
    case text(String)
    case blob([UInt8])
    case null
}
