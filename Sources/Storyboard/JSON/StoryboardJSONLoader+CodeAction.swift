/// Reads a control's or bar item's `action` (spec §5.13, openapi.yaml `CodeAction`), as the service
/// writes it, so that a storyboard written back loads to the same graph: a segue it performs must be
/// one of the scene's, texts are bounded like the scene UI's.
enum CodeActionJSONReader {
    private static let actionKeys: Set<String> = ["selector", "source", "performs"]
    private static let operationKeys: [String: Set<String>] = [
        "dismiss": ["type", "when"], "pop": ["type", "when"], "popToRoot": ["type", "when"],
        "segue": ["type", "identifier", "when"], "unread": ["type", "reason", "when"],
        "present": ["type", "storyboardIdentifier", "storyboard", "when"], "push": ["type", "storyboardIdentifier", "storyboard", "when"],
        "show": ["type", "storyboardIdentifier", "storyboard", "when"], "showDetail": ["type", "storyboardIdentifier", "storyboard", "when"],
    ]

    static func read(_ value: JSONValue?, at path: String, segues: [Segue], reader: inout JSONFieldReader) -> CodeAction? {
        guard let value, value != .null, let object = reader.object(value, at: path) else { return nil }
        reader.rejectUnknownKeys(object, known: actionKeys, at: path)
        guard let selector = bounded(object, "selector", at: path, reader: &reader) else {
            if (object["selector"] ?? .null) == .null { reader.fail("\(path).selector", "missing") }
            return nil
        }
        var action = CodeAction(selector: selector, source: bounded(object, "source", at: path, reader: &reader))
        guard let performs = object["performs"], case .array(let elements) = performs else {
            reader.fail("\(path).performs", object["performs"] == nil ? "missing" : "expected an array")
            return nil
        }
        guard elements.count <= CodeAction.maxOperations else {
            reader.fail("\(path).performs", "more than \(CodeAction.maxOperations) operations")
            return nil
        }
        for (index, element) in elements.enumerated() {
            let operationPath = "\(path).performs[\(index)]"
            guard let operation = reader.object(element, at: operationPath) else { continue }
            guard let type = reader.string(operation, "type", at: operationPath), let keys = operationKeys[type] else {
                reader.fail("\(operationPath).type", "one of \(operationKeys.keys.sorted().joined(separator: ", "))")
                continue
            }
            reader.rejectUnknownKeys(operation, known: keys, at: operationPath)
            let kind: CodeOperation.Kind
            switch type {
            case "dismiss": kind = .dismiss
            case "pop": kind = .pop
            case "popToRoot": kind = .popToRoot
            case "segue":
                guard let identifier = bounded(operation, "identifier", at: operationPath, reader: &reader) else { continue }
                guard segues.contains(where: { $0.identifier?.rawValue == identifier }) else {
                    reader.fail("\(operationPath).identifier", "no segue of the scene has this identifier")
                    continue
                }
                kind = .segue(identifier: identifier)
            case "unread":
                guard let reason = bounded(operation, "reason", at: operationPath, reader: &reader) else { continue }
                kind = .unread(reason: reason)
            default:
                guard let identifier = bounded(operation, "storyboardIdentifier", at: operationPath, reader: &reader) else { continue }
                let storyboard = bounded(operation, "storyboard", at: operationPath, reader: &reader)
                kind = .instantiate(CodeOperation.Presentation(rawValue: type)!, storyboardIdentifier: identifier, storyboard: storyboard)
            }
            action.performs.append(CodeOperation(kind, when: bounded(operation, "when", at: operationPath, reader: &reader)))
        }
        return action
    }

    /// A string member of at most ``SceneUI/maxTextBytes`` bytes; a missing required one is refused.
    private static func bounded(_ object: [String: JSONValue], _ key: String, at path: String, reader: inout JSONFieldReader) -> String? {
        guard let text = reader.string(object, key, at: path) else {
            if ["selector", "identifier", "reason", "storyboardIdentifier"].contains(key), (object[key] ?? .null) == .null {
                reader.fail("\(path).\(key)", "missing")
            }
            return nil
        }
        guard text.utf8.count <= SceneUI.maxTextBytes else {
            reader.fail("\(path).\(key)", "longer than \(SceneUI.maxTextBytes) bytes")
            return nil
        }
        return text
    }
}
