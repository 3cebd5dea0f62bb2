import Navigation
import Storyboard

/// The byte form of a ``LifecycleEvent`` in the event log (see ``PackedEvents``).
///
/// An event is its method's code, its controller and its scene's position, then one byte for the
/// shape of its arguments (the inline shapes of ``EventArguments`` need at most one number more),
/// then, when that byte says so, a list of named values and the result. Numbers are LEB128 of their
/// zigzag form (`vc12` is one byte); strings are their UTF-8 bytes after their length. The sequence
/// number is not stored: a chunk's events are consecutive.
enum EventCoding {
    /// Appends `events[index]` to `bytes`, its fields read in place: handed the element, the event
    /// log's append copied and destroyed each event it wrote as bytes.
    static func append<Events: RandomAccessCollection<LifecycleEvent>>(_ events: Events, at index: Events.Index, to bytes: inout [UInt8]) {
        // Most events have none: asked first, the result is copied out of its box only when there is one
        // (the getter took about 25 instructions an event).
        let result = events[index].hasResult ? events[index].result : nil
        let flag = result == nil ? 0 : hasResult
        let inline = Shape.inline(events[index].arguments)
        // The head (method, controller, scene, shape, the shape's controller) into room made once:
        // an append a field checked the array's uniqueness and capacity five times an event, and
        // two thirds of the events are nothing more.
        bytes.append(addingCapacity: headCapacity) { room in
            room.append(events[index].method.code)
            put(events[index].controller.rawValue, into: &room)
            put(events[index].sceneIndex.position, into: &room)
            if let (shape, controller) = inline {
                room.append(shape.rawValue | flag)
                if let controller { put(controller.rawValue, into: &room) }
            } else {
                room.append(Shape.list.rawValue | flag)
            }
        }
        if inline == nil { appendListed(events[index].arguments, to: &bytes) }
        if let result { appendValue(result, to: &bytes) }
    }

    /// The most an event's head takes: a byte for the method and one for the shape, and three
    /// numbers of at most ten bytes each. The head's append needs that much room even when it
    /// writes four bytes (``PackedEvents`` reserves it beyond its estimate).
    static let headCapacity = 32

    /// Arguments that do not fit an inline shape, written as the list of names and values they read
    /// as, whichever case holds them: the form every log and store row has had (``EventReader``
    /// gives them back their case). The engine's segue and unwind shapes are written member by
    /// member, with their names' codes: `forEach` would box each segue into an `EventValue`.
    private static func appendListed(_ arguments: EventArguments, to bytes: inout [UInt8]) {
        appendNumber(arguments.count, to: &bytes)
        switch arguments {
        case .instance(let name, let id):
            bytes.append(NameCode(name).rawValue)
            appendController(id, to: &bytes)
        case .actionFrom(let action, let from):
            bytes.append(NameCode.action.rawValue); appendStringValue(action, to: &bytes)
            bytes.append(NameCode.from.rawValue); appendController(from, to: &bytes)
        case .segue(let segue):
            bytes.append(NameCode.segue.rawValue); appendSegue(segue, to: &bytes)
        case .segueSender(let segue, let sender):
            bytes.append(NameCode.segue.rawValue); appendSegue(segue, to: &bytes)
            bytes.append(NameCode.sender.rawValue); appendValue(sender, to: &bytes)
        case .actionSegue(let action, let segue):
            bytes.append(NameCode.action.rawValue); appendStringValue(action, to: &bytes)
            bytes.append(NameCode.segue.rawValue); appendSegue(segue, to: &bytes)
        case .identifierSender(let identifier, let sender):
            bytes.append(NameCode.identifier.rawValue); appendValue(identifier, to: &bytes)
            bytes.append(NameCode.sender.rawValue); appendValue(sender, to: &bytes)
        case .list(let elements):
            for element in elements {
                appendName(element.name, to: &bytes)
                appendValue(element.value, to: &bytes)
            }
        case .none, .animated, .parent, .viewController:
            arguments.forEach { name, value in
                appendName(name, to: &bytes)
                appendValue(value, to: &bytes)
            }
        }
    }

    /// The codes of the names the engine's own shapes write: their position in ``argumentNames``
    /// plus one (EventCodingTests checks them against the table).
    enum NameCode: UInt8, CaseIterable {
        case segue = 1, sender, identifier, action, from, source, towards, viewController

        init(_ name: InstanceArgument) {
            switch name {
            case .source: self = .source
            case .towards: self = .towards
            case .viewController: self = .viewController
            }
        }
    }

    /// A segue kind's position in `SegueKind.allCases`, its code in the log, by a switch: looking it
    /// up in a table retains the table, which both server threads share (EventCodingTests checks
    /// the two agree).
    static func code(of kind: SegueKind) -> UInt8 {
        switch kind {
        case .show: 0
        case .showDetail: 1
        case .presentation: 2
        case .popoverPresentation: 3
        case .custom: 4
        case .embed: 5
        case .unwind: 6
        case .push: 7
        case .modal: 8
        case .replace: 9
        case .popover: 10
        case .relationship: 11
        }
    }

