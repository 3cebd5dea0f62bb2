import Navigation
import SeguedTestSupport
import Storyboard
import Testing

@testable import SeguedService

/// A tap's operation message names the control and the action method's line, live and from the
/// log's backlog (its record's bytes read back).
struct TapOperationMessageTests {
    static let tap = Transcript.Tap(control: "cancel", selector: "cancel:", source: "Sources/EditViewController.swift:6")

    static func record() throws -> OperationRecord {
        var transcript = Transcript(performed: true, events: [LifecycleEvent(
            sequence: 7, controller: ControllerID(rawValue: 1), sceneIndex: DemoStoryboard.storyboard.index(of: SceneID("tabs"))!,
            method: .viewDidLoad)])
        transcript.tap = tap
        return try #require(OperationRecord(.action, transcript, revision: 3, command: .tap(.init(control: "Cancel"))))
    }

    @Test func theMessage_carriesTheTap() throws {
        var writer = JSONWriter(capacity: 512)
        EventStreamMessages.replayedOperation(try Self.record(), into: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self).contains(#"""
            "operation":"action","step":"tap \"Cancel\"","tap":{"control":"cancel","selector":"cancel:","source":"Sources/EditViewController.swift:6","when":null},"segue":null
            """#))
    }

    @Test func theLogsDetails_keepTheTap() throws {
        for tap in [Self.tap, Transcript.Tap(control: "add"), Transcript.Tap(control: "Done", selector: "done:", when: "!name.isEmpty")] {
            var record = try Self.record()
            record.tap = tap
            var bytes: [UInt8] = []
            OperationDetails.append(record, to: &bytes)
            var reader = EventReader(bytes)
            let read = OperationDetails.record(&reader, lastSequence: 7, command: record.command)
            #expect(read == record)
            var skipper = EventReader(bytes)
            #expect(OperationDetails.skip(&skipper))
        }
    }
}
