public import Navigation
public import Storyboard

/// A callback as a flow line: `vc3 itemList shouldPerformSegue {"identifier":"showItem","sender":null} -> true`
/// — the instance, its scene, the method, the arguments as the API's JSON `args` (keys sorted,
/// omitted when empty) and ` -> ` the result for queries. Built from the engine's event in process
/// and from the API's event object over HTTP, so both give the same line. No sequence number: a
/// flow's expectations hold wherever the step happens in a session.
public enum CallbackLine {
    public static func line(_ event: LifecycleEvent, in storyboard: Storyboard) -> String {
        var arguments: [String: JSONValue] = [:]
        event.arguments.forEach { name, value in arguments[name] = json(value) }
        return line(
            vc: event.controller.description, scene: storyboard[event.sceneIndex].id.rawValue, method: event.method.rawValue,
            args: .object(arguments), result: event.result.map(json))
    }

    /// From the API's event object (`{"seq", "vc", "scene", "class", "method", "args", "result"?}`).
    public static func line(apiEvent event: JSONValue) -> String {
        line(
            vc: event["vc"]?.stringValue ?? "?", scene: event["scene"]?.stringValue ?? "?",
            method: event["method"]?.stringValue ?? "?", args: withoutSegueIDs(event["args"] ?? .object([:])),
            result: event["result"])
    }

    /// `args` without its segue objects' `id`: the API names a segue's storyboard id, UIKit's segue
    /// object has none, and a flow's lines are what the app sees (the same line in process and over HTTP).
    private static func withoutSegueIDs(_ args: JSONValue) -> JSONValue {
        guard var object = args.objectValue else { return args }
        for (name, value) in object {
            if var segue = value.objectValue, segue["kind"] != nil, segue["source"] != nil, segue["id"] != nil {
                segue["id"] = nil
                object[name] = .object(segue)
            }
        }
        return .object(object)
    }

    static func line(vc: String, scene: String, method: String, args: JSONValue, result: JSONValue?) -> String {
        var line = "\(vc) \(scene) \(method)"
        if let object = args.objectValue, !object.isEmpty { line += " " + args.compactDescription }
        if let result { line += " -> " + result.compactDescription }
        return line
    }

    /// The method of a line (its third word).
    public static func method(of line: String) -> Substring? {
        let words = line.split(separator: " ", maxSplits: 3)
        return words.count >= 3 ? words[2] : nil
    }

    /// Whether an expected line matches an actual one: equal, or the expected line has only the
    /// instance, scene and method (three words), which matches any arguments and result.
    public static func matches(expected: String, actual: String) -> Bool {
        if expected == actual { return true }
        let words = expected.split(separator: " ")
        guard words.count == 3 else { return false }
        let actualWords = actual.split(separator: " ", maxSplits: 3)
        return actualWords.count >= 3 && Array(actualWords.prefix(3)) == words
    }

    /// The index of the callback nearest an expected line that none matches, or nil when none is
    /// near: the same line but for its instance ids (`vc12` for `vc13`) first, then the most parts
    /// in common (method 4, scene 2, instance 1, arguments and result 1) with at least the method or
    /// the scene shared. Ties go to the first at or after `start` (where the search for the line
    /// began), then to the first before it.
    public static func closest(to expected: String, in callbacks: [String], preferringFrom start: Int) -> Int? {
        let order = Array(callbacks.indices[min(start, callbacks.count)...]) + Array(callbacks.indices[..<min(start, callbacks.count)])
        let masked = withoutInstanceIDs(expected)
        if let index = order.first(where: { withoutInstanceIDs(callbacks[$0]) == masked }) { return index }
        let want = parts(expected)
        var best: (index: Int, score: Int)?
        for index in order {
            let have = parts(callbacks[index])
            var score = 0
            if have.method == want.method { score += 4 }
            if have.scene == want.scene { score += 2 }
            if have.vc == want.vc { score += 1 }
            if !want.rest.isEmpty, have.rest == want.rest { score += 1 }
            if score >= 2, score > (best?.score ?? 0) { best = (index, score) }
        }
        return best?.index
    }

    private static func parts(_ line: String) -> (vc: Substring, scene: Substring, method: Substring, rest: Substring) {
        let words = line.split(separator: " ", maxSplits: 3)
        func word(_ index: Int) -> Substring { index < words.count ? words[index] : "" }
        return (word(0), word(1), word(2), word(3))
    }

    /// The line with every instance id (`vc` and digits, as a word or a JSON string) as `vc#`.
    public static func withoutInstanceIDs(_ line: String) -> String {
        var result = ""
        var characters = Substring(line)
        while let range = characters.firstRange(of: "vc") {
            let before = characters[..<range.lowerBound]
            let digits = characters[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let startsWord = before.last.map { !($0.isLetter || $0.isNumber) } ?? true
            result += before
            if startsWord, !digits.isEmpty {
                result += "vc#"
                characters = characters[digits.endIndex...]
            } else {
                result += "vc"
                characters = characters[range.upperBound...]
            }
        }
        return result + characters
    }

    /// The API's JSON for an event value (api.md): instances by id, segues as objects.
    static func json(_ value: EventValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .int(let int): .number(Double(int))
        case .string(let string): .string(string)
        case .controller(let id): .string(id.description)
        case .controllers(let ids): .array(ids.map { .string($0.description) })
        case .segue(let segue):
            .object([
                "identifier": segue.identifier.map { .string($0.rawValue) } ?? .null,
                "kind": .string(segue.kind.rawValue),
                "source": .string(segue.source.description),
                "destination": segue.destination.map { .string($0.description) } ?? .null,
            ])
        case .json(let json): json
        }
    }
}
