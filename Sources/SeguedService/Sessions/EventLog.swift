import Navigation

/// A session's event log: the last `capacity` events, and no more than `byteCapacity` bytes of
/// them beyond the latest operation's; oldest dropped first.
///
/// The events are packed (``PackedEvents``: a few bytes an event, in one buffer a chunk) in
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
/// operation began and ended. Of a record the log keeps apart only its last sequence number, its
/// command (whose payload the session's walk shares) and where the rest is: its numbers, segue and
/// search steps are bytes in the chunk, after the operation's last event (``OperationDetails``), so
/// that an operation appends to one buffer, not three. Their memory is ``operationsSize`` for
/// what is kept apart, and part of ``size`` for the bytes.
struct EventLog {
    let capacity: Int
    let byteCapacity: Int
    let chunkSize: Int
    let chunkBytes: Int
    private let markStride: Int
    /// The chunks before the one being filled, in sequence order; within a chunk the sequence
    /// numbers are consecutive.
    private var closed: [PackedEvents] = []
    /// The chunk being filled (the last), in the log's own struct: kept in `closed`, every append
    /// read that array's header first, a cold line under bench/http's (b) load (1,000 sessions,
    /// each met again after 999 others), as was reading its first chunk to drop events from it.
    private var tail: PackedEvents?
    /// `closed.count`, and the first closed chunk's first sequence number and count: what an append
    /// needs of `closed`, kept here so that it touches `closed` only when a chunk closes or goes.
    private var closedCount = 0
    private var oldestClosed = (firstSequence: 0, count: 0)
    /// Events at the front of the first chunk that are no longer held.
    private var dropped = 0
    /// The number of events held.
    private(set) var count = 0
    /// The chunks' ``PackedEvents/size``, dropped events of the first one included (their memory
    /// is still taken).
    private(set) var size = 0
    /// The operations whose last event is held, oldest first.
    private var operations = FrontReleasedArray<HeldOperation>()
    /// What the held operations take apart from their details (``operationBytes`` each).
    var operationsSize: Int { operations.count * Self.operationBytes }

    /// An operation held: what its record needs beside its details, which are in the chunk that
    /// holds its last event, from byte `details`.
    private struct HeldOperation {
        var lastSequence: Int
        var command: Command?
        var details: UInt32
    }

    /// What an operation takes in the log beside its details' bytes.
    static let operationBytes = MemoryLayout<HeldOperation>.stride

