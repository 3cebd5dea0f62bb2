import Navigation
import Storyboard

/// The parts of an event's JSON that do not depend on the event's numbers, written once:
/// per scene of a storyboard, `","scene":"detail","class":"ItemDetailViewController","method":"`,
/// and per method, `viewWillAppear","args":`.
///
/// A transcript is dozens of events naming a handful of scenes and methods; writing those strings
/// member by member (escaping checked each time) was most of an operation's response.
final class EventHeaders: Sendable {
    /// By ``SceneIndex/position``.
    private let scenes: [[UInt8]]

    init(_ storyboard: Storyboard) {
        scenes = storyboard.sceneTable.map { scene in
            var writer = JSONWriter(capacity: 96)
            writer.fragment(Self.quote)
            writer.fragment(Self.comma)
            writer.key(.scene); writer.string(scene.id.rawValue)
            writer.key(.class); writer.string(scene.className)
            writer.key(.method)
            writer.fragment(Self.quote)
            return writer.bytes
        }
    }

    // Read through `_read`: returning the arrays retained them, and they are shared by every thread.
    subscript(scene index: SceneIndex) -> [UInt8] {
        _read { yield scenes[index.position] }
    }

    static subscript(method method: EventMethod) -> [UInt8] {
        _read { yield methods[method.position] }
    }

    private static let quote = Array("\"".utf8)
    private static let comma = Array(",".utf8)
    /// By ``EventMethod/position``.
    private static let methods: [[UInt8]] = EventMethod.allCases.map { Array(#"\#($0.rawValue)","args":"#.utf8) }

    // Whole argument objects for the inline shapes, so that most events write their arguments in
    // one or two appends.
    static let open = Array(#"{"seq":"#.utf8)
    static let vc = Array(#","vc":"vc"#.utf8)
    static let noArguments = Array("{}}".utf8)
    static let animatedTrue = Array(#"{"animated":true}}"#.utf8)
    static let animatedFalse = Array(#"{"animated":false}}"#.utf8)
    static let parentNull = Array(#"{"parent":null}}"#.utf8)
    static let parent = Array(#"{"parent":"vc"#.utf8)
    static let viewController = Array(#"{"viewController":"vc"#.utf8)
    static let andAnimatedTrue = Array(#"","animated":true}}"#.utf8)
    static let andAnimatedFalse = Array(#"","animated":false}}"#.utf8)
    static let closeString = Array(#""}}"#.utf8)
    static let close = Array("}".utf8)
}
