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
        func log(event: LogEvent) { lines.lines.withLock { $0.append(event.message.description) } }
    }

    @Test func clientTextWithNewlines_isLoggedEscapedOnOneLine() throws {
        let lines = Lines()
        let handler = CapturingHandler(lines: lines)
        let service = SeguedService(logger: Logger(label: "test") { _ in handler })
        let upload = #"{"format": "segued.storyboard/1", "name": "evil\n2026-11-23T00:00:00+0000 critical segued: forged", "initialScene": "a", "scenes": {"a": {}}}"#
        let uploaded = service.handle(.make("POST", "/v1/storyboards", json: upload))
        #expect(uploaded.status == 201)
        // libmicrohttpd hands the path over decoded: %0A arrives as a newline.
        _ = service.handle(.make("GET", "/v1/nothing\nhere"))
        let logged = lines.all
        #expect(logged.allSatisfy { !$0.contains("\n") }, "\(logged)")
        #expect(logged.contains { $0.contains(#"("evil\n2026-11-23T00:00:00+0000 critical segued: forged")"#) }, "\(logged)")
        #expect(logged.contains { $0.hasPrefix(#"GET "/v1/nothing\nhere" 404 "#) }, "\(logged)")
        // Plain text is logged as it is.
        _ = service.handle(.make("GET", "/healthz"))
        #expect(lines.all.last?.hasPrefix("GET /healthz 200 ") == true)
    }
}
