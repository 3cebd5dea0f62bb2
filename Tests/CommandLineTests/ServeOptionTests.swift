import ArgumentParser
@testable import segued
import Testing

/// `segued serve` checks its options before it starts, and says what to write instead.
struct ServeOptionTests {
    /// The message swift-argument-parser prints for these arguments, or nil when they parse.
    static func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try Serve.parse(arguments)
            return nil
        } catch {
            return Serve.message(for: error)
        }
    }

    @Test(arguments: ["http://localhost:3000", "https://example.com", "http://[::1]:8080", "http://127.0.0.1:1"])
    func corsOrigin_asABrowserSendsIt_isAccepted(_ origin: String) {
        #expect(Self.refusal(["--cors-origin", origin]) == nil)
    }

    @Test(arguments: [
        ("*", "--cors-origin *: a wildcard is not accepted (it would let every site call the API); name each origin, write it as a browser sends it in Origin: scheme://host[:port], e.g. http://localhost:3000"),
        ("https://*.example.com", "--cors-origin https://*.example.com: a wildcard is not accepted (it would let every site call the API); name each origin, write it as a browser sends it in Origin: scheme://host[:port], e.g. http://localhost:3000"),
        ("http://localhost:3000/", "--cors-origin http://localhost:3000/: no trailing slash; write http://localhost:3000"),
        ("https://example.com/app", "--cors-origin https://example.com/app: an origin has no path, query or fragment; write https://example.com"),
        ("localhost:3000", "--cors-origin localhost:3000: no scheme; write it as a browser sends it in Origin: scheme://host[:port], e.g. http://localhost:3000"),
        ("http://localhost:99999", "--cors-origin http://localhost:99999: the port must be 1...65535; write it as a browser sends it in Origin: scheme://host[:port], e.g. http://localhost:3000"),
        ("http://user@host", "--cors-origin http://user@host: an origin has no user info; write it as a browser sends it in Origin: scheme://host[:port], e.g. http://localhost:3000"),
        ("http://", "--cors-origin http://: no host; write it as a browser sends it in Origin: scheme://host[:port], e.g. http://localhost:3000"),
    ])
    func corsOrigin_otherwise_isRefusedSayingWhatToWrite(_ origin: String, _ message: String) {
        #expect(Self.refusal(["--cors-origin", origin]) == message)
    }

    @Test(arguments: [
        (["--port", "70000"], "--port must be 0...65535 (got 70000)"),
        (["--port=-1"], "--port must be 0...65535 (got -1)"),
        (["--max-sessions", "0"], "--max-sessions must be at least 1 (got 0)"),
        (["--session-ttl", "0"], "--session-ttl must be 1...4294967296 (got 0)"),
        (["--threads", "0"], "--threads must be at least 1 (got 0)"),
        (["--shutdown-grace=-5"], "--shutdown-grace must be 0...4294967296 (got -5)"),
        (["--max-upload-size", "0"], "--max-upload-size must be at least 1 (got 0)"),
    ])
    func optionsOutOfTheirRange_sayTheRange(_ arguments: [String], _ message: String) {
        #expect(Self.refusal(arguments) == message)
    }

    @Test func logFormat_isTextOrJSON() throws {
        #expect(try Serve.parse([]).logFormat == .text)
        #expect(try Serve.parse(["--log-format", "json", "--quiet-requests"]).logFormat == .json)
        #expect(try Serve.parse(["--quiet-requests"]).quietRequests)
        #expect(Self.refusal(["--log-format", "xml"])?.contains("xml") == true)
    }

    /// The image sets SEGUED_HOST=0.0.0.0 and `docker run IMAGE --storyboard x` replaces CMD: the
    /// address comes from the environment when --host is not given, and --host still wins.
    @Test func host_isTheOption_elseSEGUED_HOST_elseLoopback() {
        #expect(Serve.host(option: nil, environment: ["SEGUED_HOST": "0.0.0.0"]) == "0.0.0.0")
        #expect(Serve.host(option: "::1", environment: ["SEGUED_HOST": "0.0.0.0"]) == "::1")
        #expect(Serve.host(option: nil, environment: [:]) == "127.0.0.1")
        #expect(Serve.host(option: nil, environment: ["SEGUED_HOST": ""]) == "127.0.0.1")
    }
}
