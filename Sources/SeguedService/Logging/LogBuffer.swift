import Foundation
public import HTTPServer
import Synchronization

/// Log lines on their way to the daemon's log, off the request path (issue #26): a request appends
/// its line to a bounded buffer and goes on; one writer thread writes the lines out whenever a
/// buffer passes ``writeThreshold`` and at least every ``flushInterval`` (100 ms by default: a line
/// an operator or a harness waits for, such as the start's, shows at once), and ``stop()`` writes
/// what is left (SIGTERM loses nothing). Written synchronously, one `write(2)` a line at the default
/// level halved the daemon's throughput; nginx buffers its access log the same way
/// (`access_log … buffer=64k flush=1s`).
///
/// **One buffer per thread slot** (``ThreadSlot``, eight shards): a line is appended under its
/// shard's lock, which only the threads of that slot take (a server thread keeps its slot, and the
/// first eight threads that log get one each). With one buffer for all, both server threads took
/// the same lock and wrote to the same lines of memory on every request, which moved between the
/// cores each time: the request log cost 9.1% of the `GET …/stack` rate, and costs 4.6% with a
/// buffer per thread (medians of 32 interleaved rounds, each against `--quiet-requests`; the
/// instructions a line takes did not change: about 3,600).
///
/// **Order**: each line gets the monotonic clock's time as it is appended, under its shard's lock.
/// The writer notes the time, takes every shard's lines, and writes those stamped up to that time
/// in time order; later ones (appended while it took the shards) wait for its next round. So the
/// log reads in the order lines were appended, across threads too: a line is in before its request
/// is answered, so the lines of requests one after the other (a client's, or two clients', the
/// second sent after the first was answered) come out in that order.
///
/// When the writer cannot keep up and a line would pass its shard's ``capacity``, the line is
/// dropped and counted (``droppedLines``, the metric `segued_log_lines_dropped_total`): a request
/// never waits for the log. The first drop is reported once through `onFirstDrop`, from the
/// writer's thread.
public final class LogBuffer: @unchecked Sendable {
    /// Bytes one shard holds at most; a line that would pass it is dropped.
    public let capacity: Int
    /// Bytes in a shard that wake the writer before its interval is up.
    public let writeThreshold: Int
    public let flushInterval: Duration
    private let output: @Sendable ([UInt8]) -> Void
    private let onFirstDrop: @Sendable (Int) -> Void
    private let shards: PerThreadSlot<Shard>

    /// `wake` guards the three flags below and is what the writer sleeps on.
    private let wake = NSCondition()
    private var wakeRequested = false
    private var stopRequested = false
    private var writerRunning = false
    /// Read by every append without a lock: set once stop() began, after which appends write at once.
    private let stopping = Atomic<Bool>(false)
    /// Held while lines are taken, ordered and written, so that the writer and a caller of `flush()`
    /// never write out of order; guards `carried`, every shard's `spare` and `dropReported`.
    private let writing = NSLock()
    /// Lines taken from the shards but stamped after the last round's time: written next round.
    private var carried = PendingLines()
    private var dropReported = false

    /// - Parameters:
    ///   - capacity: bytes each of the eight shards holds at most.
    ///   - output: writes one chunk of whole lines (by default to standard error).
    ///   - onFirstDrop: called once, from the writer, after the first line was dropped, with the
    ///     count dropped so far.
    public init(
        capacity: Int = 512 << 10, writeThreshold: Int = 64 << 10, flushInterval: Duration = .milliseconds(100),
        output: @escaping @Sendable ([UInt8]) -> Void = LogBuffer.standardError,
        onFirstDrop: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        self.capacity = capacity
        self.writeThreshold = min(writeThreshold, capacity)
        self.flushInterval = flushInterval
        self.output = output
        self.onFirstDrop = onFirstDrop
        shards = PerThreadSlot { Shard() }
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
        wake.lock()
        defer { wake.unlock() }
        guard !writerRunning, !stopRequested else { return }
        writerRunning = true
        let thread = Thread(block: { [self] in runWriter() })
        thread.name = "segued-log-writer"
        thread.start()
    }

