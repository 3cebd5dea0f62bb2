import Synchronization

/// The body of a response that is written while it is being sent (Server-Sent Events): bytes queued
/// by any thread with ``send(_:)``, handed to libmicrohttpd as the client takes them.
///
/// The connection holds no server thread while the queue is empty: libmicrohttpd suspends it and
/// ``send(_:)`` resumes it (notes/libmicrohttpd.md, pitfall 10). A client that does not read is
/// dropped, not buffered without end: once the bytes queued for it pass ``maxQueuedBytes`` (or the
/// server's total for all streams), the stream closes and the connection ends with an error.
///
/// Whoever made the stream learns that it closed (client gone, dropped, finished) through
/// `onClose`, called once, on no particular thread and with none of the stream's locks held.
public final class ResponseStream: Sendable {
    /// Why a stream closed, as `onClose` is told.
    public enum Closing: Sendable, Equatable {
        /// ``finish()`` was called and everything queued was handed to the connection.
        case finished
        /// The client closed the connection, or the server ended it at shutdown.
        case disconnected
        /// The client did not read: the bytes queued for it passed the bound.
        case dropped
    }

    /// The bytes the queue may hold for a client that does not read.
    public let maxQueuedBytes: Int
    let state: Mutex<StreamState>
    private let onClose: @Sendable (ResponseStream, Closing) -> Void
    /// Called when the server shuts down while the stream is open: it sends a last message and
    /// calls ``finish()``. Without it the stream is finished as it is.
    let onShutdown: (@Sendable (ResponseStream) -> Void)?
    /// The server's open streams and their bytes, once the stream is queued on a connection.
    let host = Mutex<StreamHost?>(nil)
    /// Writes the next piece of what the stream catches up on (``catchUp(with:)``).
    let producer = Mutex<(@Sendable (ResponseStream) -> Void)?>(nil)

    public init(
        maxQueuedBytes: Int, onShutdown: (@Sendable (ResponseStream) -> Void)? = nil,
        onClose: @escaping @Sendable (ResponseStream, Closing) -> Void = { _, _ in }
    ) {
        self.maxQueuedBytes = max(1, maxQueuedBytes)
        self.onShutdown = onShutdown
        self.onClose = onClose
        state = Mutex(StreamState())
    }

    /// Queues `bytes`; `false` when the stream is closed, or closes now because the client does not
    /// read (the bytes are then not queued). While the stream catches up (``catchUp(with:)``) live
    /// bytes are not queued: its source writes them in their turn.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool { queue(bytes, live: true) }

    /// Queues the stream's last `bytes`, even while it catches up (which then stops), and ends the
    /// response once they are sent.
    public func finish(sending bytes: [UInt8]) {
        state.withLock { $0.catchingUp = false }
        queue(bytes, live: false)
        finish()
        producer.withLock { $0 = nil }
    }

    @discardableResult
    private func queue(_ bytes: [UInt8], live: Bool) -> Bool {
        guard !bytes.isEmpty else { return isOpen }
        let total = host.withLock { $0 }
        let outcome: SendOutcome = state.withLock { state in
            guard state.open, !state.finishing else { return .closed }
            if live, state.catchingUp { return .queued }
            if state.queued - state.unbudgeted + bytes.count > maxQueuedBytes
                || total.map({ !$0.reserve(bytes.count) }) == true
            {
                state.drop(because: .dropped)
                return .dropped
            }
            // Before the stream is queued on a connection no budget counts its bytes; they are all
            // ahead of any counted ones, so they are given back first, uncounted.
            if total == nil { state.unbudgeted += bytes.count }
            state.enqueue(bytes)
            return .queued
        }
        switch outcome {
        case .queued: return true
        case .closed: return false
        case .dropped:
            closed(.dropped)
            return false
        }
    }

    /// Queues bytes the bound does not count, once, before the stream is queued on a connection:
    /// a backlog the client asked for may be larger than what a reader is allowed to fall behind.
    public func sendInitial(_ bytes: [UInt8]) {
        state.withLock { state in
            guard state.open else { return }
            state.unbudgeted += bytes.count
            state.enqueue(bytes)
        }
    }

    /// Ends the response once the queued bytes are sent (a stream still catching up ends where it is).
    public func finish() {
        state.withLock { state in
            guard state.open else { return }
            state.finishing = true
            state.wake()
        }
    }

    public var isOpen: Bool { state.withLock { $0.open } }

    /// Bytes queued and not yet taken by the connection.
    public var queuedBytes: Int { state.withLock { $0.queued } }

    /// Ends the stream with an error at once, whatever is queued (shutdown past its grace).
    func abort() {
        state.withLock { $0.drop(because: .disconnected) }
        closed(.disconnected)
    }

    /// Called once the stream closed, outside the lock.
    func closed(_ reason: Closing) {
        // The reason recorded when the stream was stopped wins: shutting the socket down makes
        // libmicrohttpd end the connection, whose report (disconnected) can come first.
        let released: (bytes: Int, reason: Closing)? = state.withLock { state in
            guard !state.released else { return nil }
            state.released = true
            state.open = false
            state.binding = nil
            return (state.takeAllQueued(), state.stoppedBecause ?? reason)
        }
        // The source may hold what the stream reads from (a session holding this stream): let go.
        producer.withLock { $0 = nil }
        let host = host.withLock { $0 }
        // Removed whenever the connection ends, even when closed before it was queued.
        host?.remove(self)
        guard let released else { return }
        host?.release(released.bytes)
        onClose(self, released.reason)
    }

    private enum SendOutcome { case queued, closed, dropped }
}

/// A server's open streams, and the bytes they all hold against a bound
/// (``ServerConfiguration/maxStreamBytes``) and in the ``HeldBytesBudget`` when there is one.
final class StreamHost: Sendable {
    let limit: Int
    let budget: (any HeldBytesBudget)?
    private let used = Atomic<Int>(0)
    private let open = Mutex<(streams: [ObjectIdentifier: ResponseStream], closing: Bool)>(([:], false))

    init(limit: Int, budget: (any HeldBytesBudget)? = nil) {
        self.limit = limit
        self.budget = budget
    }

    /// Counts `stream` among the open ones; once the server is stopping (``close()``), a stream
    /// still being opened (on a kept-alive connection) is ended at once instead: stopping with a
    /// suspended connection is an API violation.
    func add(_ stream: ResponseStream) {
        stream.host.withLock { $0 = self }
        let closing = open.withLock { open in
            if !open.closing { open.streams[ObjectIdentifier(stream)] = stream }
            return open.closing
        }
        if closing { stream.abort() }
    }

    /// No stream is added from now on.
    func close() { open.withLock { $0.closing = true } }

    func remove(_ stream: ResponseStream) { _ = open.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) } }

    var streams: [ResponseStream] { open.withLock { Array($0.streams.values) } }

    var current: Int { used.load(ordering: .relaxed) }

    /// Counts `bytes` if they fit under the limit and in the budget.
    func reserve(_ bytes: Int) -> Bool {
        var current = used.load(ordering: .relaxed)
        while true {
            guard current + bytes <= limit else { return false }
            let (exchanged, original) = used.compareExchange(
                expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { break }
            current = original
        }
        if let budget, !budget.reserve(bytes) {
            used.subtract(bytes, ordering: .relaxed)
            return false
        }
        return true
    }

    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        used.subtract(bytes, ordering: .relaxed)
        budget?.release(bytes)
    }
}
