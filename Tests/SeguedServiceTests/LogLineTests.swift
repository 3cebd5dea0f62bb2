import HTTPServer
import Logging
import SeguedService
import Synchronization
import Testing

/// What clients send reaches the log as text of theirs: a newline in it must not start a line.
struct LogLineTests {
    private final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    /// Keeps every message logged through it.
    private struct CapturingHandler: LogHandler {
        let lines: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .debug
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        /// The message, then the metadata as `key=value` in key order.
        func log(event: LogEvent) {
            let metadata = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            lines.lines.withLock { $0.append(([event.message.description] + metadata).joined(separator: " ")) }
        }
    }

    @Test func clientTextWithNewlines_isLoggedEscapedOnOneLine() throws {
        let lines = Lines()
        let handler = CapturingHandler(lines: lines)
        var configuration = ServiceConfiguration()
        configuration.logRequests = true
        let service = SeguedService(configuration: configuration, logger: Logger(label: "test") { _ in handler })
        let upload = #"{"format": "segued.storyboard/1", "name": "evil\n2026-11-23T00:00:00+0000 critical segued: forged", "initialScene": "a", "scenes": {"a": {}}}"#
        let uploaded = service.handle(.make("POST", "/v1/storyboards", json: upload))
        #expect(uploaded.status == 201)
        // libmicrohttpd hands the path over decoded: %0A arrives as a newline.
        // The request line names the route template, not the path the client sent; a method and a
        // request id of the client's are escaped or replaced.
        _ = service.handle(.make("GET", "/v1/nothing\nhere"))
        _ = service.handle(.make("GE\nT", "/healthz", headers: ["X-Request-ID": "a\nb"]))
        let logged = lines.all
        #expect(logged.allSatisfy { !$0.contains("\n") }, "\(logged)")
        #expect(logged.contains { $0.contains(#"("evil\n2026-11-23T00:00:00+0000 critical segued: forged")"#) }, "\(logged)")
        #expect(logged.contains { $0.hasPrefix("request ") && $0.contains(" method=GET ") && $0.contains(" route=unmatched ") && $0.contains(" status=404") }, "\(logged)")
        #expect(logged.last?.contains(#" method="GE\nT" "#) == true, "\(logged)")
        #expect(logged.last?.contains(#"a\nb"#) == false, "\(logged)")
    }
}
