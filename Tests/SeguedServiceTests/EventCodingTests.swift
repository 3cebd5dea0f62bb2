import Foundation
import Navigation
@testable import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// The event log's packed form: every event comes back equal, however it was written, from any
/// position of its chunk.
struct EventCodingTests {
    private static let navigationTests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("NavigationTests")
    private static let scenarios = navigationTests.appendingPathComponent("Scenarios")
    private static let scenarioFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []
        return names.filter { $0.hasSuffix(".scenario") }.sorted()
    }()

    private let scene = SceneIndex(position: 3)!

    private func event(
        _ sequence: Int, controller: Int = 4, scene: SceneIndex? = nil, _ method: EventMethod = .prepareForSegue,
        _ arguments: EventArguments = .none, result: EventValue? = nil
    ) -> LifecycleEvent {
        LifecycleEvent(
            sequence: sequence, controller: ControllerID(rawValue: controller), sceneIndex: scene ?? self.scene, method: method,
            arguments: arguments, result: result)
    }

    /// Appends `events` (consecutive from 1) to a log with small chunks and reads them all back;
    /// and, in a log with a mark every 8 events, reads each alone, passing over those before it
    /// from its mark (every form of argument and value is passed over as well as read).
    private func roundTrip(_ events: [LifecycleEvent], chunkSize: Int = 5) -> [LifecycleEvent] {
        var log = EventLog(capacity: events.count + 1, chunkSize: chunkSize)
        log.append(contentsOf: events)
        var marked = EventLog(capacity: events.count + 1, chunkSize: 64)
        marked.append(contentsOf: events)
        for (index, event) in events.enumerated() {
            #expect(marked.events(after: index, limit: 1) == [event], "event \(index + 1) read alone")
        }
        return log.events(after: 0, limit: .max)
    }

    @Test func methodCodes_areTheirPositionsInAllCases() {
        for (position, method) in EventMethod.allCases.enumerated() {
            #expect(Int(method.code) == position, "\(method)")
            #expect(EventMethod(code: position) == method)
        }
        #expect(EventMethod(code: EventMethod.allCases.count) == nil)
        #expect(EventMethod(code: -1) == nil)
    }

    @Test func inlineShapes_comeBack_inTheirFewBytes() {
        let shapes: [EventArguments] = [
            .none, .animated(false), .animated(true), .parent(nil), .parent(ControllerID(rawValue: 7)),
            .viewController(ControllerID(rawValue: 9), animated: false), .viewController(ControllerID(rawValue: 9), animated: true),
        ]
        let events = shapes.enumerated().map { event($0.offset + 1, controller: $0.offset + 1, .viewWillAppear, $0.element) }
        #expect(roundTrip(events) == events)
        // A method, a controller, a scene and a shape byte, and one byte more for a controller.
        var bytes: [UInt8] = []
        for index in events.indices { EventCoding.append(events, at: index, to: &bytes) }
        #expect(bytes.count == 4 * events.count + 3)
    }

    /// The segue and unwind shapes are kept as the list they read as, and come back in their case.
    @Test func engineShapes_comeBackInTheirCase() {
        let segue = SegueDescription(identifier: SegueID("cancel"), kind: .unwind, source: ControllerID(rawValue: 11), destination: ControllerID(rawValue: 3))
        let shapes: [EventArguments] = [
            .instance(.source, ControllerID(rawValue: 11)), .instance(.towards, ControllerID(rawValue: 1 << 40)),
            .instance(.viewController, ControllerID(rawValue: 2)), .actionFrom("cancelEdit:", ControllerID(rawValue: 11)),
            .segue(segue), .segueSender(segue, sender: .null), .segueSender(segue, sender: .json(.null)),
            .actionSegue("cancelEdit:", segue), .identifierSender(.string("cancel"), sender: .json(.object(["a": .number(1)]))),
        ]
        let events = shapes.enumerated().map { event($0.offset + 1, .prepareForSegue, $0.element, result: $0.offset % 2 == 0 ? .bool(true) : nil) }
        let back = roundTrip(events)
        #expect(back == events)
        for (sent, read) in zip(events, back) {
            if case .list = read.arguments { Issue.record("\(sent.arguments) came back as a list") }
        }
        // `.null` and `.json(.null)` senders stay apart.
        #expect(back[5].arguments != back[6].arguments)
    }

    @Test func nameCodes_matchTheNameTable() {
        for code in EventCoding.NameCode.allCases {
            #expect(EventCoding.argumentNames[Int(code.rawValue) - 1] == "\(code)")
        }
        for name in InstanceArgument.allCases {
            #expect(EventCoding.argumentNames[Int(EventCoding.NameCode(name).rawValue) - 1] == name.rawValue)
        }
    }

    @Test func segueKindCodes_areTheirPositionsInAllCases() {
        for (position, kind) in SegueKind.allCases.enumerated() {
            #expect(Int(EventCoding.code(of: kind)) == position, "\(kind)")
            #expect(EventCoding.segueKind(code: position) == kind)
        }
    }

    @Test func largeAndNegativeNumbers_comeBack() {
        let events = [
            event(1, controller: 1 << 20, .viewDidLoad),
            event(2, controller: -5, .viewDidLoad),
            event(3, scene: SceneIndex(position: 1 << 14)!, .viewDidLoad),
            event(4, .didMoveToParent, .parent(ControllerID(rawValue: Int.max))),
            event(5, controller: Int.min, .present, .viewController(ControllerID(rawValue: 1 << 40), animated: true)),
        ]
        #expect(roundTrip(events) == events)
        #expect(roundTrip(events, chunkSize: 1) == events)
    }

    @Test func everyKindOfValue_comesBackEqual() {
        let segue = SegueDescription(
            identifier: SegueID("showItem"), kind: .show, source: ControllerID(rawValue: 3), destination: ControllerID(rawValue: 4))
        let anonymous = SegueDescription(identifier: nil, kind: .unwind, source: ControllerID(rawValue: 300), destination: nil)
        // Named only by its storyboard id, and with both.
        let byID = SegueDescription(
            identifier: nil, kind: .show, source: ControllerID(rawValue: 5), destination: ControllerID(rawValue: 6), id: "3ti-AE-jfO")
        let both = SegueDescription(identifier: SegueID("save"), kind: .unwind, source: ControllerID(rawValue: 7), destination: nil, id: "é-1")
        let json: JSONValue = .object([
            "name": .string("Grüße, 世界 🎉"), "list": .array([.number(-0.5), .number(1e300), .null, .bool(true), .bool(false)]),
            "nested": .object(["empty": .object([:]), "none": .array([])]), "": .string(""),
        ])
        let values: [EventValue] = [
            .null, .bool(false), .bool(true), .int(0), .int(-1), .int(Int.min), .int(Int.max), .string(""),
            .string("cancelEdit:"), .controller(ControllerID(rawValue: 12)), .controllers([]),
            .controllers([ControllerID(rawValue: 1), ControllerID(rawValue: 1 << 33)]), .segue(segue), .segue(anonymous),
            .segue(byID), .segue(both),
            .json(json), .json(.number(42)),
        ]
        var events: [LifecycleEvent] = []
        for value in values {
            // As an argument under a known name and an unknown one, and as a result.
            events.append(event(events.count + 1, .prepareForSegue, [EventArgument("sender", value), EventArgument("ünknown name", value)]))
            events.append(event(events.count + 1, .shouldPerformSegue, .none, result: value))
        }
        // A list the inline shapes could have held stays a list, and still compares equal.
        events.append(event(events.count + 1, .viewWillAppear, .list([EventArgument("animated", .bool(true))])))
        events.append(event(events.count + 1, .unwindForSegue, .list([EventArgument("towards", .controller(ControllerID(rawValue: 2)))])))
        let back = roundTrip(events)
        #expect(back == events)
        #expect(back.map(\.sequence) == Array(1...events.count))
    }

    /// The acceptance layer: every transcript of every engine scenario, through one log per scenario.
    @Test func everyScenarioTranscript_comesBackFromTheLog() throws {
        try #require(Self.scenarioFiles.count >= 50, "no scenario files at \(Self.scenarios.path)")
        let fixtures = Self.navigationTests.appendingPathComponent("Fixtures")
        for name in Self.scenarioFiles {
            let text = try String(contentsOf: Self.scenarios.appendingPathComponent(name), encoding: .utf8)
            var events: [LifecycleEvent] = []
            var log = EventLog(capacity: 100_000, chunkSize: 64)
            _ = try ScenarioRunner.run(try Scenario(text: text), fixtures: fixtures) { transcript in
                events += transcript.events
                log.append(contentsOf: transcript.events)
            }
            let back = log.events(after: 0, limit: .max)
            #expect(back.count == events.count, "\(name)")
            if let index = zip(back, events).map({ $0 == $1 }).firstIndex(of: false) {
                Issue.record("\(name): event \(events[index].sequence) came back as \(back[index]), not \(events[index])")
            }
            // From every position, as a stream reading pages does: the chunk's marks and the
            // events decoded between them.
            for after in stride(from: 0, to: events.count, by: 3) {
                let page = log.events(after: after, limit: 5)
                #expect(page == Array(events.dropFirst(after).prefix(5)), "\(name) after \(after)")
            }
        }
    }
}
