import Navigation

/// Consecutive events of a session, packed: one chunk of its ``EventLog``.
///
/// A ``LifecycleEvent`` held as it is took about 115 bytes of memory once its argument lists and
/// segue boxes were counted, and a log grows by about 20 events an operation. Under `bench/http`
/// (b) the heap growth and page faults for holding them cost the daemon 10–13 µs of CPU per
/// request (59–63 µs with the log, 49–50 with appends switched off). Here every event is its bytes
/// (``EventCoding``: 4 for a creation or appearance callback, 22 for the demo's
/// `prepareForSegue`), one after the other in one buffer, and the sequence number follows from the
/// position. ``ChunkMarks`` say where every `markStride`-th event starts (the log's, passed in
/// rather than kept in every chunk: the log keeps the chunk being filled in its own struct).
///
/// One buffer, not a word an event in one array and the longer events' bytes in another, and the
/// operations' details after their last events in it too (``OperationDetails``): under the (b)
/// load each session is met again after 999 others, so every array an operation appends to costs
/// the cold line of its header and of its tail (callgrind's cache simulation: 5.5 last-level write
/// misses a request for the words and the bytes together).
struct PackedEvents {
    /// The sequence number of the first event.
    let firstSequence: Int
    private(set) var count = 0
    private var bytes: [UInt8] = []
    private var marks = ChunkMarks()

    /// Reserves `bytes` bytes (what a full chunk took).
    init(firstSequence: Int, reserving bytes: Int = 0) {
        self.firstSequence = firstSequence
        self.bytes.reserveCapacity(bytes)
    }

    /// The sequence number the next event must have.
    var nextSequence: Int { firstSequence + count }

    var byteCount: Int { bytes.count }

    /// Bytes of its buffer (the events a range of them holds).
    func bytes(_ range: Range<Int>) -> ArraySlice<UInt8> { bytes[range] }

    /// The last byte written and the count, read where the next event is written
    /// (``Session/State/loadAhead()``).
    var loadAheadWord: Int { Int(bytes.last ?? 0) &+ count }

    /// The bytes it has room for without growing (tests: how much room an idle session keeps).
    var reservedBytes: Int { bytes.capacity }

    /// What the events and their operations' details take (reserved room not counted).
    var size: Int { bytes.count }

    /// Makes room for `more` events beyond ``count`` (at most `limit` in the chunk), at the bytes an
    /// event has taken so far: exactly, or an eighth of what is held when that is more. Array's
    /// doubling left a chunk up to half empty, and an idle session keeps its last chunk as it is.
    /// An eighth at least, so that many small operations do not copy the chunk at each. Never much
    /// past `byteLimit`, where the log closes the chunk: a chunk holding a few heavy events (a
    /// client's large `sender`) would otherwise reserve their average size for every event to come,
    /// and keep that room once closed.
    mutating func reserve(more: Int, limit: Int, byteLimit: Int) {
        // Rounded up, and 8 for a chunk without events yet: the demo's events take 4 to 22 bytes.
        // The last event's head asks for its most (EventCoding.headCapacity) whatever it writes.
        let perEvent = count == 0 ? 8 : (bytes.count + count - 1) / count
        let wanted = min(bytes.count + min(more, max(0, limit - count)) * perEvent, max(bytes.count, byteLimit))
        let needed = wanted + EventCoding.headCapacity
        guard needed > bytes.capacity else { return }
        bytes.reserveCapacity(max(needed, min(bytes.count + bytes.count / 8, byteLimit + EventCoding.headCapacity)))
    }

    /// Appends `events[index]`, whose sequence number must be ``nextSequence``.
    mutating func append(_ events: [LifecycleEvent], at index: Int, markStride: Int) {
        if count % markStride == 0 { marks[count / markStride] = bytes.count }
        EventCoding.append(events, at: index, to: &bytes)
        count += 1
    }

    /// Appends `record`'s details (``OperationDetails``) after the last event; returns where they start.
    mutating func appendDetails(_ record: OperationRecord) -> Int {
        let start = bytes.count
        OperationDetails.append(record, to: &bytes)
        return start
    }

    /// The record whose details start at byte `offset`.
    func record(at offset: Int, lastSequence: Int, command: Command?) -> OperationRecord? {
        var reader = EventReader(bytes, at: offset)
        return OperationDetails.record(&reader, lastSequence: lastSequence, command: command)
    }

    /// Up to `limit` events from the one at `start` (0 ..< count), in order.
    func events(from start: Int, limit: Int, markStride: Int) -> [LifecycleEvent] {
        let end = min(count, start + min(limit, count))
        guard start < end else { return [] }
        // From the mark at or before `start`, passing over the few events between.
        let marked = start / markStride * markStride
        var reader = EventReader(bytes, at: marks[start / markStride])
        var events: [LifecycleEvent] = []
        events.reserveCapacity(end - start)
        for index in marked..<end {
            let sequence = firstSequence + index
            // An operation's details come after its last event: passed over.
            while reader.nextByte == OperationDetails.marker, OperationDetails.skip(&reader) {}
            if index < start {
                if reader.skipEvent() { continue }
            } else if let event = reader.event(sequence: sequence) {
                events.append(event)
                continue
            }
            assertionFailure("event \(sequence) of the log does not decode")
            break
        }
        return events
    }
}
