import Navigation

/// A session's event log: the last `capacity` events, and no more than `byteCapacity` bytes of
/// them beyond the latest operation's; oldest dropped first.
///
/// The events are packed (``PackedEvents``: a word an event, bytes for the few that need more) in
/// chunks of at most `chunkSize` events. A chunk, once made, is filled in place and never copied; the
/// first grows as needed, so that a session with a short history stays small, and later ones
/// reserve what a full chunk took. Dropping the oldest events moves the log's start within its
/// first chunk, which is freed once all its events are gone: the log holds at most
/// `capacity + chunkSize` events.
///
/// The byte bound is there because an event can carry what a client sent: a `sender` of 900 KB
/// appears in two events of its segue, so 300 segues grew one session by 480 MB while the count
/// bound allowed 380 of them in the log. A chunk is closed once its bytes reach `chunkBytes`, and
/// whole chunks are dropped, so memory is given back in steps of about that size; the chunks that
/// hold the latest operation's events are kept whatever their size, as a client reads them next.
///
/// Beside the events, the operations they belong to (``OperationRecord``), for as long as the log
/// holds an operation's last event: the event stream's backlog tells a late client where each
/// operation began and ended. Their memory is ``operationsSize``, apart from ``size`` (which the
/// byte bound is about).
///
/// The records' unwind search steps are kept apart, in one array for the log (`searchSteps`), not
/// in each record: there, each unwind's steps were an allocation that lived as long as its events
/// (some 500 operations of a full log) and was then freed cold. Under bench/http's (b) load (a
/// segue and an unwind over 1,000 sessions) that cost about 4% of the daemon's CPU a request
/// (paired rounds with the steps not kept, bench/http/NOTES.md).
struct EventLog {
    let capacity: Int
    let byteCapacity: Int
    let chunkSize: Int
    let chunkBytes: Int
    /// In sequence order; within a chunk the sequence numbers are consecutive.
    private var chunks: [PackedEvents] = []
    /// Events at the front of the first chunk that are no longer held.
    private var dropped = 0
    /// The number of events held.
    private(set) var count = 0
    /// The chunks' ``PackedEvents/size``, dropped events of the first one included (their memory
    /// is still taken).
    private(set) var size = 0
    /// The operations whose last event is held, oldest first.
    private var operations = FrontReleasedArray<HeldOperation>()
    /// The held operations' search steps, in order.
    private var searchSteps = FrontReleasedArray<SearchStep>()
    /// The steps let go so far: the position, counted from the log's first step, of the first held.
    private var searchStepsReleased = 0
    /// What the held operations take (``operationBytes(searchSteps:)`` each).
    private(set) var operationsSize = 0

    /// An operation held: its record without its search steps, which are `searchCount` of
    /// `searchSteps` from the one at `searchStart` (counted from the log's first step).
    private struct HeldOperation {
        var record: OperationRecord
        var searchStart: Int
        var searchCount: Int
    }

    /// What an operation with `searchSteps` steps takes in the log.
    static func operationBytes(searchSteps: Int) -> Int {
        MemoryLayout<HeldOperation>.stride + searchSteps * MemoryLayout<SearchStep>.stride
    }

