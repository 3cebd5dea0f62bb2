import Navigation

/// A session's event log: the last `capacity` events, oldest dropped first.
///
/// The events are packed (``PackedEvents``: a word an event, bytes for the few that need more) in
/// chunks of at most `chunkSize`. A chunk, once made, is filled in place and never copied; the
/// first grows as needed, so that a session with a short history stays small, and later ones
/// reserve what a full chunk took. Dropping the oldest events moves the log's start within its
/// first chunk, which is freed once all its events are gone: the log holds at most
/// `capacity + chunkSize` events.
struct EventLog {
    let capacity: Int
    let chunkSize: Int
    /// In sequence order; within a chunk the sequence numbers are consecutive.
    private var chunks: [PackedEvents] = []
    /// Events at the front of the first chunk that are no longer held.
    private var dropped = 0
    /// The number of events held.
    private(set) var count = 0

    init(capacity: Int, chunkSize: Int = 512) {
        self.capacity = max(1, capacity)
        self.chunkSize = max(1, chunkSize)
    }

    mutating func append(contentsOf events: [LifecycleEvent]) {
        guard let first = events.first else { return }
        // The last chunk is taken out while it is filled: through `chunks[last]`, every event's
        // append checked the chunk list's uniqueness too.
        var chunk = chunks.popLast() ?? PackedEvents(firstSequence: first.sequence)
        for index in events.indices {
            let sequence = events[index].sequence
            if chunk.count == chunkSize || chunk.nextSequence != sequence {
                let full = chunk.count == chunkSize
                chunks.append(chunk)
                chunk = PackedEvents(firstSequence: sequence, reserving: full ? (chunkSize, chunk.byteCount) : (0, 0))
            }
            chunk.append(events, at: index)
        }
        chunks.append(chunk)
        count += events.count
        dropOldest(count - capacity)
    }

    private mutating func dropOldest(_ excess: Int) {
        var excess = excess
        while excess > 0 {
            let inFirst = chunks[0].count - dropped
            if excess >= inFirst {
                chunks.removeFirst()
                dropped = 0
                count -= inFirst
                excess -= inFirst
            } else {
                dropped += excess
                count -= excess
                excess = 0
            }
        }
    }

    /// The oldest sequence number still held, or `nil` when the log is empty.
    var firstSequence: Int? { chunks.first.map { $0.firstSequence + dropped } }

    /// Up to `limit` events with a sequence number greater than `after` (≥ 0), oldest first.
    func events(after: Int, limit: Int) -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        for (position, chunk) in chunks.enumerated() where events.count < limit {
            let droppedHere = position == 0 ? dropped : 0
            // Sequence numbers are positive, so `after - firstSequence` cannot overflow.
            let passed = after < chunk.firstSequence ? 0 : min(chunk.count, after - chunk.firstSequence + 1)
            let start = max(droppedHere, passed)
            guard start < chunk.count else { continue }
            events.append(contentsOf: chunk.events(from: start, limit: limit - events.count))
        }
        return events
    }
}
