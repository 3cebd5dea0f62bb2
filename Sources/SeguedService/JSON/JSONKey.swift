/// An object member name known when the code is written, written without the escaping scan: the
/// hot writers (events, transcripts, stacks) write dozens per response, and escaping each name anew
/// cost three times as much (callgrind, bench/engine service). A `StaticString`, not an array:
/// every server thread writes the same keys, and retaining a shared array made its reference count
/// bounce between cores.
struct JSONKey: Sendable {
    let name: StaticString

    /// - Precondition: `name` needs no escaping (the names of api.md are ASCII identifiers), checked
    /// in debug builds (the tests'). An `assert`, not a `precondition`: with nothing to run, the
    /// keys below are constants the compiler lays out, where a check made each a lazily made global,
    /// and every key written went through `swift_once` (some 30 a segue and unwind request).
    init(_ name: StaticString) {
        assert(name.withUTF8Buffer { $0.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") } })
        self.name = name
    }
}

extension JSONKey {
    // Events and transcripts.
    static let seq = JSONKey("seq"), vc = JSONKey("vc"), scene = JSONKey("scene"), `class` = JSONKey("class")
    static let method = JSONKey("method"), args = JSONKey("args"), result = JSONKey("result")
    static let identifier = JSONKey("identifier"), kind = JSONKey("kind"), source = JSONKey("source")
    static let destination = JSONKey("destination"), performed = JSONKey("performed"), reason = JSONKey("reason")
    static let reasonDetail = JSONKey("reasonDetail"), segue = JSONKey("segue"), events = JSONKey("events")
    static let search = JSONKey("search"), stack = JSONKey("stack"), revision = JSONKey("revision")
    // Stacks.
    static let visible = JSONKey("visible"), path = JSONKey("path"), layers = JSONKey("layers")
    static let transition = JSONKey("transition")
    static let presentation = JSONKey("presentation"), style = JSONKey("style"), requestedStyle = JSONKey("requestedStyle")
    static let presenting = JSONKey("presenting"), calledBy = JSONKey("calledBy"), root = JSONKey("root")
    static let id = JSONKey("id"), appearance = JSONKey("appearance"), viewLoaded = JSONKey("viewLoaded")
    static let selectedIndex = JSONKey("selectedIndex"), collapsed = JSONKey("collapsed"), columns = JSONKey("columns")
    static let primary = JSONKey("primary"), supplementary = JSONKey("supplementary"), secondary = JSONKey("secondary")
    static let compact = JSONKey("compact"), presented = JSONKey("presented"), children = JSONKey("children")
    static let properties = JSONKey("properties"), title = JSONKey("title")
}

extension JSONKey {
    // Event arguments in their inline shapes (EventArguments).
    static let animated = JSONKey("animated"), parent = JSONKey("parent"), viewController = JSONKey("viewController")
}
