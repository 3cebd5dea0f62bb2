public import Navigation
import Storyboard

/// Parses the command line of a flow or scenario step (`> segue showItem source=vc3 trigger=programmatic`).
///
/// Words are positional arguments; `key=value` words are options. A value may hold spaces inside
/// JSON brackets or quotes (`data={"title": "Milk"}`). Unknown commands and options are errors, so
/// that a typo cannot pass as a step. Shared by flows (public format, docs/flows.md) and the
/// engine's scenario files.
public enum FlowCommandParser {
    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func parse(_ line: String) throws -> Command {
        var words = words(of: line)
        guard !words.isEmpty else { throw ParseError(description: "empty command") }
        let name = words.removeFirst()
        // A tap's label and condition are quoted texts that may hold `=` and spaces.
        if name == "tap" { return try tap(words) }
        var positional: [String] = []
        var options: [String: String] = [:]
        for word in words {
            if let equals = word.firstIndex(of: "=") {
                options[String(word[..<equals])] = String(word[word.index(after: equals)...])
            } else {
                positional.append(word)
            }
        }
        var reader = OptionReader(options: options)
        let command = try build(name, positional: positional, reader: &reader)
        if let unused = reader.unused.first { throw ParseError(description: "unknown option \(unused) for \(name)") }
        return command
    }

    private static func build(_ name: String, positional: [String], reader: inout OptionReader) throws -> Command {
        func first() throws -> String {
            guard let value = positional.first else { throw ParseError(description: "\(name) needs an argument") }
            return value
        }
        switch name {
        case "segue":
            // `segue showItem`, or `segue id=3ti-AE-jfO` for a segue without an identifier.
            let segue: SegueReference
            if let id = reader.string("id") {
                guard positional.isEmpty else { throw ParseError(description: "segue takes an identifier or id=, not both") }
                segue = .id(id)
            } else {
                segue = .identifier(SegueID(try first()))
            }
            return .performSegue(
                .init(
                    segue: segue, source: try reader.controller("source"),
                    trigger: try reader.trigger(), shouldPerform: try reader.bool("shouldPerform"),
                    sender: try reader.json("sender") ?? .null, data: try reader.json("data"),
                    animated: try reader.bool("animated")))
        case "codeSegue":
            guard let kind = SegueKind(rawValue: try first()) else { throw ParseError(description: "unknown kind") }
            return .performCodeSegue(
                .init(
                    identifier: reader.string("identifier").map { SegueID($0) }, kind: kind,
                    destination: reader.sceneReference() ?? .scene(SceneID("?")),
                    source: try reader.controller("source"), modalPresentationStyle: try reader.style(),
                    data: try reader.json("data"), animated: try reader.bool("animated") ?? true))
        case "unwind":
            let target: Command.UnwindTarget
            if let action = reader.string("action") {
                target = .action(action)
            } else if let segue = reader.string("segue") {
                target = .segue(SegueID(segue))
            } else {
                throw ParseError(description: "unwind needs action= or segue=")
            }
            return .unwind(
                .init(
                    target: target, source: try reader.controller("source"), trigger: try reader.trigger(),
                    shouldPerform: try reader.bool("shouldPerform"), data: try reader.json("data"),
                    animated: try reader.bool("animated") ?? true))
        case "pop", "back":
            return .pop(navigation: try reader.controller("nav"), animated: try reader.bool("animated") ?? true)
        case "popToRoot":
            return .popToRoot(navigation: try reader.controller("nav"), animated: try reader.bool("animated") ?? true)
        case "popTo":
            return .popTo(try controller(try first()), animated: try reader.bool("animated") ?? true)
        case "setViewControllers":
            let entries = (try first()).split(separator: ",").map { entry -> StackEntry in
                if let id = ControllerID(String(entry)) { return .existing(id) }
                return .new(.scene(SceneID(String(entry))))
            }
            return .setViewControllers(entries, navigation: try reader.controller("nav"), animated: try reader.bool("animated") ?? true)
        case "push":
            // `push IDENT`, or `push scene=ID` / `push storyboardIdentifier=ID` as FlowCommandWriter writes it.
            return .push(
                try reader.sceneReference() ?? .storyboardIdentifier(try first()), navigation: try reader.controller("nav"), data: try reader.json("data"),
                animated: try reader.bool("animated") ?? true)
        case "present":
            return .present(
                try reader.sceneReference() ?? .storyboardIdentifier(try first()), from: try reader.controller("from"), style: try reader.style(),
                data: try reader.json("data"), animated: try reader.bool("animated") ?? true)
        case "dismiss":
            return .dismiss(try positional.first.map(controller), animated: try reader.bool("animated") ?? true)
        case "selectTab":
            guard let index = Int(try first()) else { throw ParseError(description: "selectTab needs an index") }
            return .selectTab(
                index: index, tabBar: try reader.controller("tabBar"), byUser: positional.contains("user"),
                shouldSelect: try reader.bool("shouldSelect"))
        case "setTraits":
            let size = positional.compactMap(Traits.SizeClass.init(rawValue:)).first
            let idiom = positional.compactMap(Traits.Idiom.init(rawValue:)).first ?? .phone
            let traits = Traits(horizontalSizeClass: size, idiom: idiom)
            guard let text = reader.string("size") else { return .setTraits(traits) }
            let sides = text.split(separator: "x").compactMap { Int($0) }
            guard sides.count == 2, sides.allSatisfy({ $0 > 0 && $0 <= WindowSize.maximumSide }) else {
                throw ParseError(description: "size needs WIDTHxHEIGHT in points, each 1...\(WindowSize.maximumSide)")
            }
            let window = WindowSize(width: sides[0], height: sides[1])
            // Without a size class the window's own (a Plus/Max iPhone turned is regular width).
            return .transitionToSize(window, traits: size == nil ? .natural(idiom: idiom, window: window) : traits)
        case "swipeBack":
            return .interactivePop(phase: try phase(positional), navigation: try reader.controller("nav"))
        case "pullDown":
            return .pullDown(
                phase: try phase(positional), shouldDismiss: try reader.bool("shouldDismiss"),
                modalInPresentation: try reader.bool("modalInPresentation"))
        case "tapOutside":
            return .tapOutside(shouldDismiss: try reader.bool("shouldDismiss"), modalInPresentation: try reader.bool("modalInPresentation"))
        case "end":
            return .end
        default:
            throw ParseError(description: "unknown command \(name)")
        }
    }

