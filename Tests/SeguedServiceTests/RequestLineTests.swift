import Foundation
import HTTPServer
import Logging
@testable import SeguedService
import Testing

extension RequestLineWriter {
    /// A text line in an array of its own (the daemon writes it into the log buffer in place).
    static func textLine(_ fields: RequestLineFields, timestamp: String, label: String) -> [UInt8] {
        var line = ByteBuffer(capacity: 256)
        appendTextLine(fields, timestamp: timestamp, label: label, to: &line)
        return line.bytes
    }
}

/// The request lines `segued serve` writes without swift-log (``RequestLineWriter``) are byte for
/// byte what its handlers write for the same facts, in both formats, with every optional field.
struct RequestLineTests {
    static let cases: [RequestLineFields] = [
        RequestLineFields(
            requestID: "4f1c2a", method: "GET", route: "/v1/sessions/{id}/stack", status: 200,
            duration: RequestDuration(.nanoseconds(81_250)), session: "s1", problem: nil),
        RequestLineFields(
            requestID: "id-7", method: "POST", route: "/v1/sessions/{id}/segues", status: 409,
            duration: RequestDuration(.milliseconds(1_500)), session: #""a\nb""#, problem: "urn:segued:problem:segue-not-found"),
        RequestLineFields(
            requestID: "x", method: #""GE\nT""#, route: "unmatched", status: 404,
            duration: RequestDuration(microseconds: 2), session: nil, problem: "urn:segued:problem:not-found"),
        RequestLineFields(
            requestID: "q\"uote", method: "PUT", route: "/healthz", status: 503, duration: RequestDuration(.seconds(12)), session: nil, problem: nil),
    ]

    @Test(arguments: cases)
    func textLine_isTheHandlersLine(fields: RequestLineFields) {
        let timestamp = "2026-11-25T20:01:02+0000"
        let handlers = TextLineLogHandler.line(
            timestamp: timestamp, level: .info, label: "segued", metadata: fields.metadata,
            source: RequestLineWriter.source, message: RequestLineWriter.message)
        let direct = RequestLineWriter.textLine(fields, timestamp: timestamp, label: "segued")
        #expect(String(decoding: direct, as: UTF8.self) == String(decoding: handlers, as: UTF8.self))
    }

    @Test(arguments: cases)
    func jsonLine_isTheHandlersLine(fields: RequestLineFields) {
        let timestamp = "2026-11-25T20:01:02.034Z"
        let handlers = JSONLineLogHandler.line(
            timestamp: timestamp, level: .info, message: RequestLineWriter.message, metadata: fields.metadata)
        let direct = RequestLineWriter.jsonLine(fields, timestamp: timestamp)
        #expect(String(decoding: direct, as: UTF8.self) == String(decoding: handlers, as: UTF8.self))
    }

    /// The source the direct lines name is the one swift-log gives a call from the service.
    @Test func source_isWhatSwiftLogGivesTheService() {
        let lines = Captured()
        var configuration = ServiceConfiguration()
        configuration.logRequests = true
        let service = SeguedService(configuration: configuration, logger: Logger(label: "segued") { _ in
            TextLineLogHandler(label: "segued", write: { lines.append($0) })
        })
        _ = service.handle(.make("GET", "/healthz", headers: ["X-Request-ID": "abc"]))
        let line = lines.all.last ?? ""
        #expect(line.hasSuffix(" [\(RequestLineWriter.source)] \(RequestLineWriter.message)\n"), "\(line)")
        #expect(line.contains(" method=GET request_id=abc route=/healthz status=200 "), "\(line)")
    }

    /// A service given a writer logs through it, not its logger, and the JSON timestamp is the
    /// handler's (cached per second, milliseconds added).
    @Test func serviceWithWriter_writesItsLines() throws {
        let lines = Captured()
        var configuration = ServiceConfiguration()
        configuration.logRequests = true
        configuration.requestLines = RequestLineWriter(format: .json, write: { lines.append($0) })
        let service = SeguedService(configuration: configuration, logger: Logger(label: "segued") { _ in SwiftLogNoOpLogHandler() })
        _ = service.handle(.make("GET", "/v1/sessions/none/stack", headers: ["X-Request-ID": "r1"]))
        let line = try #require(lines.all.last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["message"] as? String == "request")
        #expect(object["request_id"] as? String == "r1")
        #expect(object["route"] as? String == "/v1/sessions/{id}/stack")
        #expect(object["session"] as? String == "none")
        #expect(object["status"] as? Int == 404)
        #expect(object["problem"] as? String == "urn:segued:problem:unknown-session")
        let time = try #require(object["time"] as? String)
        #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(time)")
    }

    @Test func jsonTimestamp_isUTCWithMilliseconds() {
        #expect(JSONLineLogHandler.timestamp(Date(timeIntervalSince1970: 1_764_100_862.034_5)) == "2025-11-25T20:01:02.034Z")
        // The same second again (cached), then another.
        #expect(JSONLineLogHandler.timestamp(Date(timeIntervalSince1970: 1_764_100_862.9)) == "2025-11-25T20:01:02.900Z")
        #expect(JSONLineLogHandler.timestamp(Date(timeIntervalSince1970: 0.0625)) == "1970-01-01T00:00:00.062Z")
    }

    private final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ bytes: [UInt8]) { lock.withLock { lines.append(String(decoding: bytes, as: UTF8.self)) } }
        var all: [String] { lock.withLock { lines } }
    }
}