    /// Adds one line (newline included). Returns false when it was dropped because its shard is
    /// full. After ``stop()`` the line is written at once, as no writer would write it.
    @discardableResult
    public func append(_ line: [UInt8]) -> Bool {
        append(length: line.count) { $0.append(borrowing: line) }
    }

    /// Adds the line `write` appends to the buffer it is given (newline included), written in place
    /// in the calling thread's shard: a request line is made there, without a buffer of its own.
    @discardableResult
    public func append(writing write: (inout ByteBuffer) -> Void) -> Bool {
        append(length: nil, write)
    }

    /// `length`, when known, drops a line too long for the room left before it is copied in.
    private func append(length: Int?, _ write: (inout ByteBuffer) -> Void) -> Bool {
        let shard = shards.current
        let capacity = capacity, threshold = writeThreshold
        let (kept, crossed) = shard.state.withLock { state -> (Bool, Bool) in
            let before = state.lines.bytes.byteCount
            if let length, before + length > capacity {
                state.dropped += 1
                return (false, false)
            }
            write(&state.lines.bytes)
            let after = state.lines.bytes.byteCount
            guard after <= capacity else {
                state.lines.bytes.truncate(to: before)
                state.dropped += 1
                return (false, false)
            }
            state.lines.ends.append(after)
            state.lines.stamps.append(Self.now())
            // Wake the writer once per crossing, not on every line past it.
            return (true, before < threshold && after >= threshold)
        }
        if crossed {
            wake.lock()
            wakeRequested = true
            wake.broadcast()
            wake.unlock()
        }
        // Once stop() began no writer runs: whether this line came before stop()'s last round or
        // after it, writing now leaves none behind.
        if stopping.load(ordering: .sequentiallyConsistent) { flush() }
        return kept
    }

    /// Lines dropped since the start because their shard was full.
    public var droppedLines: Int {
        shards.all.reduce(0) { total, shard in total + shard.state.withLock { $0.dropped } }
    }

    /// Bytes waiting for the writer.
    public var pendingBytes: Int {
        let taken = writing.withLock { carried.bytes.byteCount }
        return shards.all.reduce(taken) { total, shard in total + shard.state.withLock { $0.lines.bytes.byteCount } }
    }

    /// Writes every line appended before this call, on the caller's thread, in order.
    public func flush() {
        write(through: Self.now())
    }

    /// Writes what is left and ends the writer; later lines are written as they come.
    /// Safe to call more than once and from several threads (the shutdown and the drain's deadline).
    public func stop() {
        wake.lock()
        stopRequested = true
        stopping.store(true, ordering: .sequentiallyConsistent)
        wake.broadcast()
        while writerRunning { wake.wait() }
        wake.unlock()
        write(through: .max)
    }