    /// The shapes of ``EventArguments``, with the inline shapes' flags folded in.
    enum Shape: UInt8 {
        case none, notAnimated, animated, noParent, parent, viewControllerNotAnimated, viewControllerAnimated, list

        /// The shape of inline `arguments` and the controller they carry, if any; `nil` for a list.
        static func inline(_ arguments: EventArguments) -> (shape: Shape, controller: ControllerID?)? {
            switch arguments {
            case .none: (.none, nil)
            case .animated(let animated): (animated ? .animated : .notAnimated, nil)
            case .parent(nil): (.noParent, nil)
            case .parent(let parent?): (.parent, parent)
            case .viewController(let id, let animated): (animated ? .viewControllerAnimated : .viewControllerNotAnimated, id)
            case .instance, .actionFrom, .segue, .segueSender, .actionSegue, .identifierSender, .list: nil
            }
        }

        /// Whether the shape carries a controller (written after the shape).
        var carriesController: Bool { self == .parent || self == .viewControllerNotAnimated || self == .viewControllerAnimated }

        /// The inline arguments of this shape, with `controller` where it carries one; `nil` for `.list`.
        func arguments(controller: ControllerID) -> EventArguments? {
            switch self {
            case .none: EventArguments.none
            case .notAnimated: .animated(false)
            case .animated: .animated(true)
            case .noParent: .parent(nil)
            case .parent: .parent(controller)
            case .viewControllerNotAnimated: .viewController(controller, animated: false)
            case .viewControllerAnimated: .viewController(controller, animated: true)
            case .list: nil
            }
        }
    }
    /// Set in the shape byte when a result follows the arguments.
    static let hasResult: UInt8 = 0x80

    enum ValueTag: UInt8 {
        case null, `false`, `true`, int, string, controller, controllers, segue, json
    }

    enum JSONTag: UInt8 {
        case null, `false`, `true`, number, string, array, object
    }

    /// Set in a segue's flag byte when the segue has an identifier, and when it has a destination.
    static let segueHasIdentifier: UInt8 = 1
    static let segueHasDestination: UInt8 = 2
    /// Set in a segue's flag byte when the segue has a storyboard id (its string follows the identifier's).
    static let segueHasID: UInt8 = 4

    /// Positions in this table are the codes; built once (`allCases` makes a new array per call).
    private static let segueKinds = SegueKind.allCases
    static func segueKind(code: Int) -> SegueKind? { segueKinds.indices.contains(code) ? segueKinds[code] : nil }

    /// The argument names the engine uses, written as their position here plus one; any other name
    /// is written as 0 and its string. Comparing with these small strings costs less than writing
    /// one out, and a name takes one byte instead of six to fourteen.
    static let argumentNames = [
        "segue", "sender", "identifier", "action", "from", "source", "towards", "viewController", "viewControllers",
        "animated", "parent", "primary", "secondary", "toViewController", "fromViewController", "idiom",
        "horizontalSizeClass", "previousHorizontalSizeClass",
    ]

    private static let argumentNameLengths = argumentNames.map(\.utf8.count)

    private static func appendName(_ name: String, to bytes: inout [UInt8]) {
        // Lengths first: comparing two different small strings goes through the slow, Unicode-aware
        // comparison (`firstIndex(of:)` cost 120 instructions a name); equal ones match on their bits.
        let length = name.utf8.count
        for position in argumentNames.indices where argumentNameLengths[position] == length && argumentNames[position] == name {
            bytes.append(UInt8(truncatingIfNeeded: position + 1))
            return
        }
        bytes.append(0)
        appendString(name, to: &bytes)
    }

    @inline(__always)
    static func appendNumber(_ number: Int, to bytes: inout [UInt8]) {
        // Controllers, scenes and counts are nearly always below 64: one byte, no loop.
        if number >= 0, number < 64 {
            bytes.append(UInt8(truncatingIfNeeded: number << 1))
        } else {
            appendLargeNumber(number, to: &bytes)
        }
    }

