import HTTPServer
import Navigation
import Storyboard

/// The parts of an event's JSON that do not depend on the event's numbers, written once per scene
/// of a storyboard: `","scene":"detail","class":"ItemDetailViewController","method":"`; and the
/// literal fragments around them.
///
/// A transcript is dozens of events naming a handful of scenes and methods; writing those strings
/// member by member (escaping checked each time) was most of an operation's response. The parts
/// are kept in ``ByteStringTable``s, which every server thread reads without writing a reference
/// count.
final class EventHeaders: Sendable {
    /// By ``SceneIndex/position``.
    let scenes: ByteStringTable
    /// ``methods``, held by every instance too: read through the instance the event writer is handed,
    /// the shared table costs no `swift_once` check an event (25 a segue and unwind request).
    let methodParts = EventHeaders.methods

    init(_ storyboard: Storyboard) {
        scenes = ByteStringTable(storyboard.sceneTable.map { scene in
            var writer = JSONWriter(capacity: 96)
            writer.fragment(Self.quote)
            writer.fragment(Self.comma)
            writer.key(.scene); writer.string(scene.id.rawValue)
            writer.key(.class); writer.string(scene.className)
            writer.key(.method)
            writer.fragment(Self.quote)
            return writer.bytes
        })
    }

    /// By ``EventMethod/code``: the method's name and what follows it up to the arguments,
    /// `viewWillAppear","args":`, so that a method is one append and builds no string.
    static let methods = ByteStringTable(EventMethod.allCases.map { Array($0.rawValue.utf8) + Array(#"","args":"#.utf8) })

    /// By ``EventMethod/code``: the method's name as a JSON string, for the search steps.
    static let quotedMethods = ByteStringTable(EventMethod.allCases.map { Array("\"\($0.rawValue)\"".utf8) })

    private static var quote: StaticString { "\"" }
    private static var comma: StaticString { "," }

    // Literals (computed: nothing to initialize or retain).
    static var open: StaticString { #"{"seq":"# }
    static var vc: StaticString { #","vc":"vc"# }
    static var openObject: StaticString { "{" }
    static var close: StaticString { "}" }
    // Argument objects, whole or around their values, so that an event writes its arguments in one
    // to three appends.
    static var noArguments: StaticString { "{}" }
    static var animatedTrue: StaticString { #"{"animated":true}"# }
    static var animatedFalse: StaticString { #"{"animated":false}"# }
    static var parentNull: StaticString { #"{"parent":null}"# }
    static var parent: StaticString { #"{"parent":"vc"# }
    static var viewController: StaticString { #"{"viewController":"vc"# }
    static var source: StaticString { #"{"source":"vc"# }
    static var towards: StaticString { #"{"towards":"vc"# }
    static var andAnimatedTrue: StaticString { #"","animated":true}"# }
    static var andAnimatedFalse: StaticString { #"","animated":false}"# }
    static var closeString: StaticString { #""}"# }
    static var action: StaticString { #"{"action":"# }
    static var andFrom: StaticString { #","from":"vc"# }
    static var segue: StaticString { #"{"segue":"# }
    static var andSegue: StaticString { #","segue":"# }
    static var identifier: StaticString { #"{"identifier":"# }
    static var andSender: StaticString { #","sender":"# }
}
