import Flows
import Navigation

/// The bytes of a ``StoredWalkStep``: how a session was reached (``SessionWalk``), stored beside its
/// snapshot so that its flow, Save as test and replay-on-add survive a restart (`--state-dir`).
///
/// A version byte, a kind, then: for ``Kind/start`` and ``Kind/lines`` the count of lines and each
/// command as its flow step line (``FlowCommandWriter``, which ``FlowCommandParser`` reads back to
/// the same command); for ``Kind/gap`` why the walk is not known. A session's rows in row order
/// rebuild its walk: a start begins it, lines continue it, a gap gives it up.
enum WalkCoding {
    static let version: UInt8 = 1

    enum Kind: UInt8 {
        /// The walk from launch begins here (a launch, a fork, a replay): earlier rows are another walk's.
        case start = 0
        /// Commands performed after the rows before.
        case lines = 1
        /// The walk is not known from here on (a restored snapshot, a walk past its bound).
        case gap = 2
    }

    enum Decoded: Equatable {
        case start([String])
        case lines([String])
        case gap(String)
    }

    static func encode(_ kind: Kind, lines: some Collection<String>) -> [UInt8] {
        var bytes: [UInt8] = [version, kind.rawValue]
        EventCoding.appendNumber(lines.count, to: &bytes)
        for line in lines { EventCoding.appendString(line, to: &bytes) }
        return bytes
    }

    static func encodeGap(_ why: String) -> [UInt8] {
        var bytes: [UInt8] = [version, Kind.gap.rawValue]
        EventCoding.appendString(why, to: &bytes)
        return bytes
    }

    /// The step in `bytes`, or `nil` when they do not read (a row this segued did not write).
    static func decode(_ bytes: [UInt8]) -> Decoded? {
        var reader = EventReader(bytes)
        guard reader.byte() == version, let code = reader.byte(), let kind = Kind(rawValue: code) else { return nil }
        if kind == .gap { return reader.string().map(Decoded.gap) }
        guard let count = reader.number(), count >= 0, count <= SessionWalk.capacity + 1 else { return nil }
        var lines: [String] = []
        lines.reserveCapacity(count)
        for _ in 0..<count {
            guard let line = reader.string() else { return nil }
            lines.append(line)
        }
        return kind == .start ? .start(lines) : .lines(lines)
    }

    /// Why a walk whose step `index` (from 0) is `line` cannot be a flow: ``FlowRecorder``'s own
    /// words, so that a restored session refuses its flow as it did before the restart.
    static func unreadable(step index: Int, line: String) -> String {
        "step \(index + 1) (\(line)) has no flow step line that reads back to the same command"
    }
}

extension SessionWalk {
    /// Rebuilds the walk from a stored step: each line read back to its command, as the store wrote it.
    /// `command` reads a line back (``FlowCommandParser`` by default).
    mutating func restore(_ step: WalkCoding.Decoded, command readLine: (String) -> Command? = { try? FlowCommandParser.parse($0) }) {
        switch step {
        case .start(let lines):
            self = SessionWalk()
            restore(lines: lines, readLine)
        case .lines(let lines):
            restore(lines: lines, readLine)
        case .gap(let why):
            giveUp(why)
        }
    }

    private mutating func restore(lines: [String], _ readLine: (String) -> Command?) {
        for line in lines {
            guard gap == nil else { return }
            guard let command = readLine(line) else {
                giveUp(WalkCoding.unreadable(step: commands.count, line: line))
                return
            }
            append(command)
        }
    }
}
