import Navigation
import Storyboard

/// Reads back the events ``EventCoding`` wrote, one after the other.
///
/// Every read returns `nil` rather than trapping when the bytes end early or hold a code that was
/// never written: the bytes are the daemon's own, so that would be a bug, and a bug in the log must
/// not take every session down with it.
struct EventReader {
    private typealias Shape = EventCoding.Shape
    private typealias ValueTag = EventCoding.ValueTag
    private typealias JSONTag = EventCoding.JSONTag

    private let bytes: [UInt8]
    private var position: Int

    /// Whether every byte has been read.
    var isAtEnd: Bool { position >= bytes.count }

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// The next event, given the sequence number its position implies.
    mutating func event(sequence: Int) -> LifecycleEvent? {
        guard let methodCode = byte(), let method = EventMethod(code: Int(methodCode)),
            let controller = number(), let scenePosition = number(), let scene = SceneIndex(position: scenePosition),
            let shapeByte = byte(), let shape = Shape(rawValue: shapeByte & ~EventCoding.hasResult),
            let arguments = arguments(shape)
        else { return nil }
        var result: EventValue?
        if shapeByte & EventCoding.hasResult != 0 {
            guard let value = value() else { return nil }
            result = value
        }
        return LifecycleEvent(
            sequence: sequence, controller: ControllerID(rawValue: controller), sceneIndex: scene, method: method,
            arguments: arguments, result: result)
    }

    /// Passes over the next event without making it: reading from a chunk's mark passes over up to
    /// 63 events before the one asked for, and making them (their argument lists, strings and
    /// segues) tripled what a page of 16 events cost to read. Each `skip` follows the reading
    /// function of the same form; `false` where that would return `nil`.
    mutating func skipEvent() -> Bool {
        guard byte() != nil, number() != nil, number() != nil, let shapeByte = byte(),
            let shape = Shape(rawValue: shapeByte & ~EventCoding.hasResult)
        else { return false }
        if shape == .list {
            guard let count = number(), count >= 0 else { return false }
            for _ in 0..<count {
                guard let code = byte(), code != 0 || skipString(), skipValue() else { return false }
            }
        } else if shape.carriesController, number() == nil {
            return false
        }
        return shapeByte & EventCoding.hasResult == 0 || skipValue()
    }

    mutating func skipValue() -> Bool {
        guard let tagByte = byte(), let tag = ValueTag(rawValue: tagByte) else { return false }
        switch tag {
        case .null, .false, .true: return true
        case .int, .controller: return number() != nil
        case .string: return skipString()
        case .controllers: return skipNumbers()
        case .segue: return skipSegue()
        case .json: return skipJSON()
        }
    }

    /// Unwind search steps as ``EventCoding/appendSearch(_:to:)`` writes them.
    mutating func search() -> [SearchStep]? {
        guard let count = number(), count >= 0 else { return nil }
        var steps: [SearchStep] = []
        for _ in 0..<count {
            guard let controller = number(), let code = byte(), let method = EventMethod(code: Int(code)), let result = value()
            else { return nil }
            steps.append(SearchStep(controller: ControllerID(rawValue: controller), method: method, result: result))
        }
        return steps
    }

    mutating func skipSearch() -> Bool {
        guard let count = number(), count >= 0 else { return false }
        for _ in 0..<count {
            guard number() != nil, byte() != nil, skipValue() else { return false }
        }
        return true
    }

    private mutating func skipSegue() -> Bool {
        guard let flags = byte(),
            flags & EventCoding.segueHasIdentifier == 0 || skipString(),
            flags & EventCoding.segueHasID == 0 || skipString(),
            byte() != nil, number() != nil
        else { return false }
        return flags & EventCoding.segueHasDestination == 0 || number() != nil
    }

    private mutating func skipJSON() -> Bool {
        guard let tagByte = byte(), let tag = JSONTag(rawValue: tagByte) else { return false }
        switch tag {
        case .null, .false, .true: return true
        case .number: return skip(8)
        case .string: return skipString()
        case .array, .object:
            guard let count = number(), count >= 0 else { return false }
            for _ in 0..<count {
                guard tag == .array || skipString(), skipJSON() else { return false }
            }
            return true
        }
    }

    /// A count, then that many numbers.
    private mutating func skipNumbers() -> Bool {
        guard let count = number(), count >= 0 else { return false }
        for _ in 0..<count where number() == nil { return false }
        return true
    }

