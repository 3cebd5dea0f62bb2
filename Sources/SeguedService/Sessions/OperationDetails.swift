import Navigation

/// What an ``EventLog`` keeps of an operation beside its events and its command: its record's
/// numbers, segue and search steps, as bytes written into the chunk after the operation's last
/// event (``PackedEvents/appendDetails(_:)``).
///
/// Kept as part of an ``OperationRecord`` in an array of the log's own, they were a 144-byte entry
/// and a run of search steps in a second array, two more tails an operation appended to: under
/// bench/http's (b) load, where each session is met again after 999 others, 4.5 of the 13.8
/// last-level write misses a request (callgrind's cache simulation). Here they are some 15 bytes
/// in the lines the events were just written to.
///
/// The form: a marker byte no event starts with (an event starts with its method's code, below 64),
/// then the name's code, the revision, the number of events before the last, a byte of flags, then
/// as the flags say the reason (its name), the destination and the segue, then the search steps
/// (``EventCoding``'s forms, as the store's rows have them).
enum OperationDetails {
    static let marker: UInt8 = 0xFF

    /// The names by their codes, here and in the store's rows (``OperationCoding``).
    static let names: [OperationRecord.Name] = [.launch, .segue, .unwind, .action, .end]
    private static let performed: UInt8 = 1, hasReason: UInt8 = 2, hasDestination: UInt8 = 4, hasSegue: UInt8 = 8
    private static let hasTap: UInt8 = 16

    static func append(_ record: OperationRecord, to bytes: inout [UInt8]) {
        bytes.append(marker)
        bytes.append(code(of: record.name))
        EventCoding.appendNumber(record.revision, to: &bytes)
        EventCoding.appendNumber(record.lastSequence - record.firstSequence, to: &bytes)
        var flags = record.performed ? performed : 0
        if record.reason != nil { flags |= hasReason }
        if record.destination != nil { flags |= hasDestination }
        if record.segue != nil { flags |= hasSegue }
        if record.tap != nil { flags |= hasTap }
        bytes.append(flags)
        if let reason = record.reason { EventCoding.appendString(reason.rawValue, to: &bytes) }
        if let destination = record.destination { EventCoding.appendNumber(destination.rawValue, to: &bytes) }
        if let segue = record.segue { EventCoding.appendSegue(segue, to: &bytes) }
        if let tap = record.tap { appendTap(tap, to: &bytes) }
        EventCoding.appendSearch(record.search, to: &bytes)
    }

    /// A tap's control, then its selector, source and condition, each a string with a byte before
    /// it saying whether it is there.
    static func appendTap(_ tap: Transcript.Tap, to bytes: inout [UInt8]) {
        EventCoding.appendString(tap.control, to: &bytes)
        for text in [tap.selector, tap.source, tap.when] {
            bytes.append(text == nil ? 0 : 1)
            if let text { EventCoding.appendString(text, to: &bytes) }
        }
    }

    /// The tap ``appendTap(_:to:)`` wrote; `nil` when the bytes do not read.
    static func tap(_ reader: inout EventReader) -> Transcript.Tap? {
        guard let control = reader.string() else { return nil }
        var texts: [String?] = []
        for _ in 0..<3 {
            guard let present = reader.byte(), present <= 1 else { return nil }
            if present == 1 {
                guard let text = reader.string() else { return nil }
                texts.append(text)
            } else {
                texts.append(nil)
            }
        }
        return Transcript.Tap(control: control, selector: texts[0], source: texts[1], when: texts[2])
    }

    /// The record whose details `reader` is at, given what the log keeps of it apart; `nil` when
    /// the bytes do not read (a bug of the log's, reported by the caller).
    static func record(_ reader: inout EventReader, lastSequence: Int, command: Command?) -> OperationRecord? {
        guard reader.byte() == marker, let nameCode = reader.byte(), names.indices.contains(Int(nameCode)),
            let revision = reader.number(), let span = reader.number(), let flags = reader.byte()
        else { return nil }
        var reason: Transcript.Reason?
        if flags & hasReason != 0 {
            guard let text = reader.string(), let read = Transcript.Reason(rawValue: text) else { return nil }
            reason = read
        }
        var destination: ControllerID?
        if flags & hasDestination != 0 {
            guard let id = reader.number() else { return nil }
            destination = ControllerID(rawValue: id)
        }
        var segue: SegueDescription?
        if flags & hasSegue != 0 {
            guard case .segue(let read) = reader.value() else { return nil }
            segue = read
        }
        var tap: Transcript.Tap?
        if flags & hasTap != 0 {
            guard let read = Self.tap(&reader) else { return nil }
            tap = read
        }
        guard let search = reader.search() else { return nil }
        var record = OperationRecord(
            name: names[Int(nameCode)], revision: revision, performed: flags & performed != 0, reason: reason, segue: segue,
            destination: destination, search: search, firstSequence: lastSequence - span, lastSequence: lastSequence,
            command: command)
        record.tap = tap
        return record
    }

    /// Passes over the details `reader` is at, as ``record(_:lastSequence:command:)`` reads them
    /// but making nothing: reading events passes over the details between them.
    static func skip(_ reader: inout EventReader) -> Bool {
        guard reader.byte() == marker, reader.byte() != nil, reader.number() != nil, reader.number() != nil,
            let flags = reader.byte(),
            flags & hasReason == 0 || reader.skipString(),
            flags & hasDestination == 0 || reader.number() != nil,
            flags & hasSegue == 0 || reader.skipValue(),
            flags & hasTap == 0 || tap(&reader) != nil
        else { return false }
        return reader.skipSearch()
    }

    /// The name's position in `names`, by a switch (as ``EventMethod/code``).
    static func code(of name: OperationRecord.Name) -> UInt8 {
        switch name {
        case .launch: 0
        case .segue: 1
        case .unwind: 2
        case .action: 3
        case .end: 4
        }
    }
}
