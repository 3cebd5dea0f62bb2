import Foundation
import HTTPServer
public import Logging
import Synchronization

/// The text lines of `--log-format text`, exactly as swift-log's `StreamLogHandler` writes them
/// (`2026-11-25T16:53:22+0000 info segued: key=value … [SeguedService] message`), but handed as
/// bytes to `write` (a ``LogBuffer``) instead of one locked `fwrite` to standard error each, and
/// with the timestamp made once a second rather than by `localtime` and `strftime` on every line:
/// at one line per request, that line is on the hot path.
public struct TextLineLogHandler: LineLogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level = .info
    private let label: String
    private let write: @Sendable ([UInt8]) -> Void

    public init(label: String, write: @escaping @Sendable ([UInt8]) -> Void) {
        self.label = label
        self.write = write
    }

    public func log(event: LogEvent) {
        var merged = mergedMetadata(of: event)
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        write(Self.line(
            timestamp: Self.timestamp(at: time(nil)), level: event.level, label: label, metadata: merged,
            source: event.source, message: event.message.description))
    }

    /// One line, newline included: metadata sorted by key, as `StreamLogHandler` prints it.
    static func line(
        timestamp: String, level: Logger.Level, label: String, metadata: Logger.Metadata, source: String, message: String
    ) -> [UInt8] {
        var text = timestamp
        text.reserveCapacity(256)
        text += " "
        text += level.rawValue
        if !label.isEmpty { text += " " + label }
        text += ":"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            text += " "
            text += key
            text += "="
            text += value.description
        }
        text += " ["
        text += source
        text += "] "
        text += message
        text += "\n"
        return Array(text.utf8)
    }

    /// The second a cached timestamp is of, and its text: one per thread slot, so that the server
    /// threads, which each look it up on every request, do not share a lock (``ThreadSlot``).
    private final class CachedTimestamp: Sendable {
        let held = Mutex<(second: time_t, text: String)>((-1, ""))
        private let padding = CacheLinePadding()
    }
    private static let cached = PerThreadSlot { CachedTimestamp() }

    /// `2026-11-25T16:53:22+0000`, local time, as `StreamLogHandler`'s `%Y-%m-%dT%H:%M:%S%z`.
    static func timestamp(at second: time_t) -> String {
        let slot = cached.current
        if let text = slot.held.withLock({ $0.second == second ? $0.text : nil }) { return text }
        let text = format(second)
        slot.held.withLock { $0 = (second, text) }
        return text
    }

    static func format(_ second: time_t) -> String {
        var seconds = second
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
