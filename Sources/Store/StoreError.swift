/// Why the store cannot be opened or written, each with the message an operator acts on.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    /// Another process holds the directory's lock.
    case locked(directory: String, holder: String?)
    case cannotOpen(path: String, reason: String)
    /// Written by a newer segued whose schema this one does not know.
    case newerSchema(path: String, found: Int, newest: Int)
    /// Damage SQLite could not recover (a torn last write it can: it drops that commit).
    case damaged(path: String, detail: String)
    /// The write-ahead log (`file`) does not hold what the store committed to it (``LogCheck``): the
    /// store is not opened, so that nothing is written over the only copy of what it could not read.
    case damagedLog(directory: String, file: String, detail: String)
    /// The disk is full: the writes of the batch were not stored (and are retried with the next).
    case diskFull(SQLiteError)
    /// Any other failure of SQLite.
    case sqlite(SQLiteError)
    /// The store was closed (the daemon is stopping) before the write reached it.
    case closed

    public var description: String {
        switch self {
        case .locked(let directory, let holder):
            "\(directory) is in use by another segued (\(holder.map { "pid \($0)" } ?? "pid unknown")); stop it, or give this one another --state-dir"
        case .cannotOpen(let path, let reason): "cannot open \(path): \(reason)"
        case .newerSchema(let path, let found, let newest):
            "\(path) was written by a newer segued (store schema \(found); this segued reads up to \(newest)); run that version or newer, or start this one with another --state-dir"
        case .damaged(let path, let detail):
            "\(path) is damaged (\(detail)); restore it from a backup (sqlite3 \(path) \".backup FILE\" makes one of a live store), or try: sqlite3 \(path) \".recover\" | sqlite3 recovered.sqlite3, then move recovered.sqlite3 to \(path) and remove \(path)-wal and \(path)-shm"
        case .damagedLog(let directory, let file, let detail):
            "\(file) is damaged (\(detail)); the store was not opened, so that nothing is written over what it could not read. Run: segued store recover --state-dir \(directory) (it sets the damaged files aside in \(directory)/damaged-TIME and keeps what the log holds before the damage), or stop and restore a backup (docs/durability.md)"
        case .diskFull(let error): "the disk is full: \(error)"
        case .sqlite(let error): error.description
        case .closed: "the store is closed (segued is stopping)"
        }
    }
}
