// A stream that starts with what happened before the client joined (an event stream's backlog) does
// not queue it whole: 1,024 streams asking for a whole backlog and never reading held 1.97 GB
// (issue 28). It writes it a piece at a time, each piece when the client has taken the previous
// one, from a source that reads it where it lives (the session's event log). Memory per such
// client is then one piece, whatever the backlog.

import Synchronization

extension ResponseStream {
    /// Makes the stream write what it catches up on with `producer`, a piece each time its queue
    /// runs empty, before any live bytes. Call it before the stream is queued on a connection.
    ///
    /// `producer` runs on a server thread with none of the stream's locks held. Each call hands
    /// one piece to ``sendProduced(_:caughtUp:)`` (the last one with `caughtUp: true`). While the
    /// stream catches up, ``send(_:)`` queues nothing: the producer is to write those bytes itself
    /// when it reaches them, and to end the catching up under the same lock as whoever sends live
    /// bytes, so that none is lost or sent twice.
    public func catchUp(with producer: @escaping @Sendable (ResponseStream) -> Void) {
        self.producer.withLock { $0 = producer }
        state.withLock { $0.catchingUp = true }
    }

    /// Whether the stream still writes what it catches up on.
    public var isCatchingUp: Bool { state.withLock { $0.catchingUp } }

    /// Queues a piece the producer wrote; with `caughtUp` the stream goes live after it. Counted
    /// like any queued bytes (the server's bound, the memory budget): a piece that does not fit
    /// drops the stream. Ignored once the stream no longer catches up (finished, closed).
    public func sendProduced(_ bytes: [UInt8], caughtUp: Bool) {
        let total = host.withLock { $0 }
        let dropped: Bool = state.withLock { state in
            guard state.open, state.catchingUp else { return false }
            if caughtUp { state.catchingUp = false }
            guard !bytes.isEmpty else {
                state.wake()
                return false
            }
            if let total, !total.reserve(bytes.count) {
                state.drop(because: .dropped)
                return true
            }
            if total == nil { state.unbudgeted += bytes.count }
            state.enqueue(bytes)
            return false
        }
        if caughtUp { producer.withLock { $0 = nil } }
        if dropped { closed(.dropped) }
    }

    /// Runs the producer once (the connection's reader found the queue empty). A producer that
    /// wrote nothing and did not say it caught up would be asked again and again: the stream then
    /// goes live where it is.
    func produceNextPiece() {
        guard let producer = producer.withLock({ $0 }) else {
            state.withLock { $0.catchingUp = false }
            return
        }
        producer(self)
        state.withLock { state in
            if state.catchingUp, state.queued == 0 { state.catchingUp = false }
        }
    }
}
