import Foundation

/// The store's own record of what its write-ahead log must hold: `DIR/segued.sqlite3-mark`, one
/// line the writer rewrites in place after each commit (``SQLiteCommitHook``): the log's salts (which
/// name the log since its last restart), the frames committed in it, the fsync policy, the machine's
/// boot id, and whether the daemon was closing. ``LogCheck`` compares the log with it before SQLite
/// opens the store, so that a log cut short, emptied or missing is noticed, not taken for an older store.
///
/// The line is written after the commit, without a sync of its own: after a `kill -9` the kernel
/// keeps it, so on the same boot it is never ahead of the log. After a machine restart only what was
/// synced counts: under `--fsync always` every commit (synced before the line is written), under
/// `everysec` and `never` nothing beyond the log's own checksums (the policy lets the last
/// second, or what the OS had not written, go).
final class LogMark: @unchecked Sendable {
    struct State: Equatable, Sendable {
        var boot: String
        var policy: String
        /// Salt-1 and salt-2 of the log the frames count in.
        var salts: [UInt8]
        var frames: Int
        /// The daemon was stopping: its last checkpoint may have emptied the log (or SQLite removed it).
        var closing: Bool
    }

    static let fileName = "segued.sqlite3-mark"
    /// The line's fixed length: rewritten in place, one write, never longer.
    static let lineBytes = 192

    let path: String
    private let walPath: String
    private let lock = NSLock()
    private var state: State
    /// Set by ``closing()``: the commits after it are the daemon's last.
    private var stopping = false
    private let file: PositionalFile?
    /// The log, opened at the first commit (which creates it) and kept open for its header's salts.
    private var wal: PositionalFile?

    /// Opens (creating) the mark of `directory` for the daemon that holds it, starting from `state`.
    init(directory: String, walPath: String, policy: FsyncPolicy, previous: State?) {
        path = directory + "/" + Self.fileName
        self.walPath = walPath
        // What of the last daemon's mark still holds (``LogCheck/trusted(_:)``) until this one's first commit.
        state = previous.map(LogCheck.trusted) ?? State(boot: Self.bootID, policy: policy.rawValue, salts: [], frames: 0, closing: true)
        state.boot = Self.bootID
        state.policy = policy.rawValue
        file = PositionalFile(path: path, writing: true)
        write()
    }

    /// After a commit that left `frames` frames in the log.
    ///
    /// The salts are read from the log's header on a descriptor kept open (SQLite removes the log
    /// only when its last connection closes, after the daemon's last commit), and the line is
    /// made of bytes: with `FileHandle` (open, read and close the log, seek and write the mark) and
    /// string interpolation the mark cost 34,500 instructions a commit, as much as the SQLite commit
    /// itself, and under bench/http/callgrind.sh's one connection every operation commits alone.
    func committed(frames: Int) {
        lock.lock()
        defer { lock.unlock() }
        if wal == nil { wal = PositionalFile(path: walPath, writing: false) }
        let header = wal?.read(count: WALFile.headerBytes, at: 0) ?? []
        state.salts = header.count == WALFile.headerBytes ? Array(header[16..<24]) : []
        state.frames = frames
        state.closing = stopping
        write()
    }

    /// Before the daemon's last commits and checkpoint: from now on an empty or missing log is expected.
    func closing() {
        lock.lock()
        defer { lock.unlock() }
        stopping = true
        state.closing = true
        write()
    }

    /// After the last checkpoint: the database file holds everything.
    func closed() {
        lock.lock()
        defer { lock.unlock() }
        state.closing = true
        state.frames = 0
        write()
    }

    private func write() {
        // The mark only ever says less than the log holds when it is not written: never a refusal.
        file?.write(Self.line(state, head: head), at: 0)
    }

    /// The line's start up to its salts, which this daemon's boot and policy fix.
    private lazy var head = Self.head(boot: state.boot, policy: state.policy)

    private static func head(boot: String, policy: String) -> [UInt8] {
        Array("segued-log-mark 1 boot=\(boot) policy=\(policy) salts=".utf8)
    }

    /// The mark's line, padded with spaces to ``lineBytes`` with its newline:
    /// `segued-log-mark 1 boot=… policy=… salts=<16 hex digits or -> frames=N closing=0|1 sum=<FNV-1a of the rest, hex>`.
    /// `head`: the line up to its salts for `state`'s boot and policy, when already made.
    static func line(_ state: State, head: [UInt8]? = nil) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(lineBytes)
        line += head ?? Self.head(boot: state.boot, policy: state.policy)
        if state.salts.isEmpty { line.append(UInt8(ascii: "-")) }
        for byte in state.salts {
            line.append(hexDigits[Int(byte >> 4)])
            line.append(hexDigits[Int(byte & 0xF)])
        }
        line += framesField
        appendDecimal(state.frames, to: &line)
        line += closingField
        line.append(state.closing ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        let sum = fnv1a(line)
        line += sumField
        // Lowercase hex without leading zeros, as `String(_:radix: 16)` writes it.
        var shift = 60
        while shift > 0, sum >> UInt64(shift) == 0 { shift -= 4 }
        while shift >= 0 {
            line.append(hexDigits[Int(sum >> UInt64(shift) & 0xF)])
            shift -= 4
        }
        if line.count < lineBytes - 1 { line += repeatElement(UInt8(ascii: " "), count: lineBytes - 1 - line.count) }
        line.append(UInt8(ascii: "\n"))
        return line
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let framesField = Array(" frames=".utf8)
    private static let closingField = Array(" closing=".utf8)
    private static let sumField = Array(" sum=".utf8)

    private static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = number.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }

    enum Reading: Equatable {
        case absent
        case unreadable(String)
        case read(State)
    }

    /// The mark in `directory` as the last daemon left it.
    static func read(directory: String) -> Reading {
        let path = directory + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return .absent }
        // Created empty just before its first line: a daemon stopped at its start.
        if let data = FileManager.default.contents(atPath: path), data.isEmpty { return .absent }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return .unreadable("cannot read it")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let sumRange = trimmed.range(of: " sum=", options: .backwards) else { return .unreadable("no checksum") }
        let body = String(trimmed[..<sumRange.lowerBound])
        guard String(fnv1a(Array(body.utf8)), radix: 16) == trimmed[sumRange.upperBound...] else {
            return .unreadable("its checksum does not match")
        }
        var fields: [String: String] = [:]
        for part in body.split(separator: " ") {
            guard let equals = part.firstIndex(of: "=") else { continue }
            fields[String(part[..<equals])] = String(part[part.index(after: equals)...])
        }
        guard body.hasPrefix("segued-log-mark 1 "), let boot = fields["boot"], let policy = fields["policy"],
            let saltText = fields["salts"], let frames = fields["frames"].flatMap({ Int($0) }), let closing = fields["closing"]
        else { return .unreadable("not a segued log mark of version 1") }
        var salts: [UInt8] = []
        if saltText != "-" {
            var index = saltText.startIndex
            while index < saltText.endIndex, let end = saltText.index(index, offsetBy: 2, limitedBy: saltText.endIndex),
                let byte = UInt8(saltText[index..<end], radix: 16)
            {
                salts.append(byte)
                index = end
            }
        }
        return .read(State(boot: boot, policy: policy, salts: salts, frames: frames, closing: closing == "1"))
    }

    /// This boot of the machine (Linux's `boot_id`): a mark of another boot may be ahead of what
    /// was synced. Unknown ("-") counts as another boot.
    static let bootID: String = {
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? ""
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.contains(" ") ? "-" : trimmed
    }()

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
