import Foundation
import HTTPServer
import Logging
@testable import SeguedService
import Synchronization
import Testing

/// The log buffer that keeps the request line off the request path (issue #26): lines come out
/// whole and in order, a full buffer drops and counts instead of waiting, the writer flushes by
/// itself within its interval, and stopping writes everything left.
struct LogBufferTests {
    /// What the buffer wrote: each chunk as it came.
    final class Output: Sendable {
        private let chunks = Mutex<[[UInt8]]>([])
        func write(_ bytes: [UInt8]) { chunks.withLock { $0.append(bytes) } }
        var text: String { chunks.withLock { String(decoding: $0.joined(), as: UTF8.self) } }
        var chunkCount: Int { chunks.withLock { $0.count } }
    }

    static func line(_ n: Int) -> [UInt8] { Array("line \(n)\n".utf8) }

    @Test func linesFromManyThreads_comeOutWhole_andInEachThreadsOrder() async {
        let output = Output()
        let buffer = LogBuffer(capacity: 1 << 20, writeThreshold: 512, output: output.write)
        buffer.start()
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask { for n in 0..<500 { buffer.append(Array("t\(thread) \(n)\n".utf8)) } }
            }
        }
        buffer.stop()
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2_000)
        for thread in 0..<4 {
            let own = lines.filter { $0.hasPrefix("t\(thread) ") }
            #expect(own == (0..<500).map { "t\(thread) \($0)"[...] })
        }
        #expect(buffer.droppedLines == 0)
    }

    @Test func linesFromTwoThreads_comeOutInTheOrderTheyWereAppended() async {
        let output = Output()
        let buffer = LogBuffer(output: output.write)
        // Each thread appends its line after the other's: a thread keeps its shard, so the lines are
        // in different shards, and only their stamps order them.
        let turn = Mutex(0)
        let threads = (0..<2).map { thread in
            Thread {
                for n in 0..<200 {
                    while turn.withLock({ $0 }) != 2 * n + thread {}
                    buffer.append(Array("\(thread) \(n)\n".utf8))
                    turn.withLock { $0 += 1 }
                }
            }
        }
        for thread in threads { thread.start() }
        while turn.withLock({ $0 }) < 400 { await Task.yield() }
        buffer.flush()
        #expect(output.text == (0..<200).map { "0 \($0)\n1 \($0)\n" }.joined())
    }

    @Test func aRound_writesTheLinesStampedUpToItsTime_andKeepsTheLaterOnesForTheNext() {
        let output = Output()
        let buffer = LogBuffer(output: output.write)
        buffer.append(Self.line(1))
        let between = LogBuffer.now()
        buffer.append(Self.line(2))
        buffer.write(through: between)
        #expect(output.text == "line 1\n")
        #expect(buffer.pendingBytes == 7)
        buffer.append(Self.line(3))
        buffer.flush()
        #expect(output.text == "line 1\nline 2\nline 3\n")
        #expect(buffer.pendingBytes == 0)
    }

    @Test func aFullBuffer_dropsAndCountsLines_andKeepsTheOnesItHeld() {
        let output = Output()
        // No writer started: nothing drains, as when the writer cannot keep up.
        let buffer = LogBuffer(capacity: 20, output: output.write)
        #expect(buffer.append(Self.line(1)))  // 7 bytes
        #expect(buffer.append(Self.line(2)))  // 14
        #expect(!buffer.append(Self.line(3)))  // 21 > 20: dropped
        #expect(!buffer.append(Self.line(4)))
        #expect(buffer.append(Array("x\n".utf8)))  // 16: still fits
        #expect(buffer.droppedLines == 2)
        #expect(output.text.isEmpty)
        buffer.flush()
        #expect(output.text == "line 1\nline 2\nx\n")
        #expect(buffer.append(Self.line(5)))
        buffer.flush()
        #expect(output.text == "line 1\nline 2\nx\nline 5\n")
        #expect(buffer.droppedLines == 2)
    }

    @Test func theFirstDrop_isReportedOnce_byTheWriter() async throws {
        let output = Output()
        let reports = Mutex<[Int]>([])
        let buffer = LogBuffer(capacity: 10, flushInterval: .milliseconds(20), output: output.write,
                               onFirstDrop: { count in reports.withLock { $0.append(count) } })
        buffer.append(Self.line(1))
        buffer.append(Self.line(2))
        buffer.append(Self.line(3))
        buffer.start()
        try await waitUntil { reports.withLock { !$0.isEmpty } }
        buffer.append(Self.line(4))
        // Longer than the whole buffer: dropped whenever the writer last ran.
        #expect(!buffer.append(Array(repeating: UInt8(ascii: "x"), count: 20)))
        buffer.stop()
        #expect(reports.withLock { $0 } == [2])
        #expect(buffer.droppedLines == 3)
        #expect(output.text == "line 1\nline 4\n")
    }

    @Test func theWriter_flushesWithinItsInterval_withoutReachingItsThreshold() async throws {
        let output = Output()
        let buffer = LogBuffer(capacity: 1 << 16, writeThreshold: 1 << 15, flushInterval: .milliseconds(50), output: output.write)
        buffer.start()
        defer { buffer.stop() }
        buffer.append(Self.line(1))
        try await waitUntil { output.text == "line 1\n" }
        #expect(buffer.pendingBytes == 0)
    }

    @Test func passingTheThreshold_wakesTheWriter_beforeItsInterval() async throws {
        let output = Output()
        let buffer = LogBuffer(capacity: 1 << 16, writeThreshold: 14, flushInterval: .seconds(3600), output: output.write)
        buffer.start()
        defer { buffer.stop() }
        buffer.append(Self.line(1))
        buffer.append(Self.line(2))
        try await waitUntil { output.text == "line 1\nline 2\n" }
    }

    @Test func stopping_writesEveryLineLeft_thenWritesLaterLinesAtOnce() {
        let output = Output()
        let buffer = LogBuffer(flushInterval: .seconds(3600), output: output.write)
        buffer.start()
        for n in 0..<1_000 { buffer.append(Self.line(n)) }
        buffer.stop()
        #expect(output.text == (0..<1_000).map { "line \($0)\n" }.joined())
        buffer.append(Self.line(1_000))
        #expect(output.text.hasSuffix("line 999\nline 1000\n"))
        #expect(buffer.droppedLines == 0)
    }

    @Test func droppedLines_areCountedIn_metrics() throws {
        let buffer = LogBuffer(capacity: 8, output: { _ in })
        buffer.append(Self.line(1))
        buffer.append(Self.line(2))
        buffer.append(Self.line(3))
        var configuration = ServiceConfiguration()
        configuration.logBuffer = buffer
        let service = SeguedService(configuration: configuration)
        let first = String(decoding: service.handle(.make("GET", "/metrics")).body, as: UTF8.self)
        #expect(first.contains("# TYPE segued_log_lines_dropped_total counter\nsegued_log_lines_dropped_total 2\n"))
        buffer.append(Self.line(4))
        let second = String(decoding: service.handle(.make("GET", "/metrics")).body, as: UTF8.self)
        #expect(second.contains("\nsegued_log_lines_dropped_total 3\n"))
    }

    @Test func requestLines_goThroughTheBuffer_inTheTextFormatStreamLogHandlerWrites() throws {
        let output = Output()
        let buffer = LogBuffer(output: output.write)
        var configuration = ServiceConfiguration()
        configuration.logRequests = true
        let logger = Logger(label: "segued") { label in TextLineLogHandler(label: label, write: { buffer.append($0) }) }
        let service = SeguedService(configuration: configuration, logger: logger)
        _ = service.handle(.make("GET", "/v1/sessions/nope/stack", headers: ["X-Request-ID": "r-1"]))
        #expect(output.text.isEmpty)
        buffer.stop()
        let line = output.text
        let timestamp = try #require(line.split(separator: " ").first)
        #expect(line.hasSuffix(" [SeguedService] request\n"))
        #expect(line.hasPrefix("\(timestamp) info segued: duration_seconds="))
        #expect(line.contains(" method=GET problem=urn:segued:problem:unknown-session request_id=r-1 route=/v1/sessions/{id}/stack session=nope status=404 [SeguedService]"))
    }

    @Test func textLine_isStreamLogHandlersLine() {
        let line = TextLineLogHandler.line(
            timestamp: "2026-11-25T16:53:22+0000", level: .warning, label: "segued",
            metadata: ["b": .string("2"), "a": .stringConvertible(1), "c": .array([.string("x"), .string("y")])],
            source: "SeguedService", message: "hello")
        #expect(String(decoding: line, as: UTF8.self) == "2026-11-25T16:53:22+0000 warning segued: a=1 b=2 c=[\"x\", \"y\"] [SeguedService] hello\n")
        let bare = TextLineLogHandler.line(timestamp: "T", level: .info, label: "", metadata: [:], source: "S", message: "m")
        #expect(String(decoding: bare, as: UTF8.self) == "T info: [S] m\n")
    }

    @Test func timestamp_isStrftimesLocalTime() {
        #expect(TextLineLogHandler.timestamp(at: 1_795_000_000) == TextLineLogHandler.format(1_795_000_000))
        #expect(TextLineLogHandler.format(1_795_000_000).count == "2026-11-18T11:06:40+0000".count)
    }

    /// Polls `condition` every 10 ms for up to 5 s.
    private func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        for _ in 0..<500 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("condition not met within 5 s")
    }
}
