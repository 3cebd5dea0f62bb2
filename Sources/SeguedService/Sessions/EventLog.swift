import Navigation

/// A session's event log: the last `capacity` events, oldest dropped first.
///
/// The events are kept in chunks of at most `chunkSize` rather than in one array. A log grows by
/// about 20 events per operation until it is full, and one array doubled on the way: each doubling
/// copied the whole log into newly allocated memory. Under `bench/http` (b), perf put the log's
/// appends, their copies and page faults included, at 4.7% of the daemon's time; in chunks, 2.4%.
/// A chunk, once made, is filled in place and never copied. The first chunk grows like an array,
/// so that a session with a short history stays small.
struct EventLog {
    let capacity: Int
    let chunkSize: Int
    /// Every chunk but the last holds `chunkSize` events.
    private var chunks: [[LifecycleEvent]] = []
    /// Position of the oldest event once the log is full (positions run over the chunks in order).
    private var start = 0

    init(capacity: Int, chunkSize: Int = 512) {
        self.capacity = max(1, capacity)
        self.chunkSize = max(1, chunkSize)
    }

    var count: Int { chunks.isEmpty ? 0 : (chunks.count - 1) * chunkSize + chunks[chunks.count - 1].count }

    mutating func append(contentsOf events: [LifecycleEvent]) {
        var remaining = events[...]
        // While there is room: whole runs into the last chunk (appending one by one checked the
        // chunk list's and the chunk's uniqueness for every event).
        while !remaining.isEmpty, count < capacity {
            if chunks.isEmpty || chunks[chunks.count - 1].count == chunkSize {
                var chunk: [LifecycleEvent] = []
                // Later chunks are made at their full size at once; the first grows as needed.
                if !chunks.isEmpty { chunk.reserveCapacity(min(chunkSize, capacity - count)) }
                chunks.append(chunk)
            }
            let room = min(chunkSize - chunks[chunks.count - 1].count, capacity - count)
            let run = remaining.prefix(room)
            chunks[chunks.count - 1].append(contentsOf: run)
            remaining = remaining.dropFirst(run.count)
        }
        // Full: each event replaces the oldest.
        for event in remaining {
            chunks[start / chunkSize][start % chunkSize] = event
            start = (start + 1) % capacity
        }
    }

    /// The event at `position` (0 ..< count) in storage order.
    private func stored(_ position: Int) -> LifecycleEvent { chunks[position / chunkSize][position % chunkSize] }

    /// The oldest sequence number still held, or `nil` when the log is empty.
    var firstSequence: Int? { count == 0 ? nil : stored(start).sequence }

    /// Up to `limit` events with a sequence number greater than `after`, oldest first.
    func events(after: Int, limit: Int) -> [LifecycleEvent] {
        guard let first = firstSequence else { return [] }
        // Sequence numbers are consecutive, so the position follows from the first one held.
        let skip = max(0, after - first + 1)
        guard skip < count else { return [] }
        let available = count - skip
        return (0..<min(limit, available)).map { stored((start + skip + $0) % count) }
    }
}
