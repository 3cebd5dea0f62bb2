import CSQLite

/// What runs after each commit of a connection in WAL mode, with the number of frames the log then
/// holds (`sqlite3_wal_hook`): how ``LogMark`` learns what the log must hold without a query.
///
/// It replaces SQLite's automatic checkpoints (`PRAGMA wal_autocheckpoint` sets the same hook), which
/// the store turns off: register it after that pragma, which would otherwise clear it.
final class SQLiteCommitHook: Sendable {
    let body: @Sendable (Int) -> Void

    init(_ body: @escaping @Sendable (Int) -> Void) { self.body = body }
}

extension SQLiteConnection {
    /// Runs `hook` on the committing thread after each commit of this connection, until the
    /// connection closes (it keeps the hook).
    func setCommitHook(_ hook: SQLiteCommitHook) {
        commitHook = hook
        let context = Unmanaged.passUnretained(hook).toOpaque()
        sqlite3_wal_hook(
            handle,
            { context, _, _, frames in
                guard let context else { return SQLITE_OK }
                Unmanaged<SQLiteCommitHook>.fromOpaque(context).takeUnretainedValue().body(Int(frames))
                return SQLITE_OK
            }, context)
    }
}
