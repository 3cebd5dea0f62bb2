/// The write-ahead log checked against the store's mark (``LogMark``) before SQLite opens the store.
///
/// SQLite resets a log whose header fails its checksum and stops at the first frame that fails
/// its own, then goes on writing over what it did not read: 16 bytes flipped in the header opened
/// as an empty store. What is normal is a log that ends with frames of a transaction that did not
/// commit (a `kill -9` in the middle of a commit), or stale frames of an earlier log after the
/// last valid one: those are dropped, as SQLite drops them. What is refused: a header that fails its
/// checksum, and a log that holds fewer committed frames than the mark says were committed in it
/// (cut short, damaged in the middle, emptied or removed).
enum LogCheck {
    /// Throws ``StoreError/damagedLog(directory:file:detail:)`` naming the log (or the mark) when
    /// SQLite must not open the store.
    static func verify(directory: String, walPath: String) throws(StoreError) {
        guard let detail = problem(directory: directory, walPath: walPath) else { return }
        let file = detail.hasPrefix("its mark") ? directory + "/" + LogMark.fileName : walPath
        throw .damagedLog(directory: directory, file: file, detail: detail)
    }

    /// Why the log in `directory` must not be opened, or `nil` when SQLite may open it.
    static func problem(directory: String, walPath: String) -> String? {
        let mark = LogMark.read(directory: directory)
        var expected: LogMark.State?
        switch mark {
        case .absent: expected = nil
        case .unreadable(let why): return "its mark \(directory)/\(LogMark.fileName) is unreadable (\(why))"
        case .read(let state): expected = trusted(state)
        }
        let frames = expected?.frames ?? 0
        guard let wal = WALFile.read(walPath), wal.size > 0 else {
            if frames > 0, expected?.closing == false {
                return "it is missing or empty, but \(frames) committed frames were written to it since the last checkpoint"
            }
            return nil
        }
        guard wal.headerValid else {
            return wal.size < WALFile.headerBytes
                ? "its header is cut short (\(wal.size) bytes of \(WALFile.headerBytes))"
                : "its header fails its checksum (magic, version, page size, salts or checksum damaged)"
        }
        guard let expected, frames > 0 else { return nil }
        if wal.salts == expected.salts {
            guard wal.committedFrames < frames else { return nil }
            let cause = wal.wholeFrames < frames
                ? "it is cut short: \(wal.wholeFrames) whole frames of the \(frames) committed"
                : "frame \(wal.validFrames + 1) fails its checksum"
            return "\(cause); it holds \(wal.committedFrames) valid committed frames of \(frames)"
        }
        // The log started over after a checkpoint had copied all of it into the database file (its
        // salt-1 grows by one each time), before the mark of the next commit was written.
        if expected.closing || next(expected.salts) == Array(wal.salts.prefix(4)) { return nil }
        return "it is not the log the store's mark records (other salts), which held \(frames) committed frames"
    }

    /// What of the mark can be held against the log: all of it on this boot; after a machine
    /// restart only what was synced (under `--fsync always`, every commit).
    static func trusted(_ state: LogMark.State) -> LogMark.State {
        var trusted = state
        if state.boot != LogMark.bootID || state.boot == "-", state.policy != FsyncPolicy.always.rawValue { trusted.frames = 0 }
        return trusted
    }

    /// Salt-1 of the log after a restart: one more (big-endian, as stored).
    private static func next(_ salts: [UInt8]) -> [UInt8] {
        guard salts.count == 8 else { return [] }
        let value = (UInt32(salts[0]) << 24 | UInt32(salts[1]) << 16 | UInt32(salts[2]) << 8 | UInt32(salts[3])) &+ 1
        return [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
