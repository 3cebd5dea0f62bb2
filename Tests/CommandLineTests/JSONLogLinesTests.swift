import Foundation
import HTTPClient
import HTTPServer
import Testing

/// Issue 30: with `--log-format json` every line the process writes, on standard output and error
/// merged as a container merges them, is a JSON object, the start-up address line included. Runs
/// the `segued` binary built beside the test bundle, as a real process.
@Suite(.serialized) struct JSONLogLinesTests {
    /// `.build/debug/segued`, beside `.build/debug/seguedPackageTests.xctest`.
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("segued").path
    }

    /// Starts segued with both streams into one pipe; the lines read so far are `lines`.
    final class Run: @unchecked Sendable {
        // @unchecked: `text` is only touched under `lock`.
        let process = Process()
        private let lock = NSLock()
        private var text = ""

        init(_ arguments: [String]) throws {
            guard FileManager.default.isExecutableFile(atPath: JSONLogLinesTests.binary) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: JSONLogLinesTests.binary])
            }
            let pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: JSONLogLinesTests.binary)
            process.arguments = arguments
            process.standardOutput = pipe
            process.standardError = pipe
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { return }
                self.lock.withLock { self.text += String(decoding: data, as: UTF8.self) }
            }
            try process.run()
        }

        var lines: [String] { lock.withLock { text.split(separator: "\n").map(String.init) } }

        /// Waits up to `seconds` for a line that `matches`.
        func waitForLine(seconds: Double = 30, _ matches: (String) -> Bool) -> String? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let line = lines.first(where: matches) { return line }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return nil
        }

        func waitForExit(seconds: Double = 30) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { process.terminate(); return nil }
            Thread.sleep(forTimeInterval: 0.2)  // the last bytes in the pipe
            return process.terminationStatus
        }
    }

    static func object(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    @Test func everyLineOfARun_isAJSONObject_addressLineIncluded() throws {
        let run = try Run(["serve", "--port", "0", "--log-format", "json"])
        defer { if run.process.isRunning { run.process.terminate() } }
        let addressLine = try #require(run.waitForLine { Self.object($0)?["url"] != nil }, "no address line: \(run.lines)")
        let url = try #require(Self.object(addressLine)?["url"] as? String)
        #expect(url.hasPrefix("http://127.0.0.1:"))
        let client = try #require(BlockingHTTPClient(url: url))
        #expect(try client.send("GET", "/v1/sessions").status == 200)
        #expect(try client.send("GET", "/v1/sessions/missing").status == 404)
        kill(run.process.processIdentifier, SIGTERM)
        #expect(run.waitForExit() == 0)
        let lines = run.lines
        #expect(lines.count >= 6, "\(lines)")
        for line in lines {
            let object = Self.object(line)
            #expect(object != nil, "not a JSON object: \(line)")
            #expect(object?["time"] is String && object?["level"] is String && object?["message"] is String, "\(line)")
        }
        let messages = lines.compactMap { Self.object($0)?["message"] as? String }
        #expect(messages.contains("listening"))
        #expect(messages.contains { $0.hasPrefix("segued ") && $0.contains("listening on \(url)") })
        #expect(lines.contains { Self.object($0)?["status"] as? Int == 404 }, "no request line for the 404")
        #expect(messages.last == "stopped")
    }

    /// Issue 49: a port in use said "cannot start: startFailed: cannot listen on 127.0.0.1:18080",
    /// without the reason, and its JSON line had no `exit_code`.
    @Test func aPortInUse_isNamedWithItsReason_andTheJSONLineCarriesTheExitCode() throws {
        let first = try Run(["serve", "--port", "0", "--log-format", "json"])
        defer { if first.process.isRunning { first.process.terminate() } }
        let addressLine = try #require(first.waitForLine { Self.object($0)?["url"] != nil }, "no address line: \(first.lines)")
        let url = try #require(Self.object(addressLine)?["url"] as? String)
        let port = try #require(url.split(separator: ":").last.map(String.init))
        let second = try Run(["serve", "--port", port, "--log-format", "json"])
        #expect(second.waitForExit() == 1)
        let critical = second.lines.compactMap(Self.object).first { $0["level"] as? String == "critical" }
        #expect(
            critical?["message"] as? String
                == "cannot start: cannot listen on 127.0.0.1:\(port): address already in use (another process listens there: choose another --port, or 0 for a free one)",
            "\(second.lines)")
        #expect(critical?["exit_code"] as? Int == 1, "\(second.lines)")
    }

    @Test func aRefusedCommandLineAndAFailedStart_areJSONLinesToo() throws {
        let unknown = try Run(["serve", "--log-format", "json", "--no-such-option"])
        #expect(unknown.waitForExit() == 64)
        let failed = try Run(["serve", "--port", "0", "--log-format=json", "--storyboard", "/nonexistent/app.json"])
        #expect(failed.waitForExit() == 64)
        for (run, expected) in [(unknown, "--no-such-option"), (failed, "/nonexistent/app.json")] {
            let lines = run.lines
            #expect(!lines.isEmpty)
            for line in lines { #expect(Self.object(line) != nil, "not a JSON object: \(line)") }
            let critical = lines.compactMap(Self.object).first { $0["level"] as? String == "critical" }
            #expect((critical?["message"] as? String)?.contains(expected) == true, "\(lines)")
        }
        for run in [unknown, failed] {
            let critical = run.lines.compactMap(Self.object).first { $0["level"] as? String == "critical" }
            #expect(critical?["exit_code"] as? Int == 64, "\(run.lines)")
        }
        // Without JSON, the same refusal is ArgumentParser's text.
        let text = try Run(["serve", "--no-such-option"])
        #expect(text.waitForExit() == 64)
        #expect(text.lines.first?.hasPrefix("Error: ") == true, "\(text.lines)")
    }
}