    /// `tap "LABEL" [#N] [when "CONDITION"] [source=vcN]` (FlowCommandWriter's order; any order reads).
    private static func tap(_ words: [String]) throws -> Command {
        func text(_ word: String) throws -> String {
            guard word.hasPrefix("\""), let value = try? JSONValue.parse(Array(word.utf8)).stringValue else {
                throw ParseError(description: "tap: expected a quoted text, found \(word)")
            }
            return value
        }
        var request = Command.TapRequest(control: "")
        var label: String?
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "when" {
                guard index + 1 < words.count, request.when == nil else { throw ParseError(description: "tap: when takes one quoted condition") }
                request.when = try text(words[index + 1])
                index += 2
                continue
            }
            if word.hasPrefix("#") {
                guard let occurrence = Int(word.dropFirst()), occurrence >= 1, request.occurrence == nil else {
                    throw ParseError(description: "tap: expected #N, the control's occurrence from 1, found \(word)")
                }
                request.occurrence = occurrence
            } else if word.hasPrefix("source=") {
                guard request.source == nil else { throw ParseError(description: "tap: source= given twice") }
                request.source = try controller(String(word.dropFirst("source=".count)))
            } else if label == nil, word.hasPrefix("\"") {
                label = try text(word)
            } else {
                throw ParseError(description: "tap: unexpected \(word) (expected tap \"LABEL\" [#N] [when \"CONDITION\"] [source=vcN])")
            }
            index += 1
        }
        guard let label, !label.isEmpty else { throw ParseError(description: "tap needs the control's label, quoted: tap \"Cancel\"") }
        request.control = label
        return .tap(request)
    }

    /// A gesture's phase: `begin`, `finish` or `cancel`, the step's one positional word.
    private static func phase(_ positional: [String]) throws -> GesturePhase {
        guard positional.count == 1, let phase = GesturePhase(rawValue: positional[0]) else {
            throw ParseError(description: "expected one phase: begin, finish or cancel")
        }
        return phase
    }

    /// Splits on spaces outside JSON brackets and quotes.
    static func words(of line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
            } else if character == " ", depth <= 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    static func controller(_ text: String) throws -> ControllerID {
        guard let id = ControllerID(text) else { throw ParseError(description: "not an instance id: \(text)") }
        return id
    }
}

/// Options of one command line; remembers which were read so that leftovers are reported.
struct OptionReader {
    var options: [String: String]
    private var read: Set<String> = []

    init(options: [String: String]) { self.options = options }

    var unused: [String] { options.keys.filter { !read.contains($0) }.sorted() }

    mutating func string(_ key: String) -> String? {
        read.insert(key)
        return options[key]
    }

    mutating func bool(_ key: String) throws -> Bool? {
        guard let text = string(key) else { return nil }
        guard let value = Bool(text) else { throw FlowCommandParser.ParseError(description: "\(key) takes true or false") }
        return value
    }

    mutating func controller(_ key: String) throws -> ControllerID? {
        try string(key).map(FlowCommandParser.controller)
    }

    mutating func trigger() throws -> Trigger {
        guard let text = string("trigger") else { return .storyboard }
        guard let trigger = Trigger(rawValue: text) else { throw FlowCommandParser.ParseError(description: "bad trigger \(text)") }
        return trigger
    }

    mutating func style() throws -> PresentationStyle? {
        guard let text = string("style") else { return nil }
        guard let style = PresentationStyle(rawValue: text) else { throw FlowCommandParser.ParseError(description: "bad style \(text)") }
        return style
    }

    mutating func sceneReference() -> SceneReference? {
        if let scene = string("scene") { return .scene(SceneID(scene)) }
        return string("storyboardIdentifier").map(SceneReference.storyboardIdentifier)
    }

    mutating func json(_ key: String) throws -> JSONValue? {
        guard let text = string(key) else { return nil }
        return try JSONValue.parse(Array(text.utf8))
    }
}
