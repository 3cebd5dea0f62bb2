import Navigation
import Storyboard

/// The part of an event's JSON that depends only on its instance, `,"vc":"vc4","scene":"detail",
/// "class":"ItemDetailViewController","method":"`, cached per instance for one response. An
/// instance's scene and class never change, so the fragment is exact for every event it has.
struct EventHeaders {
    static let open = Array(#"{"seq":"#.utf8)
    static let argumentsKey = Array(#"","args":"#.utf8)
    static let close = Array("}".utf8)
    private static let comma = Array(",".utf8)
    private static let quote = Array("\"".utf8)

    /// A transcript names few instances, so a list searched from the end beats hashing.
    private var entries: [(controller: ControllerID, header: [UInt8])] = []

    mutating func header(for event: LifecycleEvent, in storyboard: Storyboard) -> [UInt8] {
        for entry in entries.reversed() where entry.controller == event.controller { return entry.header }
        var writer = JSONWriter(capacity: 96)
        writer.fragment(Self.comma)
        writer.key(.vc); writer.controller(event.controller)
        writer.key(.scene); writer.string(storyboard[event.sceneIndex].id.rawValue)
        writer.key(.class); writer.string(storyboard[event.sceneIndex].className)
        writer.key(.method)
        writer.fragment(Self.quote)
        entries.append((event.controller, writer.bytes))
        return writer.bytes
    }
}
