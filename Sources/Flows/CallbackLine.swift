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
