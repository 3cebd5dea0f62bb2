import Foundation
public import HTTPServer
import Logging

/// The facts of one request's log line (``SeguedService/logRequest``).
struct RequestLineFields {
    var requestID: String
    /// As the log may hold it (``Swift/String/loggable``).
    var method: String
    /// The route's template (`/v1/sessions/{id}/stack`), or `unmatched`.
    var route: String
    var status: Int
    /// Logged as `duration_seconds`.
    var duration: RequestDuration
    /// The session the path names, as the log may hold it.
    var session: String?
    /// A problem answer's `type`.
    var problem: String?

    /// The fields as swift-log metadata: what a handler other than segued's own line handlers gets.
    var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = [
            "request_id": .string(requestID),
            "method": .string(method),
            "route": .string(route),
            "status": .stringConvertible(status),
            "duration_seconds": .stringConvertible(duration),
        ]
        if let session { metadata["session"] = .string(session) }
        if let problem { metadata["problem"] = .string(problem) }
        return metadata
    }
}

/// Writes each request's line straight to bytes, byte for byte the line ``TextLineLogHandler`` or
/// ``JSONLineLogHandler`` writes for the same facts (`RequestLineTests` compares them), and hands
/// it to the log buffer.
///
/// Why not through swift-log: a logged request built a metadata dictionary of seven boxed values,
/// merged it with the handler's, sorted it and concatenated strings — 41,000 instructions, more
/// than the whole `GET …/stack` it logged (39,000 without libmicrohttpd's pool `memset`; callgrind,
/// bench/http/callgrind.sh). The keys of a request line are known, so they are written in their
/// sorted order without any of that (issue 26: the request log may cost at most 10%). A text line
/// is written in place, in the log buffer's own bytes (``LogBuffer/append(writing:)``).
///
/// `segued serve` uses it when its level logs requests, and its handlers carry no metadata of their
/// own (they do not); a service without one logs requests through its `Logger`.
public struct RequestLineWriter: Sendable {
    public enum Format: Sendable {
        /// ``TextLineLogHandler``'s lines, with the logger's label.
        case text(label: String)
        /// ``JSONLineLogHandler``'s lines.
        case json
    }

    /// Adds one line: the closure it is given appends the line's bytes to a buffer.
    public typealias Append = @Sendable (_ write: (inout ByteBuffer) -> Void) -> Void

    let format: Format
    let append: Append

    public init(format: Format, append: @escaping Append) {
        self.format = format
        self.append = append
    }

    /// Lines handed over whole, each in an array of its own.
    public init(format: Format, write: @escaping @Sendable ([UInt8]) -> Void) {
        self.init(format: format, append: { writeLine in
            var line = ByteBuffer(capacity: 256)
            writeLine(&line)
            write(line.bytes)
        })
    }

    func log(_ fields: RequestLineFields) {
        switch format {
        case .text(let label):
            let timestamp = TextLineLogHandler.timestamp(at: time(nil))
            append { Self.appendTextLine(fields, timestamp: timestamp, label: label, to: &$0) }
        case .json:
            let line = Self.jsonLine(fields, timestamp: JSONLineLogHandler.timestamp(Date()))
            append { $0.append(borrowing: line) }
        }
    }

    /// swift-log names a call's source by its module: the request line is logged from this one.
    static let source = "SeguedService"
    static let message = "request"

    /// `TIMESTAMP info LABEL: duration_seconds=… method=… [problem=…] request_id=… route=…
    /// [session=…] status=… [SeguedService] request`: the keys in the sorted order
    /// ``TextLineLogHandler`` prints, values as `Logger.Metadata.Value.description` gives them.
    static func appendTextLine(_ fields: RequestLineFields, timestamp: String, label: String, to line: inout ByteBuffer) {
        line.append(utf8Of: timestamp)
        line.append(" info")
        if !label.isEmpty {
            line.append(" ")
            line.append(utf8Of: label)
        }
        line.append(": duration_seconds=")
        fields.duration.append(to: &line)
        line.append(" method=")
        line.append(utf8Of: fields.method)
        if let problem = fields.problem {
            line.append(" problem=")
            line.append(utf8Of: problem)
        }
        line.append(" request_id=")
        line.append(utf8Of: fields.requestID)
        line.append(" route=")
        line.append(utf8Of: fields.route)
        if let session = fields.session {
            line.append(" session=")
            line.append(utf8Of: session)
        }
        line.append(" status=")
        line.appendDecimal(UInt(fields.status))
        line.append(" [SeguedService] request\n")
    }

    /// `{"time":…,"level":"info","message":"request",…}`: the members ``JSONLineLogHandler`` writes,
    /// metadata in key order, numbers as numbers.
    static func jsonLine(_ fields: RequestLineFields, timestamp: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.object { w in
            w.key("time"); w.string(timestamp)
            w.key("level"); w.string(Logger.Level.info.rawValue)
            w.key("message"); w.string(message)
            w.key("duration_seconds"); w.number { fields.duration.append(to: &$0) }
            w.key("method"); w.string(fields.method)
            if let problem = fields.problem { w.key("problem"); w.string(problem) }
            w.key("request_id"); w.string(fields.requestID)
            w.key("route"); w.string(fields.route)
            if let session = fields.session { w.key("session"); w.string(session) }
            w.key("status"); w.int(fields.status)
        }
        writer.fragment("\n")
        return writer.bytes
    }
}
