import Foundation
import Navigation
import Storyboard
import Testing

@testable import SeguedService

/// The hand-written writer is checked against Foundation's decoder: what it writes must parse back
/// to the same value.
struct JSONWriterTests {
    private func roundTrip(_ value: JSONValue) throws -> JSONValue {
        var writer = JSONWriter()
        writer.value(value)
        return try JSONDecoder().decode(JSONValue.self, from: Data(writer.bytes))
    }

    @Test(arguments: [
        "", "plain", "quote \" and backslash \\", "line\nbreak\r\ttab", "\u{0}\u{1}\u{1F}", "unicode é 漢字 🚀",
        "</script>", "\u{7F}\u{2028}\u{2029}",
    ])
    func strings_roundTrip(_ text: String) throws {
        #expect(try roundTrip(.string(text)) == .string(text))
    }

    @Test func numbersAndNesting_roundTrip() throws {
        let value = JSONValue.object([
            "int": .number(42), "negative": .number(-7), "fraction": .number(0.1), "large": .number(1e300),
            "small": .number(-2.5e-8), "array": .array([.null, .bool(true), .bool(false), .object([:]), .array([])]),
            "nested": .object(["a": .object(["b": .string("c")])]),
        ])
        #expect(try roundTrip(value) == value)
    }

    @Test func objects_haveSortedKeys_andCommasInTheRightPlaces() {
        var writer = JSONWriter()
        writer.value(.object(["b": .number(1), "a": .array([.number(1), .number(2)]), "c": .object([:])]))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":[1,2],"b":1,"c":{}}"#)
    }

    @Test func controlCharacters_areEscapedAsUnicode() {
        var writer = JSONWriter()
        writer.string("\u{1}")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #""\u0001""#)
    }
}

/// Integers and instance ids are written digit by digit rather than through `String`.
struct JSONWriterNumberTests {
    @Test(arguments: [0, 7, 10, 99, 100, 99_999_999, 100_000_000, 100_000_007, 123_456_789, 10_000_000_000_000_000, -1, -10, Int.max, Int.min])
    func integers_matchTheirDecimalForm(_ value: Int) {
        var writer = JSONWriter()
        writer.int(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }

    @Test func controllerIDs_areQuotedVcNumbers() {
        var writer = JSONWriter()
        writer.array { w in
            w.controller(ControllerID(rawValue: 1))
            w.controller(ControllerID(rawValue: 120))
            w.controller(nil as ControllerID?)
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"["vc1","vc120",null]"#)
    }
}

/// Events are written from pre-built scene, method and argument fragments; the result must be
/// exactly api.md's shape for every argument form, with and without a result, for every scene.
struct EventWriterTests {
    /// Events name their scene by index; the writer takes the id and class from this storyboard.
    private let storyboard = Storyboard(name: "Events", initialScene: SceneID("list"), scenes: [
        SceneID("list"): Scene(id: SceneID("list"), customClass: "ItemListViewController"),
        SceneID("detail \"quoted\""): Scene(id: SceneID("detail \"quoted\""), customClass: "Detail\\Controller"),
    ])

    private func event(_ sequence: Int, _ id: Int, _ method: EventMethod, _ arguments: EventArguments, result: EventValue? = nil) -> LifecycleEvent {
        LifecycleEvent(
            sequence: sequence, controller: ControllerID(rawValue: id),
            sceneIndex: storyboard.index(of: SceneID(id == 1 ? "list" : "detail \"quoted\""))!,
            method: method, arguments: arguments, result: result)
    }

    @Test func events_decodeToApiShapes() throws {
        var writer = JSONWriter()
        writer.events([
            event(1, 1, .viewWillAppear, .animated(true)),
            event(2, 2, .willMoveToParent, .parent(nil)),
            event(3, 1, .pushViewController, .viewController(ControllerID(rawValue: 2), animated: false)),
            event(4, 2, .didMoveToParent, .parent(ControllerID(rawValue: 1))),
            event(5, 1, .shouldPerformSegue, [.init("identifier", .string("show")), .init("sender", .null)], result: .bool(false)),
            event(6, 2, .viewDidLoad, .none),
            event(7, 1, .viewDidAppear, .animated(false)),
            event(123_456_789_012, 2, .pushViewController, .viewController(ControllerID(rawValue: 100_000_000), animated: true)),
            event(9, 1, .performSegue, .none, result: .null),
        ], headers: EventHeaders(storyboard))
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(writer.bytes))
        func expected(_ seq: Int, _ id: Int, _ method: String, _ args: [String: JSONValue], result: JSONValue? = nil) -> JSONValue {
            var object: [String: JSONValue] = [
                "seq": .number(Double(seq)), "vc": .string("vc\(id)"), "scene": .string(id == 1 ? "list" : "detail \"quoted\""),
                "class": .string(id == 1 ? "ItemListViewController" : "Detail\\Controller"), "method": .string(method), "args": .object(args),
            ]
            if let result { object["result"] = result }
            return .object(object)
        }
        #expect(decoded == .array([
            expected(1, 1, "viewWillAppear", ["animated": .bool(true)]),
            expected(2, 2, "willMoveToParent", ["parent": .null]),
            expected(3, 1, "pushViewController", ["viewController": .string("vc2"), "animated": .bool(false)]),
            expected(4, 2, "didMoveToParent", ["parent": .string("vc1")]),
            expected(5, 1, "shouldPerformSegue", ["identifier": .string("show"), "sender": .null], result: .bool(false)),
            expected(6, 2, "viewDidLoad", [:]),
            expected(7, 1, "viewDidAppear", ["animated": .bool(false)]),
            expected(123_456_789_012, 2, "pushViewController", ["viewController": .string("vc100000000"), "animated": .bool(true)]),
            expected(9, 1, "performSegue", [:], result: .null),
        ]))
    }

    @Test func argumentsWrittenAsAList_takeTheirInlineShape() {
        #expect(EventArguments([.init("animated", .bool(true))]) == .animated(true))
        #expect(EventArguments([.init("parent", .null)]).count == 1)
        if case .viewController = EventArguments([.init("viewController", .controller(ControllerID(rawValue: 3))), .init("animated", .bool(true))]) {
        } else {
            Issue.record("viewController+animated should be stored inline")
        }
        if case .instance(.viewController, ControllerID(rawValue: 3)) = EventArguments([.init("viewController", .controller(ControllerID(rawValue: 3)))]) {
        } else {
            Issue.record("a lone viewController is an instance argument")
        }
        if case .list = EventArguments([.init("viewController", .string("vc3"))]) {} else {
            Issue.record("a viewController that is not an instance is a list")
        }
        if case .list = EventArguments([.init("from", .controller(ControllerID(rawValue: 2))), .init("action", .string("done:"))]) {} else {
            Issue.record("arguments in another order than the shape's are a list")
        }
    }

    /// Every shape is written from its own literals; what it writes must be, byte for byte, what
    /// the same names and values write as a list, with and without a result.
    @Test func everyShape_writesWhatItsListWrites() throws {
        let segue = SegueDescription(identifier: SegueID("cancel"), kind: .unwind, source: ControllerID(rawValue: 11), destination: ControllerID(rawValue: 3))
        let anonymous = SegueDescription(identifier: nil, kind: .show, source: ControllerID(rawValue: 2), destination: nil, id: "a\"b")
        let sender: EventValue = .json(.object(["row": .number(2), "title": .string("Ünïcode \"quoted\"")]))
        let shapes: [EventArguments] = [
            .none, .animated(true), .animated(false), .parent(nil), .parent(ControllerID(rawValue: 7)),
            .viewController(ControllerID(rawValue: 9), animated: true), .viewController(ControllerID(rawValue: 9), animated: false),
            .instance(.source, ControllerID(rawValue: 11)), .instance(.towards, ControllerID(rawValue: 2)),
            .instance(.viewController, ControllerID(rawValue: 123_456)),
            .actionFrom("cancelEdit:", ControllerID(rawValue: 11)), .actionFrom("with \"quote\":", ControllerID(rawValue: 1)),
            .segue(segue), .segue(anonymous), .segueSender(segue, sender: .null), .segueSender(anonymous, sender: sender),
            .actionSegue("cancelEdit:", segue), .identifierSender(.string("cancel"), sender: .json(.null)),
            .identifierSender(.null, sender: sender),
        ]
        for (index, shape) in shapes.enumerated() {
            for result: EventValue? in [nil, .bool(true), .controllers([ControllerID(rawValue: 4)])] {
                var own = JSONWriter()
                own.events([event(index, 1, .performSegue, shape, result: result)], headers: EventHeaders(storyboard))
                var listed = JSONWriter()
                listed.events([event(index, 1, .performSegue, .list(shape.elements), result: result)], headers: EventHeaders(storyboard))
                #expect(String(decoding: own.bytes, as: UTF8.self) == String(decoding: listed.bytes, as: UTF8.self), "\(shape)")
                // And the list form parses, so both are JSON.
                _ = try JSONDecoder().decode(JSONValue.self, from: Data(listed.bytes))
            }
            #expect(EventArguments(shape.elements) == shape)
            if case .list = shape {} else if case .list = EventArguments(shape.elements) { Issue.record("\(shape) read back as a list") }
        }
    }
}

