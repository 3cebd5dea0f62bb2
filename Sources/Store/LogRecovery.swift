public import Foundation

/// `segued store recover --state-dir DIR`: what an operator runs when the store refused to start for
/// a damaged or missing log (``StoreError/damagedLog(directory:file:detail:)``).
///
/// Nothing is written over the only copy: the store's files are first copied aside into
/// `DIR/damaged-TIME/`. Then the database is opened from a copy with what the log holds before the
/// damage (what SQLite reads of it: every frame through the last whole commit), checked (`PRAGMA
/// quick_check`) and checkpointed; if that copy fails the check, the database file alone (the last
/// checkpoint) is tried. The one that passes replaces the store's files, and the mark is reset.
public enum LogRecovery {
    /// What the recovery did, for the operator.
    public struct Report: Sendable {
        /// Where the files were set aside, `nil` when nothing needed recovering.
        public let setAside: String?
        public let lines: [String]
    }

    /// Recovers the store in `directory` (which no daemon may hold).
    public static func recover(directory: String, now: Date = Date()) throws(StoreError) -> Report {
        let lock = try DirectoryLock(directory: directory)
        defer { lock.release() }
        let path = directory + "/" + DurableStore.fileName
        let walPath = path + "-wal"
        guard let problem = LogCheck.problem(directory: directory, walPath: walPath) else {
            return Report(setAside: nil, lines: ["\(directory): the log holds what the store's mark records; nothing to recover"])
        }
        let files = FileManager.default
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let aside = directory + "/damaged-" + formatter.string(from: now)
        let work = directory + "/recovering-" + formatter.string(from: now)
        let names = [DurableStore.fileName, DurableStore.fileName + "-wal", DurableStore.fileName + "-shm", LogMark.fileName]
        do {
            try files.createDirectory(atPath: aside, withIntermediateDirectories: false)
            for name in names where files.fileExists(atPath: directory + "/" + name) {
                try files.copyItem(atPath: directory + "/" + name, toPath: aside + "/" + name)
            }
        } catch {
            throw .cannotOpen(path: aside, reason: "cannot set the damaged files aside: \(error)")
        }
        var lines = ["\(walPath): \(problem)", "set aside: \(names.filter { files.fileExists(atPath: aside + "/" + $0) }.joined(separator: ", ")) in \(aside)"]
        let wal = WALFile.read(walPath)
        let kept: String
        if try candidate(work, from: directory, withLog: true) {
            let frames = wal?.headerValid == true ? wal?.committedFrames ?? 0 : 0
            kept = frames > 0
                ? "the database file and the log's \(frames) frames before the damage"
                : "the database file (no frame of the log could be read)"
        } else if try candidate(work, from: directory, withLog: false) {
            kept = "the database file alone (its last checkpoint): with the log's frames before the damage it failed PRAGMA quick_check"
        } else {
            try? files.removeItem(atPath: work)
            throw .damaged(path: path, detail: "neither the database file with the log's frames before the damage nor the file alone passes PRAGMA quick_check; the files are in \(aside)")
        }
        do {
            // rename(2): the recovered file takes the store's name in one step.
            guard rename(work + "/" + DurableStore.fileName, path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
            for name in names.dropFirst() where files.fileExists(atPath: directory + "/" + name) {
                try files.removeItem(atPath: directory + "/" + name)
            }
            try files.removeItem(atPath: work)
        } catch {
            throw .cannotOpen(path: path, reason: "cannot put the recovered database in place: \(error) (the damaged files are in \(aside))")
        }
        // A fresh mark: the database file holds everything, the log is gone.
        _ = LogMark(directory: directory, walPath: walPath, policy: .always, previous: nil)
        lines.append("kept \(kept); start segued again")
        return Report(setAside: aside, lines: lines)
    }

    /// Copies the database (and the log, `withLog`) into `work`, opens it, checks it and checkpoints
    /// it into the database file: whether it passed.
    private static func candidate(_ work: String, from directory: String, withLog: Bool) throws(StoreError) -> Bool {
        let files = FileManager.default
        let names = withLog ? [DurableStore.fileName, DurableStore.fileName + "-wal"] : [DurableStore.fileName]
        let path = work + "/" + DurableStore.fileName
        do {
            try? files.removeItem(atPath: work)
            try files.createDirectory(atPath: work, withIntermediateDirectories: false)
            for name in names where files.fileExists(atPath: directory + "/" + name) {
                try files.copyItem(atPath: directory + "/" + name, toPath: work + "/" + name)
            }
        } catch {
            throw .cannotOpen(path: work, reason: "\(error)")
        }
        do throws(SQLiteError) {
            let connection = try SQLiteConnection(path: path)
            guard try connection.texts("PRAGMA quick_check") == ["ok"] else { return false }
            _ = try connection.texts("PRAGMA wal_checkpoint(TRUNCATE)")
            return true
        } catch {
            if error.isCorruption { return false }
            throw .sqlite(error)
        }
    }
}
