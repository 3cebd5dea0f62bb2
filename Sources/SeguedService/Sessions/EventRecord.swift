import Navigation
import Storyboard

/// Most events packed into one 64-bit word; the others point to their byte form (``EventCoding``).
///
/// Two thirds of the events an operation makes are creation, appearance and containment callbacks:
/// a method, a controller, a scene and at most an `animated` flag or one more controller. Those fit
/// a word, written with one append. An event with a list of arguments or a result, or with numbers
/// too large for their fields, is written as bytes instead, and its word holds where they start.
///
/// Bit 0 is 1 for a word that points to bytes (the offset is the rest); a packed word holds, from
/// bit 1, the method's code (6 bits), the shape of the arguments (3), the controller (20), the
/// scene's position (14) and the argument's controller (20).
struct EventRecord: Equatable {
    let word: UInt64

    private static let methodBits: UInt64 = 6, shapeBits: UInt64 = 3, controllerBits: UInt64 = 20, sceneBits: UInt64 = 14
    private static let methodShift: UInt64 = 1
    private static let shapeShift = methodShift + methodBits
    private static let controllerShift = shapeShift + shapeBits
    private static let sceneShift = controllerShift + controllerBits
    private static let argumentShift = sceneShift + sceneBits

    /// The word for events kept as bytes from `offset` in their chunk.
    init(bytesAt offset: Int) { word = UInt64(offset) << 1 | 1 }

    /// The packed word for an event without a result, or `nil` when it has to be kept as bytes.
    init?(method: EventMethod, controller: ControllerID, scene: SceneIndex, arguments: EventArguments) {
        // Past 64 methods the code would not fit its field: such events would be kept as bytes.
        guard let method = Self.field(Int(method.code), bits: Self.methodBits),
            let (shape, argument) = EventCoding.Shape.inline(arguments),
            let controller = Self.field(controller.rawValue, bits: Self.controllerBits),
            let scene = Self.field(scene.position, bits: Self.sceneBits),
            let argument = Self.field(argument?.rawValue ?? 0, bits: Self.controllerBits)
        else { return nil }
        word =
            method << Self.methodShift | UInt64(shape.rawValue) << Self.shapeShift
            | controller << Self.controllerShift | scene << Self.sceneShift | argument << Self.argumentShift
    }

    private static func field(_ value: Int, bits: UInt64) -> UInt64? {
        value >= 0 && value < 1 << bits ? UInt64(value) : nil
    }

    /// Where the event's bytes start, for a word that points to bytes.
    var byteOffset: Int? { word & 1 == 1 ? Int(word >> 1) : nil }

    /// The event of a packed word, given the sequence number its position implies.
    func event(sequence: Int) -> LifecycleEvent? {
        guard word & 1 == 0, let method = EventMethod(code: bits(Self.methodShift, Self.methodBits)),
            let shape = EventCoding.Shape(rawValue: UInt8(bits(Self.shapeShift, Self.shapeBits))),
            let scene = SceneIndex(position: bits(Self.sceneShift, Self.sceneBits)),
            let arguments = shape.arguments(controller: ControllerID(rawValue: bits(Self.argumentShift, Self.controllerBits)))
        else { return nil }
        return LifecycleEvent(
            sequence: sequence, controller: ControllerID(rawValue: bits(Self.controllerShift, Self.controllerBits)),
            sceneIndex: scene, method: method, arguments: arguments)
    }

    private func bits(_ shift: UInt64, _ count: UInt64) -> Int { Int((word >> shift) & ((1 << count) - 1)) }
}