    init(capacity: Int, byteCapacity: Int = 1 << 20, chunkSize: Int = 512, chunkBytes: Int = 64 << 10) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(0, byteCapacity)
        self.chunkSize = max(1, chunkSize)
        // Every event starts below `chunkBytes` in its chunk, where ChunkMarks keep 32 bits.
        self.chunkBytes = min(max(1, chunkBytes), 1 << 31)
        markStride = ChunkMarks.stride(chunkSize: self.chunkSize)
    }

    /// A word from where the next append writes and from the held operations' ends
    /// (``Session/State/loadAhead()``).
    var loadAheadWord: Int { (tail?.loadAheadWord ?? 0) &+ operations.loadAheadWord { $0.lastSequence } }

    /// Appends an operation's events, and its record when given.
    ///
    /// The record is kept when its last event is the last of `events`, after which its details are
    /// written. The engine's always is; a record restored from the store can come with only its
    /// last events, which end with it too, or with none, when the log had dropped them all
    /// before the row was written: then every earlier event is gone as well, and the record is
    /// not one the log holds.
    mutating func append(contentsOf events: [LifecycleEvent], operation: OperationRecord?) {
        append(events, details: operation)
    }

    mutating func append(contentsOf events: [LifecycleEvent]) { append(events, details: nil) }

    /// `record` is passed on as it came and kept here when it ends with `events`: choosing it in
    /// the caller with `flatMap` made a copy of it (its search, segue and command retained and
    /// released). The last event's sequence is read in place: `events.last` copied the event.
    private mutating func append(_ events: [LifecycleEvent], details record: OperationRecord?) {
        guard let first = events.first else { return }
        let keepsRecord = record?.lastSequence == events[events.count - 1].sequence
        // The tail is taken out while it is filled, so that its buffer stays uniquely referenced.
        var chunk = tail.take() ?? PackedEvents(firstSequence: first.sequence)
        size -= chunk.size
        var reserved = false
        for index in events.indices {
            let sequence = events[index].sequence
            if chunk.count == chunkSize || chunk.byteCount >= chunkBytes || chunk.nextSequence != sequence {
                // A full chunk's successor reserves what it took, up to `chunkBytes`: one large
                // event must not make every later chunk reserve its size.
                let full = chunk.count == chunkSize
                size += chunk.size
                close(chunk)
                chunk = PackedEvents(firstSequence: sequence, reserving: full ? min(chunk.byteCount, chunkBytes) : 0)
                reserved = false
            }
            if !reserved {
                // Room for the rest of the operation in the chunk it goes to, once per chunk.
                chunk.reserve(more: events.count - index, limit: chunkSize, byteLimit: chunkBytes)
                reserved = true
            }
            chunk.append(events, at: index, markStride: markStride)
        }
        if keepsRecord, let record {
            let details = chunk.appendDetails(record)
            operations.append(HeldOperation(lastSequence: record.lastSequence, command: record.command, details: UInt32(details)))
        }
        size += chunk.size
        tail = chunk
        count += events.count
        dropOldest(count - capacity)
        dropOldestChunks(before: first.sequence)
        forgetOperations()
    }

    private mutating func close(_ chunk: PackedEvents) {
        if closedCount == 0 { oldestClosed = (chunk.firstSequence, chunk.count) }
        closed.append(chunk)
        closedCount += 1
    }

    /// Forgets the operations whose last event is no longer held.
    private mutating func forgetOperations() {
        let held = firstSequence ?? Int.max
        operations.release(while: { $0.lastSequence < held })
    }

    /// The record of `held`, read back from its details; `nil` if they do not read, which would be
    /// a bug of the log's (reported in debug builds): a stream is then told of one operation fewer
    /// rather than of a wrong one.
    private func record(_ held: HeldOperation) -> OperationRecord? {
        var holding = tail
        if let tail, held.lastSequence < tail.firstSequence {
            // The closed chunk holding its last event: the last whose first event is not after it.
            var low = 0, high = closed.count
            while low < high {
                let middle = (low + high) / 2
                if closed[middle].firstSequence <= held.lastSequence { low = middle + 1 } else { high = middle }
            }
            holding = low > 0 ? closed[low - 1] : nil
        }
        let record = holding?.record(at: Int(held.details), lastSequence: held.lastSequence, command: held.command)
        assert(record != nil, "the details of operation \(held.lastSequence) do not read")
        return record
    }

    /// The operations whose last event comes after `after`, oldest first: those a client that has
    /// seen the events up to `after` has not been told of.
    func operations(endingAfter after: Int) -> [OperationRecord] {
        // From the newest back: a resuming client asks for the last few.
        let held = operations.held
        var start = held.endIndex
        while start > held.startIndex, held[start - 1].lastSequence > after { start -= 1 }
        return held[start...].compactMap(record)
    }

    /// The operations whose last event comes after `after` and no later than `through`, oldest
    /// first: those of one piece of an event stream's backlog (EventBacklog), found by bisection
    /// since a long backlog is written in many pieces.
    func operations(endingAfter after: Int, through: Int) -> [OperationRecord] {
        let held = operations.held
        var low = held.startIndex, high = held.endIndex
        while low < high {
            let middle = (low + high) / 2
            if held[middle].lastSequence > after { high = middle } else { low = middle + 1 }
        }
        var end = low
        while end < held.endIndex, held[end].lastSequence <= through { end += 1 }
        return held[low..<end].compactMap(record)
    }

    /// The held operations with the events of each the log holds, oldest first: what the store
    /// writes for a session made with a log (a fork).
    func operationRuns() -> [(record: OperationRecord, events: [LifecycleEvent])] {
        let firstHeld = firstSequence ?? Int.max
        return operations.held.compactMap { held in
            guard let record = record(held) else { return nil }
            let start = max(record.firstSequence, firstHeld)
            return (record, events(after: start - 1, limit: max(0, record.lastSequence - start + 1)))
        }
    }

    /// Where the next append writes in the chunk being filled: what ``packedEvents(from:first:count:)``
    /// is given back, read before the append (nothing is kept for it in the log: a session's state
    /// and each held operation keep their size).
    var appendOffset: Int { tail?.byteCount ?? 0 }

    /// The bytes (``EventCoding``) of the `count` events from `first`, when they are those of the
    /// last operation appended (with its record), which began to write at `offset`
    /// (``appendOffset`` before it) and wrote them all in the tail: what ``OperationCoding`` would
    /// write for them again. Use them before the log changes: holding them would make its next
    /// append copy the tail.
    func packedEvents(from offset: Int, first: Int, count: Int) -> ArraySlice<UInt8>? {
        guard count > 0, let held = operations.held.last, held.lastSequence == first + count - 1, let tail,
            tail.firstSequence <= first, held.lastSequence < tail.nextSequence
        else { return nil }
        // A chunk opened for the first event starts with it; else the events follow the tail's
        // earlier bytes, from where the append began. The held operation's details follow its last event.
        let start = tail.firstSequence == first ? 0 : offset
        let end = Int(held.details)
        guard start <= end else { return nil }
        return tail.bytes(start..<end)
    }

    /// The first chunk's first sequence number and count, from what the log keeps of it.
    private var oldest: (firstSequence: Int, count: Int)? {
        if closedCount > 0 { return oldestClosed }
        return tail.map { ($0.firstSequence, $0.count) }
    }

    private mutating func dropOldest(_ excess: Int) {
        var excess = excess
        while excess > 0, let oldest {
            let inFirst = oldest.count - dropped
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
        while size > byteCapacity, let oldest, oldest.firstSequence + oldest.count <= sequence {
            dropFirstChunk()
        }
    }

    private mutating func dropFirstChunk() {
        let chunk: PackedEvents
        if closedCount > 0 {
            chunk = closed.removeFirst()
            closedCount -= 1
            if let next = closed.first { oldestClosed = (next.firstSequence, next.count) }
        } else if let last = tail.take() {
            chunk = last
        } else {
            return
        }
        count -= chunk.count - dropped
        size -= chunk.size
        dropped = 0
    }

    /// The oldest sequence number still held, or `nil` when the log is empty.
    var firstSequence: Int? { oldest.map { $0.firstSequence + dropped } }

    /// Up to `limit` events with a sequence number greater than `after` (≥ 0), oldest first.
    func events(after: Int, limit: Int) -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        var isFirst = true
        func read(_ chunk: PackedEvents) {
            let droppedHere = isFirst ? dropped : 0
            isFirst = false
            // Sequence numbers are positive, so `after - firstSequence` cannot overflow.
            let passed = after < chunk.firstSequence ? 0 : min(chunk.count, after - chunk.firstSequence + 1)
            let start = max(droppedHere, passed)
            guard start < chunk.count, events.count < limit else { return }
            events.append(contentsOf: chunk.events(from: start, limit: limit - events.count, markStride: markStride))
        }
        for chunk in closed { read(chunk) }
        if let tail { read(tail) }
        return events
    }
}
