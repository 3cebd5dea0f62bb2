import Navigation

/// Consecutive events of a session, packed: one chunk of its ``EventLog``.
///
/// A ``LifecycleEvent`` held as it is took about 115 bytes of memory once its argument lists and
/// segue boxes were counted, and a log grows by about 20 events an operation. Under `bench/http`
/// (b) the heap growth and page faults for holding them cost the daemon 10–13 µs of CPU per
/// request (59–63 µs with the log, 49–50 with appends switched off). Here each event is one 64-bit
/// ``EventRecord``; an event that does not fit one (a list of arguments, a result) is written as
/// bytes (``EventCoding``, 22 for the demo's `prepareForSegue`) that its record points to: about 23
/// bytes an event under (b). The sequence number follows from the position.
struct PackedEvents {
    /// The sequence number of the first event.
    let firstSequence: Int
    private var records: [EventRecord] = []
    private var bytes: [UInt8] = []

    /// Reserves room for `capacity` events and `bytes` bytes (what a full chunk took).
    init(firstSequence: Int, reserving capacity: (events: Int, bytes: Int) = (0, 0)) {
        self.firstSequence = firstSequence
        records.reserveCapacity(capacity.events)
        bytes.reserveCapacity(capacity.bytes)
    }

    var count: Int { records.count }

    /// The sequence number the next event must have.
    var nextSequence: Int { firstSequence + count }

    var byteCount: Int { bytes.count }

    /// The events it has room for without growing (tests: how much room an idle session keeps).
    var reservedCount: Int { records.capacity }

    /// What the events take: a word each and their bytes (reserved room not counted).
    var size: Int { records.count * MemoryLayout<EventRecord>.stride + bytes.count }

    /// Makes room for `more` events beyond ``count``, up to `limit` in all: exactly, or an eighth
    /// of what is held when that is more. Array's doubling left a chunk up to half empty, and an
    /// idle session keeps its last chunk as it is (the demo's launch and push: 86 events in 128
    /// slots, 336 bytes of its 5.6 KB). An eighth at least, so that many small operations do not
    /// copy the chunk at each; a copy is at most a chunk's words (4 KB at 512 events).
    mutating func reserve(more: Int, limit: Int) {
        let needed = min(count + more, limit)
        guard needed > records.capacity else { return }
        records.reserveCapacity(max(needed, min(limit, count + count / 8)))
    }

    /// Appends `events[index]`, whose sequence number must be ``nextSequence``.
    ///
    /// Takes the array and an index, and reads the fields one by one: handed an element, the loop
    /// copied every event (retaining what it holds) to keep it alive across the appends.
    mutating func append(_ events: [LifecycleEvent], at index: Int) {
        if !events[index].hasResult,
            let record = EventRecord(
                method: events[index].method, controller: events[index].controller, scene: events[index].sceneIndex,
                arguments: events[index].arguments)
        {
            records.append(record)
        } else {
            records.append(EventRecord(bytesAt: bytes.count))
            EventCoding.append(events, at: index, to: &bytes)
        }
    }

    /// Up to `limit` events from the one at `start` (0 ..< count), in order.
    func events(from start: Int, limit: Int) -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        for index in start..<min(count, start + min(limit, count)) {
            let record = records[index]
            let sequence = firstSequence + index
            var event: LifecycleEvent?
            if let offset = record.byteOffset {
                var reader = EventReader(bytes, at: offset)
                event = reader.event(sequence: sequence)
            } else {
                event = record.event(sequence: sequence)
            }
            guard let event else {
                assertionFailure("event \(sequence) of the log does not decode")
                break
            }
            events.append(event)
        }
        return events
    }
}