    init(capacity: Int, byteCapacity: Int = 1 << 20, chunkSize: Int = 512, chunkBytes: Int = 64 << 10) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(0, byteCapacity)
        self.chunkSize = max(1, chunkSize)
        self.chunkBytes = max(1, chunkBytes)
    }

    /// Appends an operation's events, and its record when given.
    mutating func append(contentsOf events: [LifecycleEvent], operation: OperationRecord?) {
        append(contentsOf: events)
        guard var record = operation else { return }
        let steps = record.search
        record.search = []
        operations.append(HeldOperation(record: record, searchStart: searchStepsReleased + searchSteps.held.count, searchCount: steps.count))
        searchSteps.append(contentsOf: steps)
        operationsSize += Self.operationBytes(searchSteps: steps.count)
        // Not a repeat of the call in `append(contentsOf:)`: a record restored from the store can
        // come with fewer events than it had, or none, and its last event may be gone already.
        forgetOperations()
    }

    mutating func append(contentsOf events: [LifecycleEvent]) {
        guard let first = events.first else { return }
        // The last chunk is taken out while it is filled: through `chunks[last]`, every event's
        // append checked the chunk list's uniqueness too.
        var chunk = chunks.popLast() ?? PackedEvents(firstSequence: first.sequence)
        size -= chunk.size
        var reserved = false
        for index in events.indices {
            let sequence = events[index].sequence
            if chunk.count == chunkSize || chunk.byteCount >= chunkBytes || chunk.nextSequence != sequence {
                // A full chunk's successor reserves what it took, up to `chunkBytes`: one large
                // event must not make every later chunk reserve its size.
                let full = chunk.count == chunkSize
                size += chunk.size
                chunks.append(chunk)
                chunk = PackedEvents(firstSequence: sequence, reserving: full ? (chunkSize, min(chunk.byteCount, chunkBytes)) : (0, 0))
                reserved = false
            }
            if !reserved {
                // Room for the rest of the operation in the chunk it goes to, once per chunk.
                chunk.reserve(more: events.count - index, limit: chunkSize)
                reserved = true
            }
            chunk.append(events, at: index)
        }
        size += chunk.size
        chunks.append(chunk)
        count += events.count
        dropOldest(count - capacity)
        dropOldestChunks(before: first.sequence)
        forgetOperations()
    }

    /// Forgets the operations whose last event is no longer held.
    private mutating func forgetOperations() {
        let held = firstSequence ?? Int.max
        var freed = 0
        var steps = 0
        operations.release(while: { $0.record.lastSequence < held }) {
            freed += Self.operationBytes(searchSteps: $0.searchCount)
            steps += $0.searchCount
        }
        operationsSize -= freed
        if steps > 0 {
            searchSteps.release(first: steps)
            searchStepsReleased += steps
        }
    }

    /// The record of `held`, with its search steps.
    private func record(_ held: HeldOperation) -> OperationRecord {
        guard held.searchCount > 0 else { return held.record }
        let steps = searchSteps.held
        let start = steps.startIndex + (held.searchStart - searchStepsReleased)
        var record = held.record
        record.search = Array(steps[start..<start + held.searchCount])
        return record
    }

    /// The operations whose last event comes after `after`, oldest first: those a client that has
    /// seen the events up to `after` has not been told of.
    func operations(endingAfter after: Int) -> [OperationRecord] {
        // From the newest back: a resuming client asks for the last few.
        let held = operations.held
        var start = held.endIndex
        while start > held.startIndex, held[start - 1].record.lastSequence > after { start -= 1 }
        return held[start...].map(record)
    }

    /// The operations whose last event comes after `after` and no later than `through`, oldest
    /// first: those of one piece of an event stream's backlog (EventBacklog), found by bisection
    /// since a long backlog is written in many pieces.
    func operations(endingAfter after: Int, through: Int) -> [OperationRecord] {
        let held = operations.held
        var low = held.startIndex, high = held.endIndex
        while low < high {
            let middle = (low + high) / 2
            if held[middle].record.lastSequence > after { high = middle } else { low = middle + 1 }
        }
        var end = low
        while end < held.endIndex, held[end].record.lastSequence <= through { end += 1 }
        return held[low..<end].map(record)
    }

    /// The held operations with the events of each the log holds, oldest first: what the store
    /// writes for a session made with a log (a fork).
    func operationRuns() -> [(record: OperationRecord, events: [LifecycleEvent])] {
        let firstHeld = firstSequence ?? Int.max
        return operations.held.map { held in
            let record = record(held)
            let start = max(record.firstSequence, firstHeld)
            return (record, events(after: start - 1, limit: max(0, record.lastSequence - start + 1)))
        }
    }

    private mutating func dropOldest(_ excess: Int) {
        var excess = excess
        while excess > 0 {
            let inFirst = chunks[0].count - dropped
            if excess >= inFirst {
                dropFirstChunk()
                excess -= inFirst
            } else {
                dropped += excess
                count -= excess
                excess = 0
            }
        }
    }

    /// Drops whole chunks while the log is over `byteCapacity`, as long as all their events come
    /// before `sequence` (the latest operation's first event).
    private mutating func dropOldestChunks(before sequence: Int) {
        while size > byteCapacity, let oldest = chunks.first, oldest.nextSequence <= sequence {
            dropFirstChunk()
        }
    }

    private mutating func dropFirstChunk() {
        let chunk = chunks.removeFirst()
        count -= chunk.count - dropped
        size -= chunk.size
        dropped = 0
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