    mutating func skipString() -> Bool {
        guard let count = number(), count >= 0 else { return false }
        return skip(count)
    }

    private mutating func skip(_ count: Int) -> Bool {
        guard count <= bytes.count - position else { return false }
        position += count
        return true
    }

    private mutating func arguments(_ shape: Shape) -> EventArguments? {
        guard shape == .list else {
            var controller = ControllerID(rawValue: 0)
            if shape.carriesController {
                guard let number = number() else { return nil }
                controller = ControllerID(rawValue: number)
            }
            return shape.arguments(controller: controller)
        }
        guard let count = number() else { return nil }
        var elements: [EventArgument] = []
        for _ in 0..<max(0, count) {
            guard let name = name(), let value = value() else { return nil }
            elements.append(EventArgument(name, value))
        }
        // Back in the case the engine made them in (a list is how every shape but the inline ones is written).
        return EventArguments(elements)
    }

    private mutating func name() -> String? {
        guard let code = byte() else { return nil }
        if code == 0 { return string() }
        let position = Int(code) - 1
        return EventCoding.argumentNames.indices.contains(position) ? EventCoding.argumentNames[position] : nil
    }

    mutating func value() -> EventValue? {
        guard let tagByte = byte(), let tag = ValueTag(rawValue: tagByte) else { return nil }
        switch tag {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .int: return number().map(EventValue.int)
        case .string: return string().map(EventValue.string)
        case .controller: return number().map { .controller(ControllerID(rawValue: $0)) }
        case .controllers:
            guard let count = number() else { return nil }
            var ids: [ControllerID] = []
            for _ in 0..<max(0, count) {
                guard let id = number() else { return nil }
                ids.append(ControllerID(rawValue: id))
            }
            return .controllers(ids)
        case .segue: return segue().map(EventValue.segue)
        case .json: return json().map(EventValue.json)
        }
    }

    private mutating func segue() -> SegueDescription? {
        guard let flags = byte() else { return nil }
        var identifier: SegueID?
        if flags & EventCoding.segueHasIdentifier != 0 {
            guard let name = string() else { return nil }
            identifier = SegueID(name)
        }
        var storyboardID: String?
        if flags & EventCoding.segueHasID != 0 {
            guard let string = string() else { return nil }
            storyboardID = string
        }
        guard let kindCode = byte(), let kind = EventCoding.segueKind(code: Int(kindCode)),
            let source = number()
        else { return nil }
        var destination: ControllerID?
        if flags & EventCoding.segueHasDestination != 0 {
            guard let id = number() else { return nil }
            destination = ControllerID(rawValue: id)
        }
        return SegueDescription(
            identifier: identifier, kind: kind, source: ControllerID(rawValue: source), destination: destination, id: storyboardID)
    }

    private mutating func json() -> JSONValue? {
        guard let tagByte = byte(), let tag = JSONTag(rawValue: tagByte) else { return nil }
        switch tag {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number:
            var bits: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) {
                guard let byte = byte() else { return nil }
                bits |= UInt64(byte) << shift
            }
            return .number(Double(bitPattern: bits))
        case .string: return string().map(JSONValue.string)
        case .array:
            guard let count = number() else { return nil }
            var elements: [JSONValue] = []
            for _ in 0..<max(0, count) {
                guard let element = json() else { return nil }
                elements.append(element)
            }
            return .array(elements)
        case .object:
            guard let count = number() else { return nil }
            var members: [String: JSONValue] = [:]
            for _ in 0..<max(0, count) {
                guard let key = string(), let value = json() else { return nil }
                members[key] = value
            }
            return .object(members)
        }
    }

    /// The byte ``byte()`` would read next, not read.
    var nextByte: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// A LEB128 zigzag number; `nil` past the end or beyond 64 bits.
    mutating func number() -> Int? {
        var bits: UInt = 0
        var shift = 0
        while let byte = byte() {
            guard shift < UInt.bitWidth else { return nil }
            bits |= UInt(byte & 0x7F) << shift
            if byte < 0x80 {
                let magnitude = Int(bitPattern: bits >> 1)
                return bits & 1 == 0 ? magnitude : ~magnitude
            }
            shift += 7
        }
        return nil
    }

    mutating func string() -> String? {
        guard let count = number(), count >= 0, count <= bytes.count - position else { return nil }
        defer { position += count }
        return String(decoding: bytes[position..<(position + count)], as: UTF8.self)
    }
}
