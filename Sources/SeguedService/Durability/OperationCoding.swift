import Flows
import Navigation
import Storyboard

/// The bytes of a ``StoredOperation``: an operation's ``OperationRecord``, the command that made it
/// (as its flow step line, which ``FlowCommandParser`` reads back to the same command), and the
/// events the row holds, in ``EventCoding``'s form (about 23 bytes an event under bench/http (b)).
///
/// A version byte first, then the record's fields in a fixed order: a later segued that changes the
/// form can still read rows written by this one.
enum OperationCoding {
    static let version: UInt8 = 1

    /// What a stored operation holds.
    struct Decoded: Equatable {
        var record: OperationRecord
        /// The events held: all of the operation's, or its last ones when the log had dropped the
        /// first before the row was written (a fork of a session whose log was full).
        var events: [LifecycleEvent]
    }

    /// `line` is the command's flow line (`FlowCommandWriter.line`), or `nil` for none (the launch).
    /// `packed`: the events already in ``EventCoding``'s form, as the session's log wrote them
    /// (``EventLog/packedEvents(first:count:)``), copied instead of coded a second time (about
    /// 8,000 instructions for a segue's 21 events).
    static func encode(
        _ record: OperationRecord, line: String?, events: ArraySlice<LifecycleEvent>, packed: ArraySlice<UInt8>? = nil
    ) -> [UInt8] {
        var bytes: [UInt8] = [version]
        bytes.reserveCapacity(48 + (line?.utf8.count ?? 0) + (packed?.count ?? events.count * 8))
        bytes.append(OperationDetails.code(of: record.name))
        EventCoding.appendNumber(record.revision, to: &bytes)
        bytes.append(record.performed ? 1 : 0)
        EventCoding.appendString(record.reason?.rawValue ?? "", to: &bytes)
        EventCoding.appendValue(record.segue.map(EventValue.segue) ?? .null, to: &bytes)
        EventCoding.appendNumber(record.destination?.rawValue ?? -1, to: &bytes)
        EventCoding.appendSearch(record.search, to: &bytes)
        EventCoding.appendNumber(record.firstSequence, to: &bytes)
        EventCoding.appendNumber(record.lastSequence, to: &bytes)
        bytes.append(line == nil ? 0 : 1)
        if let line { EventCoding.appendString(line, to: &bytes) }
        EventCoding.appendNumber(events.count, to: &bytes)
        EventCoding.appendNumber(events.first?.sequence ?? 0, to: &bytes)
        if let packed {
            bytes += packed
        } else {
            for index in events.indices { EventCoding.append(events, at: index, to: &bytes) }
        }
        // A tap's control and method after the events: rows written before taps end there, and
        // still read (no tap).
        if let tap = record.tap { OperationDetails.appendTap(tap, to: &bytes) }
        return bytes
    }

    /// The operation in `bytes`, or `nil` when they do not read (a row this segued did not write).
    /// `command` reads a line back (``FlowCommandParser`` by default; a start passes its
    /// ``CommandLineReadings``).
    static func decode(_ bytes: [UInt8], command readLine: (String) -> Command? = { try? FlowCommandParser.parse($0) }) -> Decoded? {
        var reader = EventReader(bytes)
        guard reader.byte() == version, let nameCode = reader.byte(), OperationDetails.names.indices.contains(Int(nameCode)),
            let revision = reader.number(), let performed = reader.byte(), let reasonText = reader.string(),
            let segueValue = reader.value(), let destination = reader.number(), let search = reader.search()
        else { return nil }
        let reason = reasonText.isEmpty ? nil : Transcript.Reason(rawValue: reasonText)
        if !reasonText.isEmpty, reason == nil { return nil }
        var segue: SegueDescription?
        switch segueValue {
        case .null: break
        case .segue(let description): segue = description
        default: return nil
        }
        guard let first = reader.number(), let last = reader.number(), let hasLine = reader.byte() else { return nil }
        var command: Command?
        if hasLine == 1 {
            guard let line = reader.string() else { return nil }
            // A line that does not read back (the store then holds the state after it in the snapshot)
            // still restores the operation's events; only a replay needs the command.
            command = readLine(line)
        }
        guard let count = reader.number(), count >= 0, let firstHeld = reader.number() else { return nil }
        var events: [LifecycleEvent] = []
        events.reserveCapacity(count)
        for index in 0..<count {
            guard let event = reader.event(sequence: firstHeld + index) else { return nil }
            events.append(event)
        }
        var record = OperationRecord(
            name: OperationDetails.names[Int(nameCode)], revision: revision, performed: performed == 1, reason: reason, segue: segue,
            destination: destination < 0 ? nil : ControllerID(rawValue: destination), search: search, firstSequence: first,
            lastSequence: last, command: command)
        if !reader.isAtEnd {
            guard let tap = OperationDetails.tap(&reader), reader.isAtEnd else { return nil }
            record.tap = tap
        }
        return Decoded(record: record, events: events)
    }
}

extension OperationRecord {
    /// A record from its fields: one read back from the store.
    init(
        name: Name, revision: Int, performed: Bool, reason: Transcript.Reason?, segue: SegueDescription?, destination: ControllerID?,
        search: [SearchStep], firstSequence: Int, lastSequence: Int, command: Command?
    ) {
        self.name = name
        self.revision = revision
        self.performed = performed
        self.reason = reason
        self.segue = segue
        self.destination = destination
        self.search = search
        self.firstSequence = firstSequence
        self.lastSequence = lastSequence
        self.command = command
    }
}
