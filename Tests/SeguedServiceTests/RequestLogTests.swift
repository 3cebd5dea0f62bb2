import Foundation
import HTTPServer
import Logging
@testable import SeguedService
import Synchronization
import Testing

/// Logs an operator can use: a request id taken from `X-Request-ID` or made, and returned; one line
/// per request with its facts; JSON lines written with the service's JSON writer.
struct RequestLogTests {
    /// Lines a ``JSONLineLogHandler`` wrote, in order.
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ bytes: [UInt8]) { lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } }
    }

    static func service(logging lines: Lines) -> SeguedService {
        var configuration = ServiceConfiguration()
        configuration.logRequests = true
        let logger = Logger(label: "segued") { _ in JSONLineLogHandler(write: lines.append) }
        return SeguedService(configuration: configuration, logger: logger)
    }

    @Test func jsonLine_hasTimeLevelMessageAndMetadata_escaped() {
        let line = JSONLineLogHandler.line(
            time: Date(timeIntervalSince1970: 1_795_000_000.5), level: .info, message: "say \"hi\"\n",
            metadata: ["status": .stringConvertible(404), "route": .string("/v1/sessions/{id}"), "duration_seconds": .stringConvertible(0.5),
                       "level": .string("ignored"), "tags": .array([.string("a")])])
        #expect(String(decoding: line, as: UTF8.self) == #"{"time":"2026-11-18T11:06:40.500Z","level":"info","message":"say \"hi\"\n","duration_seconds":0.5,"route":"/v1/sessions/{id}","status":404,"tags":["a"]}"# + "\n")
    }

    @Test func eachRequest_logsOneLine_withItsFacts() throws {
        let lines = Lines()
        let service = Self.service(logging: lines)
        let created = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "demo"}"#, headers: ["X-Request-ID": "client-42"]))
        #expect(created.header("X-Request-ID") == "client-42")
        let missing = service.handle(.make("GET", "/v1/sessions/nope/stack"))
        let made = try #require(missing.header("X-Request-ID"))
        #expect(made.count == 32 && made.allSatisfy(\.isHexDigit))
        // The service's other lines (a session started) are not the requests'.
        let logged = lines.all.filter { $0.contains(#""message":"request""#) }
        #expect(logged.count == 2)
        let first = try #require(JSONSerialization.jsonObject(with: Data(logged[0].utf8)) as? [String: Any])
        #expect(first["message"] as? String == "request")
        #expect(first["level"] as? String == "info")
        #expect(first["request_id"] as? String == "client-42")
        #expect(first["method"] as? String == "POST")
        #expect(first["route"] as? String == "/v1/sessions")
        #expect(first["status"] as? Int == 201)
        #expect(first["problem"] == nil)
        #expect((first["duration_seconds"] as? Double).map { $0 >= 0 } == true)
        let second = try #require(JSONSerialization.jsonObject(with: Data(logged[1].utf8)) as? [String: Any])
        #expect(second["request_id"] as? String == made)
        #expect(second["route"] as? String == "/v1/sessions/{id}/stack")
        #expect(second["session"] as? String == "nope")
        #expect(second["status"] as? Int == 404)
        #expect((second["problem"] as? String)?.hasSuffix("unknown-session") == true)
    }

    /// An id a log cannot hold as it is (too long, a space, a control character, not ASCII) is
    /// replaced by one made here.
    @Test(arguments: [String(repeating: "a", count: 129), "two words", "line\nbreak", "é", ""])
    func unusableRequestID_isReplaced(_ sent: String) {
        let lines = Lines()
        let response = Self.service(logging: lines).handle(.make("GET", "/healthz", headers: ["X-Request-ID": sent]))
        let returned = response.header("X-Request-ID") ?? ""
        #expect(returned != sent)
        #expect(returned.count == 32 && returned.allSatisfy(\.isHexDigit))
    }

    @Test func longestAcceptedRequestID_isKept() {
        let id = String(repeating: "z", count: 128)
        #expect(Self.service(logging: Lines()).handle(.make("GET", "/healthz", headers: ["X-Request-ID": id])).header("X-Request-ID") == id)
    }

    @Test func requestsAreNotLogged_whenTheConfigurationSaysSo() {
        let lines = Lines()
        let logger = Logger(label: "segued") { _ in JSONLineLogHandler(write: lines.append) }
        _ = SeguedService(logger: logger).handle(.make("GET", "/healthz"))
        #expect(lines.all.isEmpty)
    }

    /// Made ids are 32 hex digits, this process's key first, and never repeat (100,000 made from
    /// four threads at once).
    @Test func madeRequestIDs_areUniqueAcrossThreads() async {
        let ids = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { (0..<25_000).map { _ in RequestID.made() } } }
            var all: [String] = []
            for await part in group { all += part }
            return all
        }
        #expect(Set(ids).count == 100_000)
        #expect(ids.allSatisfy { $0.utf8.count == 32 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
        #expect(Set(ids.map { $0.prefix(16) }).count == 1)
        // The mix is a bijection that spreads neighbours: consecutive counts share no long prefix.
        #expect(RequestID.mixed(1) != RequestID.mixed(2))
        #expect(RequestID.mixed(1) >> 48 != RequestID.mixed(2) >> 48)
    }
}
