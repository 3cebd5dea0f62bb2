/// `--fsync`: what a power loss (not a process crash: every acknowledged write has reached the
/// kernel before its response) may cost.
public enum FsyncPolicy: String, Sendable, CaseIterable {
    /// Every commit is synced before its requests are answered; concurrent requests share a sync
    /// (group commit). A power loss loses nothing acknowledged.
    case always
    /// Commits reach the kernel before their answer; the log is synced about once a second. A
    /// power loss loses at most about the last second (Redis's `appendfsync everysec`).
    case everysec
    /// Commits reach the kernel before their answer; the OS syncs when it likes. A power loss may
    /// lose what the OS had not written yet.
    case never

    /// SQLite's `synchronous` setting in WAL mode for the policy: FULL syncs the WAL at every
    /// commit; NORMAL only at checkpoints (which ``StoreCheckpointer`` runs every second);
    /// OFF never.
    var synchronous: String {
        switch self {
        case .always: "FULL"
        case .everysec: "NORMAL"
        case .never: "OFF"
        }
    }
}