    /// ``appendNumber(_:to:)`` into room already made.
    @inline(__always)
    private static func put(_ number: Int, into room: inout OutputSpan<UInt8>) {
        if number >= 0, number < 64 {
            room.append(UInt8(truncatingIfNeeded: number << 1))
            return
        }
        var rest = UInt(bitPattern: (number << 1) ^ (number >> (Int.bitWidth - 1)))
        while rest >= 0x80 {
            room.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        room.append(UInt8(rest))
    }

    private static func appendLargeNumber(_ number: Int, to bytes: inout [UInt8]) {
        bytes.append(addingCapacity: 10) { room in put(number, into: &room) }
    }

    static func appendString(_ string: String, to bytes: inout [UInt8]) { appendString(string, tag: nil, to: &bytes) }

    /// `string` after `tag`, when given, and its length. From the string's span into room made once,
    /// its length and tag too: `append(contentsOf: string.utf8)` went through the generic sequence
    /// path (about 290 instructions for a short identifier), and appending byte by byte checked the
    /// array's uniqueness and capacity for every byte.
    private static func appendString(_ string: String, tag: UInt8?, to bytes: inout [UInt8]) {
        let span = string.utf8.span
        bytes.append(addingCapacity: span.count + 11) { room in
            if let tag { room.append(tag) }
            put(span.count, into: &room)
            for index in span.indices { room.append(span[index]) }
        }
    }

    static func appendValue(_ value: EventValue, to bytes: inout [UInt8]) {
        switch value {
        case .null:
            bytes.append(ValueTag.null.rawValue)
        case .bool(let bool):
            bytes.append((bool ? ValueTag.true : .false).rawValue)
        case .int(let int):
            bytes.append(ValueTag.int.rawValue)
            appendNumber(int, to: &bytes)
        case .string(let string):
            appendStringValue(string, to: &bytes)
        case .controller(let id):
            appendController(id, to: &bytes)
        case .controllers(let ids):
            bytes.append(ValueTag.controllers.rawValue)
            appendNumber(ids.count, to: &bytes)
            for id in ids { appendNumber(id.rawValue, to: &bytes) }
        case .segue(let segue):
            appendSegue(segue, to: &bytes)
        case .json(let json):
            bytes.append(ValueTag.json.rawValue)
            appendJSON(json, to: &bytes)
        }
    }

    /// An operation's unwind search steps: their count, then each step's controller, method and
    /// result (the store's rows and the event log's details alike).
    static func appendSearch(_ steps: [SearchStep], to bytes: inout [UInt8]) {
        appendNumber(steps.count, to: &bytes)
        for index in steps.indices {
            appendNumber(steps[index].controller.rawValue, to: &bytes)
            bytes.append(steps[index].method.code)
            appendValue(steps[index].result, to: &bytes)
        }
    }

    /// `EventValue.string(string)`'s form, written without making the value.
    private static func appendStringValue(_ string: String, to bytes: inout [UInt8]) {
        appendString(string, tag: ValueTag.string.rawValue, to: &bytes)
    }

    /// `EventValue.controller(id)`'s form, into room made once.
    private static func appendController(_ id: ControllerID, to bytes: inout [UInt8]) {
        bytes.append(addingCapacity: 11) { room in
            room.append(ValueTag.controller.rawValue)
            put(id.rawValue, into: &room)
        }
    }

    /// `EventValue.segue(segue)`'s form, written without boxing the segue into a value. Its tag and
    /// flags, and its kind and instances, each into room made once: a segue is written three or
    /// four times an operation (its events and the operation's details), and an append a byte took
    /// about 400 instructions a segue.
    static func appendSegue(_ segue: SegueDescription, to bytes: inout [UInt8]) {
        let flags =
            (segue.identifier == nil ? 0 : segueHasIdentifier) | (segue.destination == nil ? 0 : segueHasDestination)
            | (segue.id == nil ? 0 : segueHasID)
        bytes.append(addingCapacity: 2) { room in
            room.append(ValueTag.segue.rawValue)
            room.append(flags)
        }
        if let identifier = segue.identifier { appendString(identifier.rawValue, to: &bytes) }
        if let id = segue.id { appendString(id, to: &bytes) }
        let destination = segue.destination
        bytes.append(addingCapacity: 21) { room in
            room.append(code(of: segue.kind))
            put(segue.source.rawValue, into: &room)
            if let destination { put(destination.rawValue, into: &room) }
        }
    }

    private static func appendJSON(_ json: JSONValue, to bytes: inout [UInt8]) {
        switch json {
        case .null:
            bytes.append(JSONTag.null.rawValue)
        case .bool(let bool):
            bytes.append((bool ? JSONTag.true : .false).rawValue)
        case .number(let number):
            bytes.append(JSONTag.number.rawValue)
            // The bit pattern, so that every double comes back exactly.
            let bits = number.bitPattern
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> shift)) }
        case .string(let string):
            bytes.append(JSONTag.string.rawValue)
            appendString(string, to: &bytes)
        case .array(let elements):
            bytes.append(JSONTag.array.rawValue)
            appendNumber(elements.count, to: &bytes)
            for element in elements { appendJSON(element, to: &bytes) }
        case .object(let members):
            bytes.append(JSONTag.object.rawValue)
            appendNumber(members.count, to: &bytes)
            for (key, value) in members {
                appendString(key, to: &bytes)
                appendJSON(value, to: &bytes)
            }
        }
    }
}
