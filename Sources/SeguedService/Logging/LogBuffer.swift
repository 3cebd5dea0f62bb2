import Foundation

/// Log lines on their way to the daemon's log, off the request path (issue #26): a request appends
/// its line to a bounded buffer and goes on; one writer thread writes the buffer out whenever it
/// passes ``writeThreshold`` and at least every ``flushInterval`` (100 ms by default: a line an
/// operator or a harness waits for, such as the start's, shows at once), and ``stop()`` writes what
/// is left (SIGTERM loses nothing). Written synchronously, one `write(2)` a line at the default level
/// halved the daemon's throughput; nginx buffers its access log the same way
/// (`access_log … buffer=64k flush=1s`).
///
/// When the writer cannot keep up and a line would pass ``capacity``, the line is dropped and
/// counted (``droppedLines``, the metric `segued_log_lines_dropped_total`): a request never waits
/// for the log. The first drop is reported once through `onFirstDrop`, from the writer's thread.
public final class LogBuffer: @unchecked Sendable {
    /// Bytes held at most; a line that would pass it is dropped.
    public let capacity: Int
    /// Bytes that wake the writer before its interval is up.
    public let writeThreshold: Int
    public let flushInterval: Duration
    private let output: @Sendable ([UInt8]) -> Void
    private let onFirstDrop: @Sendable (Int) -> Void

    // `state` guards everything below; `writing` is held while a chunk is taken and written, so
    // that the writer and a caller of `flush()` never write two chunks out of order.
    private let state = NSCondition()
    private let writing = NSLock()
    private var pending: [UInt8] = []
    /// The other half of the double buffer, empty, owned by whoever holds `writing`: the writer
    /// swaps it with `pending` and writes outside `state`, so appends wait only for the swap.
    private var spare: [UInt8] = []
    private var dropped = 0
    private var dropReported = false
    private var stopping = false
    private var writerRunning = false

    /// - Parameters:
    ///   - output: writes one chunk of whole lines (by default to standard error).
    ///   - onFirstDrop: called once, from the writer, after the first line was dropped, with the
    ///     count dropped so far.
    public init(
        capacity: Int = 1 << 20, writeThreshold: Int = 64 << 10, flushInterval: Duration = .milliseconds(100),
        output: @escaping @Sendable ([UInt8]) -> Void = LogBuffer.standardError,
        onFirstDrop: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        self.capacity = capacity
        self.writeThreshold = min(writeThreshold, capacity)
        self.flushInterval = flushInterval
        self.output = output
        self.onFirstDrop = onFirstDrop
        pending.reserveCapacity(capacity)
        spare.reserveCapacity(capacity)
    }

    /// Every byte, retrying short writes and interruptions (a full pipe, a signal).
    public static let standardError: @Sendable ([UInt8]) -> Void = { bytes in
        var rest = bytes
        while !rest.isEmpty {
            let written = Foundation.write(2, rest, rest.count)
            if written == rest.count { return }
            if written > 0 { rest = Array(rest[written...]) } else if written < 0, errno == EINTR { continue } else { return }
        }
    }

    /// Starts the writer thread (once).
    public func start() {
        state.lock()
        defer { state.unlock() }
        guard !writerRunning, !stopping else { return }
        writerRunning = true
        let thread = Thread(block: { [self] in runWriter() })
        thread.name = "segued-log-writer"
        thread.start()
    }

    /// Adds one line (newline included). Returns false when it was dropped: the buffer is full, or
    /// the buffer was stopped (then the line is written at once instead, as nothing would write it).
    @discardableResult
    public func append(_ line: [UInt8]) -> Bool {
        state.lock()
        if stopping {
            state.unlock()
            // After what is still pending, so that lines stay in order.
            writing.lock()
            defer { writing.unlock() }
            state.lock()
            var chunk = pending
            pending.removeAll(keepingCapacity: true)
            state.unlock()
            chunk.append(contentsOf: line)
            output(chunk)
            return true
        }
        guard pending.count + line.count <= capacity else {
            dropped += 1
            state.unlock()
            return false
        }
        let before = pending.count
        pending.append(contentsOf: line)
        // Wake the writer once per crossing, not on every line past it.
        if before < writeThreshold, pending.count >= writeThreshold { state.broadcast() }
        state.unlock()
        return true
    }

    /// Lines dropped since the start because the buffer was full.
    public var droppedLines: Int {
        state.lock()
        defer { state.unlock() }
        return dropped
    }

    /// Bytes waiting for the writer.
    public var pendingBytes: Int {
        state.lock()
        defer { state.unlock() }
        return pending.count
    }

    /// Writes everything appended so far, on the caller's thread, in order.
    public func flush() {
        writing.lock()
        defer { writing.unlock() }
        var chunk: [UInt8] = []
        swap(&chunk, &spare)
        state.lock()
        swap(&chunk, &pending)
        state.unlock()
        if !chunk.isEmpty { output(chunk) }
        chunk.removeAll(keepingCapacity: true)
        spare = chunk
    }

    /// Writes what is left and ends the writer; later lines are written as they come.
    /// Safe to call more than once and from several threads (the shutdown and the drain's deadline).
    public func stop() {
        state.lock()
        stopping = true
        state.broadcast()
        while writerRunning { state.wait() }
        state.unlock()
        flush()
    }

    private func runWriter() {
        while true {
            state.lock()
            if pending.count < writeThreshold, !stopping {
                let seconds = Double(flushInterval.components.seconds) + Double(flushInterval.components.attoseconds) / 1e18
                _ = state.wait(until: Date(timeIntervalSinceNow: seconds))
            }
            let ending = stopping
            state.unlock()
            flush()
            reportFirstDrop()
            if ending { break }
        }
        state.lock()
        writerRunning = false
        state.broadcast()
        state.unlock()
    }

    private func reportFirstDrop() {
        state.lock()
        let count = dropped
        let report = count > 0 && !dropReported
        if report { dropReported = true }
        state.unlock()
        if report { onFirstDrop(count) }
    }
}