    /// Takes every shard's lines and writes, in the order they were stamped, those stamped up to
    /// `cutoff`; the others are kept for the next round.
    func write(through cutoff: UInt64) {
        writing.lock()
        defer { writing.unlock() }
        for shard in shards.all {
            shard.state.withLock { swap(&$0.lines, &shard.spare) }
        }
        // The sources: what was carried, then each shard's lines; each is in stamp order already.
        let stamps = [carried.stamps] + shards.all.map { $0.spare.stamps }
        var next = [Int](repeating: 0, count: stamps.count)
        let busy = stamps.indices.filter { !stamps[$0].isEmpty }
        var chunk: [UInt8] = []
        var later = PendingLines()
        while true {
            var source = -1, earliest = UInt64.max
            // The earliest next line; on a tie, the first source's (what was carried comes first).
            for index in busy where next[index] < stamps[index].count && stamps[index][next[index]] < earliest {
                source = index
                earliest = stamps[index][next[index]]
            }
            guard source >= 0 else { break }
            let line = next[source]
            guard earliest <= cutoff else {
                next[source] += 1
                withLines(of: source) { later.add(line, of: $0) }
                continue
            }
            // With it, the source's next lines that the loop would take in turn (before every other
            // source's next line, a tie going to the lower source, and not after the cutoff), copied
            // at once: a line at a time, the writer's thread took about 700 instructions a request
            // line (callgrind, GET …/stack), a tenth of what logging a request costs.
            var below = UInt64.max, atMost = cutoff
            for index in busy where index != source && next[index] < stamps[index].count {
                if index < source { below = min(below, stamps[index][next[index]]) } else { atMost = min(atMost, stamps[index][next[index]]) }
            }
            var end = line + 1
            while end < stamps[source].count, stamps[source][end] < below, stamps[source][end] <= atMost { end += 1 }
            next[source] = end
            withLines(of: source) { $0.copyLines(line..<end, to: &chunk) }
        }
        swap(&carried, &later)
        for shard in shards.all { shard.spare.removeAll() }
        if !chunk.isEmpty { output(chunk) }
    }

    /// Source `source` of a round: 0 is what was carried, then each shard's taken lines.
    private func withLines(of source: Int, _ body: (borrowing PendingLines) -> Void) {
        if source == 0 { body(carried) } else { body(shards.all[source - 1].spare) }
    }

    private func runWriter() {
        let seconds = Double(flushInterval.components.seconds) + Double(flushInterval.components.attoseconds) / 1e18
        while true {
            wake.lock()
            if !wakeRequested, !stopRequested { _ = wake.wait(until: Date(timeIntervalSinceNow: seconds)) }
            wakeRequested = false
            let ending = stopRequested
            wake.unlock()
            if ending { break }
            flush()
            reportFirstDrop()
        }
        wake.lock()
        writerRunning = false
        wake.broadcast()
        wake.unlock()
    }

    private func reportFirstDrop() {
        let count = droppedLines
        let report = writing.withLock {
            let first = count > 0 && !dropReported
            if first { dropReported = true }
            return first
        }
        if report { onFirstDrop(count) }
    }

    /// The monotonic clock in nanoseconds: the same across cores, so stamps from two threads compare.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

/// The lines of one shard, or of the writer's round: their bytes one after the other, where each
/// ends, and when each was appended.
struct PendingLines: ~Copyable {
    var bytes = ByteBuffer(capacity: 1024)
    var ends: [Int] = []
    var stamps: [UInt64] = []

    func range(of line: Int) -> Range<Int> { (line == 0 ? 0 : ends[line - 1])..<ends[line] }

    /// Appends lines `lines` (consecutive: one range of the bytes) to `chunk`.
    func copyLines(_ lines: Range<Int>, to chunk: inout [UInt8]) {
        bytes.copy(range(of: lines.lowerBound).lowerBound..<ends[lines.upperBound - 1], appendingTo: &chunk)
    }

    /// Appends line `line` of `other`, with its stamp.
    mutating func add(_ line: Int, of other: borrowing PendingLines) {
        bytes.append(other.range(of: line), of: other.bytes)
        ends.append(bytes.byteCount)
        stamps.append(other.stamps[line])
    }

    mutating func removeAll() {
        bytes.truncate(to: 0)
        ends.removeAll(keepingCapacity: true)
        stamps.removeAll(keepingCapacity: true)
    }
}

/// One slot's lines, and the lines the writer last took from it.
private final class Shard: @unchecked Sendable {
    struct State: ~Copyable {
        var lines = PendingLines()
        var dropped = 0
    }

    let state = Mutex(State())
    /// Swapped with `state.lines` by the writer, under ``LogBuffer``'s `writing` lock only.
    var spare = PendingLines()
    private let padding = CacheLinePadding()
}
