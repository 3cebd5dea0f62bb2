/// A failed SQLite call: its extended result code, SQLite's message and what segued was doing.
/// Every call into the C library goes through ``SQLiteConnection/check(_:_:)``, so that no result
/// code is ignored and each caller gets the same typed error.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (`sqlite3_extended_errcode`); its low byte is the primary code.
    public let code: Int32
    public let message: String
    /// What was being done: "opening …", "committing a batch of 12 writes", ….
    public let context: String

    public var primaryCode: Int32 { code & 0xFF }

    /// SQLITE_FULL: the disk (or the quota) is full; nothing was written.
    public var isDiskFull: Bool { primaryCode == 13 }
    /// SQLITE_CORRUPT or SQLITE_NOTADB: the file is damaged or is not a database.
    public var isCorruption: Bool { primaryCode == 11 || primaryCode == 26 }
    /// SQLITE_IOERR (fsync among them: SQLITE_IOERR_FSYNC, _DIR_FSYNC): the disk failed a write or a sync.
    public var isIOError: Bool { primaryCode == 10 }
    /// SQLITE_BUSY: another process holds the database.
    public var isBusy: Bool { primaryCode == 5 }

    public var description: String { "\(context): \(message) (SQLite code \(code))" }
}
