import Foundation
public import Logging
import Synchronization

/// A swift-log handler writing one JSON object a line (`--log-format json`): `time` (RFC 3339, UTC,
/// milliseconds), `level`, `message`, then the logger's and the call's metadata as members
/// (a request's line carries `request_id`, `method`, `route`, `session`, `status`, `problem` and
/// `duration_seconds`). Written with the service's JSON writer, each line in one `write(2)` so that
/// lines of concurrent requests never interleave.
public struct JSONLineLogHandler: LineLogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level = .info
    private let write: @Sendable ([UInt8]) -> Void

    /// Lines go to `write`; by default to standard error.
    public init(write: @escaping @Sendable ([UInt8]) -> Void = JSONLineLogHandler.standardError) {
        self.write = write
    }

    public static let standardError: @Sendable ([UInt8]) -> Void = { bytes in
        FileHandle.standardError.write(Data(bytes))
    }

    public func log(event: LogEvent) {
        write(Self.line(time: Date(), level: event.level, message: event.message.description, metadata: mergedMetadata(of: event)))
    }

    /// A line stamped now, for what the process writes beside its logs (`--log-format json`: the
    /// start-up address on standard output, a refused command line on standard error).
    public static func line(level: Logger.Level, message: String, metadata: Logger.Metadata = [:]) -> [UInt8] {
        line(time: Date(), level: level, message: message, metadata: metadata)
    }

    /// One line, newline included. Metadata in key order so that lines compare; a key that would
    /// repeat `time`, `level` or `message` is left out (JSON objects must not repeat names).
    static func line(time: Date, level: Logger.Level, message: String, metadata: Logger.Metadata) -> [UInt8] {
        line(timestamp: timestamp(time), level: level, message: message, metadata: metadata)
    }

    static func line(timestamp: String, level: Logger.Level, message: String, metadata: Logger.Metadata) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.object { w in
            w.key("time"); w.string(timestamp)
            w.key("level"); w.string(level.rawValue)
            w.key("message"); w.string(message)
            for key in metadata.keys.sorted() where !["time", "level", "message"].contains(key) {
                w.key(key)
                Self.write(metadata[key]!, to: &w)
            }
        }
        return writer.bytes + [UInt8(ascii: "\n")]
    }

    private static func write(_ value: Logger.Metadata.Value, to w: inout JSONWriter) {
        switch value {
        case .string(let string): w.string(string)
        case .stringConvertible(let convertible):
            // Numbers stay numbers, so that `status` and durations can be compared by a query.
            if let int = convertible as? Int { w.int(int) }
            else if let double = convertible as? Double { w.double(double) }
            else if let duration = convertible as? RequestDuration { w.number { duration.append(to: &$0) } }
            else if let bool = convertible as? Bool { w.bool(bool) }
            else { w.string(convertible.description) }
        case .array(let values): w.array { w in for value in values { write(value, to: &w) } }
        case .dictionary(let members):
            w.object { w in for key in members.keys.sorted() { w.key(key); write(members[key]!, to: &w) } }
        }
    }

    /// `2026-11-23T22:53:09.123Z`: the second's text made once a second (a request's line is on the
    /// hot path), the milliseconds added to it.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let second = time_t(milliseconds / 1000)
        let prefix: String
        if let cached = cachedSecond.withLock({ $0.second == second ? $0.text : nil }) {
            prefix = cached
        } else {
            prefix = secondText(second)
            cachedSecond.withLock { $0 = (second, prefix) }
        }
        let millis = Int(milliseconds % 1000)
        let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return prefix + fraction + "Z"
    }

    /// The second the cached text is of, and its text.
    private static let cachedSecond = Mutex<(second: time_t, text: String)>((-1, ""))

    /// `2026-11-23T22:53:09.`, UTC.
    private static func secondText(_ second: time_t) -> String {
        var seconds = second
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))."
    }
}
