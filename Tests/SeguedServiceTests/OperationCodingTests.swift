import Flows
import Navigation
@testable import SeguedService
import Storyboard
import Testing

/// A stored operation's bytes (OperationCoding) give back its record, command and events exactly:
/// an unwind (search steps, destination, segue), a refused segue (reason), a launch (no command).
struct OperationCodingTests {
    static func demo() throws -> NavigationState {
        try Navigator.launch(DemoStoryboard.storyboard).0
    }

    static func roundTrip(_ record: OperationRecord, _ events: [LifecycleEvent]) -> OperationCoding.Decoded? {
        OperationCoding.decode(OperationCoding.encode(record, line: record.command.map(FlowCommandWriter.line), events: events[...]))
    }

    @Test func operations_comeBackExactly() throws {
        var state = try Self.demo()
        let commands: [Command] = [
            try FlowCommandParser.parse(#"segue addItem source=vc3 data={"title": "Milk \"2%\"", "n": [1, 2.5]}"#),
            try FlowCommandParser.parse("unwind action=cancelEdit:"),
            try FlowCommandParser.parse("segue showItem shouldPerform=false"),
            try FlowCommandParser.parse("unwind action=noSuchAction:"),
        ]
        var checked = 0
        for command in commands {
            let transcript = try Navigator.apply(command, to: &state)
            let record = try #require(OperationRecord(.action, transcript, revision: state.revision, command: command))
            let decoded = try #require(Self.roundTrip(record, transcript.events))
            #expect(decoded.record == record)
            #expect(decoded.events == transcript.events)
            checked += record.search.isEmpty ? 0 : 1
        }
        #expect(checked > 0, "no operation had search steps")
    }

    @Test func aLaunch_andALogsLastEvents_comeBack() throws {
        let (state, launch) = try Navigator.launch(DemoStoryboard.storyboard)
        let record = try #require(OperationRecord(.launch, launch, revision: state.revision))
        #expect(Self.roundTrip(record, launch.events) == OperationCoding.Decoded(record: record, events: launch.events))
        // A fork of a full log stores an operation's last events only.
        let tail = Array(launch.events.suffix(3))
        #expect(Self.roundTrip(record, tail)?.events == tail)
    }

    /// A tap's control and method come back; a row of the same operation without them (written
    /// before taps) still reads.
    @Test func aTap_comesBack() throws {
        let (state, launch) = try Navigator.launch(DemoStoryboard.storyboard)
        var transcript = launch
        transcript.tap = Transcript.Tap(control: "Done", selector: "done:", source: "Sources/Edit.swift:10", when: "!name.isEmpty")
        let record = try #require(OperationRecord(.action, transcript, revision: state.revision, command: .tap(.init(control: "Done", when: "!name.isEmpty"))))
        #expect(Self.roundTrip(record, launch.events)?.record == record)
        var untapped = record
        untapped.tap = nil
        #expect(Self.roundTrip(untapped, launch.events)?.record == untapped)
        var bytes = OperationCoding.encode(record, line: record.command.map(FlowCommandWriter.line), events: launch.events[...])
        bytes.append(0)
        #expect(OperationCoding.decode(bytes) == nil)
    }

    /// The bytes the session's log wrote for an operation's events (what Persistence.stage copies
    /// into the row) make the row that coding the events again makes; events the log did not write
    /// in one run (across two chunks), or not last, are not given.
    @Test func theLogsBytes_makeTheSameRow() throws {
        var state = try Self.demo()
        var log = EventLog(capacity: 10_000)
        var previous: (offset: Int, first: Int, count: Int)?
        for text in ["segue addItem source=vc3", "unwind action=cancelEdit:", "segue showItem shouldPerform=false", "segue addItem source=vc3"] {
            let command = try FlowCommandParser.parse(text)
            let transcript = try Navigator.apply(command, to: &state)
            let record = try #require(OperationRecord(.action, transcript, revision: state.revision, command: command))
            let offset = log.appendOffset
            log.append(contentsOf: transcript.events, operation: record)
            let first = try #require(transcript.events.first?.sequence)
            let packed = try #require(log.packedEvents(from: offset, first: first, count: transcript.events.count))
            let line = FlowCommandWriter.line(command)
            let row = OperationCoding.encode(record, line: line, events: transcript.events[...], packed: packed)
            #expect(row == OperationCoding.encode(record, line: line, events: transcript.events[...]))
            #expect(OperationCoding.decode(row)?.events == transcript.events)
            if let previous { #expect(log.packedEvents(from: previous.offset, first: previous.first, count: previous.count) == nil) }
            previous = (offset, first, transcript.events.count)
        }
        // Events that went into two chunks are not one run of bytes.
        var chunked = EventLog(capacity: 10_000, chunkSize: 4)
        let command = try FlowCommandParser.parse("segue addItem source=vc3")
        let transcript = try Navigator.apply(command, to: &state)
        #expect(transcript.events.count > 4)
        let offset = chunked.appendOffset
        chunked.append(contentsOf: transcript.events, operation: OperationRecord(.action, transcript, revision: state.revision, command: command))
        #expect(chunked.packedEvents(from: offset, first: transcript.events[0].sequence, count: transcript.events.count) == nil)
    }

    @Test func bytesItDidNotWrite_doNotRead() {
        #expect(OperationCoding.decode([]) == nil)
        #expect(OperationCoding.decode([OperationCoding.version + 1, 0, 2]) == nil)
        #expect(OperationCoding.decode([OperationCoding.version, 0]) == nil)
    }
}
