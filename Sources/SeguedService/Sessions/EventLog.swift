import Navigation

/// A session's event log: the last `capacity` events, oldest dropped first.
struct EventLog {
    let capacity: Int
    private var storage: [LifecycleEvent] = []
    /// Index in `storage` of the oldest event once the log is full.
    private var start = 0

    init(capacity: Int) { self.capacity = max(1, capacity) }

    var count: Int { storage.count }

    mutating func append(contentsOf events: [LifecycleEvent]) {
        for event in events {
            if storage.count < capacity {
                storage.append(event)
            } else {
                storage[start] = event
                start = (start + 1) % capacity
            }
        }
    }

    /// The oldest sequence number still held, or `nil` when the log is empty.
    var firstSequence: Int? { storage.isEmpty ? nil : storage[start % storage.count].sequence }

    /// Up to `limit` events with a sequence number greater than `after`, oldest first.
    func events(after: Int, limit: Int) -> [LifecycleEvent] {
        guard let first = firstSequence else { return [] }
        // Sequence numbers are consecutive, so the position follows from the first one held.
        let skip = max(0, after - first + 1)
        guard skip < storage.count else { return [] }
        let available = storage.count - skip
        return (0..<min(limit, available)).map { storage[(start + skip + $0) % storage.count] }
    }
}