/// A transcript names one segue several times; repeats are copies of the first one's bytes, which
/// must read exactly as a fresh write would, commas included.
struct SegueWriterTests {
    private let show = SegueDescription(identifier: SegueID("show"), kind: .show, source: ControllerID(rawValue: 3), destination: ControllerID(rawValue: 4))
    private let unwind = SegueDescription(identifier: nil, kind: .unwind, source: ControllerID(rawValue: 4), destination: nil)
    /// The same as `show` but for its storyboard id: not a repeat of `show`.
    private let showByID = SegueDescription(
        identifier: SegueID("show"), kind: .show, source: ControllerID(rawValue: 3), destination: ControllerID(rawValue: 4), id: "s-1")

    @Test func repeatedSegues_readAsFreshWrites() {
        var writer = JSONWriter()
        writer.object { w in
            w.key("a"); w.segue(show)
            w.key("b"); w.array { w in
                w.segue(show)
                w.int(1)
                w.segue(show)
                w.segue(unwind)
                w.segue(show)
                w.segue(showByID)
            }
            w.key("c"); w.segue(unwind)
        }
        let showJSON = #"{"identifier":"show","id":null,"kind":"show","source":"vc3","destination":"vc4"}"#
        let showByIDJSON = #"{"identifier":"show","id":"s-1","kind":"show","source":"vc3","destination":"vc4"}"#
        let unwindJSON = #"{"identifier":null,"id":null,"kind":"unwind","source":"vc4","destination":null}"#
        #expect(String(decoding: writer.bytes, as: UTF8.self)
            == #"{"a":\#(showJSON),"b":[\#(showJSON),1,\#(showJSON),\#(unwindJSON),\#(showJSON),\#(showByIDJSON)],"c":\#(unwindJSON)}"#)
    }
}
