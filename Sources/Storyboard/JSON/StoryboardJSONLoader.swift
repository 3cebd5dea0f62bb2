public import Foundation

/// Loads a storyboard in the `segued.storyboard/1` JSON format (see `spec/api.md`).
///
/// ```swift
/// let storyboard = try StoryboardJSONLoader.load(data)
/// ```
/// Every problem is reported at once, each with its path, e.g.
/// `scenes.item.segues[0].destination: unknown scene "itm"`.
public enum StoryboardJSONLoader {
    public static let format = "segued.storyboard/1"

    /// Parses and validates a storyboard document.
    /// - Throws: ``StoryboardError`` with kind `malformed` for bytes that are not JSON, `invalid` otherwise.
    public static func load(_ data: Data) throws(StoryboardError) -> Storyboard {
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            throw StoryboardError(kind: .malformed, issues: [.init(path: "", message: "not valid JSON")])
        }
        return try load(value)
    }

    /// Validates a storyboard given as a parsed JSON value.
    public static func load(_ value: JSONValue) throws(StoryboardError) -> Storyboard {
        var reader = JSONFieldReader()
        let storyboard = read(value, reader: &reader)
        var issues = reader.issues
        if let storyboard, issues.isEmpty {
            issues = StoryboardValidator.validate(storyboard)
        }
        guard let storyboard, issues.isEmpty else {
            throw StoryboardError(kind: .invalid, issues: issues)
        }
        return storyboard
    }

    private static let topLevelKeys: Set<String> = ["format", "name", "initialScene", "idiomInitialScenes", "scenes", "classes", "documents"]
    private static let sceneKeys: Set<String> = [
        "kind", "class", "module", "title", "storyboardIdentifier", "root", "tabs", "selectedIndex", "primary", "secondary",
        "supplementary", "compact", "segues", "unwindActions", "modalPresentationStyle", "modalTransitionStyle",
        "definesPresentationContext", "providesPresentationContextTransitionStyle", "shouldPerformSegue",
        "canPerformUnwindSegueAction", "ui", "missingReference",
    ]
    private static let segueKeys: Set<String> = [
        "identifier", "id", "kind", "destination", "action", "perform", "customClass", "modalPresentationStyle",
        "modalTransitionStyle", "animates", "adaptivePresentationStyle", "trigger", "popoverAnchor",
    ]

    private static func read(_ value: JSONValue, reader: inout JSONFieldReader) -> Storyboard? {
        guard let top = reader.object(value, at: "") else { return nil }
        reader.rejectUnknownKeys(top, known: topLevelKeys, at: "")
        let format = reader.string(top, "format", at: "")
        // null is missing, as for every member (it was taken for a format or an initial scene).
        if format == nil, (top["format"] ?? .null) == .null { reader.fail("format", "missing (expected \"\(Self.format)\")") }
        if let format, format != Self.format { reader.fail("format", "unsupported format \"\(format)\"") }
        let name = reader.string(top, "name", at: "") ?? "Main"
        let initial = reader.string(top, "initialScene", at: "")
        if (top["initialScene"] ?? .null) == .null { reader.fail("initialScene", "missing") }

        var scenes: [SceneID: Scene] = [:]
        if let sceneObjects = reader.object(top["scenes"], at: "scenes") {
            for key in sceneObjects.keys.sorted() {
                if let scene = readScene(SceneID(key), sceneObjects[key]!, reader: &reader) { scenes[scene.id] = scene }
            }
        } else if top["scenes"] == nil {
            reader.fail("scenes", "missing")
        }

        var classes: [String: ClassInfo] = [:]
        if let classObjects = reader.object(top["classes"] == .null ? nil : top["classes"], at: "classes") {
            for name in classObjects.keys.sorted() {
                let path = "classes.\(name)"
                guard let object = reader.object(classObjects[name], at: path) else { continue }
                reader.rejectUnknownKeys(object, known: ["superclass", "unwindActions"], at: path)
                classes[name] = ClassInfo(
                    superclass: reader.string(object, "superclass", at: path),
                    unwindActions: reader.strings(object, "unwindActions", at: path))
            }
        }
        let documents = reader.strings(top, "documents", at: "")
        var storyboard = Storyboard(name: name, initialScene: SceneID(initial ?? ""), scenes: scenes, classes: classes, documents: documents)
        for (idiom, scene) in reader.object(top["idiomInitialScenes"] == .null ? nil : top["idiomInitialScenes"], at: "idiomInitialScenes") ?? [:] {
            if let scene = scene.stringValue { storyboard.idiomInitialScenes[idiom] = SceneID(scene) } else {
                reader.fail("idiomInitialScenes.\(idiom)", "expected a scene id")
            }
        }
        return storyboard
    }

    private static func readScene(_ id: SceneID, _ value: JSONValue, reader: inout JSONFieldReader) -> Scene? {
        let path = "scenes.\(id)"
        guard let object = reader.object(value, at: path) else { return nil }
        reader.rejectUnknownKeys(object, known: sceneKeys, at: path)
        var scene = Scene(id: id, kind: reader.enumeration(SceneKind.self, object, "kind", at: path) ?? .viewController)
        scene.customClass = reader.string(object, "class", at: path)
        scene.customModule = reader.string(object, "module", at: path)
        scene.title = reader.string(object, "title", at: path)
        scene.storyboardIdentifier = reader.string(object, "storyboardIdentifier", at: path)
        scene.root = reader.string(object, "root", at: path).map { SceneID($0) }
        scene.tabs = reader.strings(object, "tabs", at: path).map { SceneID($0) }
        scene.selectedIndex = reader.int(object, "selectedIndex", at: path) ?? 0
        scene.primary = reader.string(object, "primary", at: path).map { SceneID($0) }
        scene.secondary = reader.string(object, "secondary", at: path).map { SceneID($0) }
        scene.supplementary = reader.string(object, "supplementary", at: path).map { SceneID($0) }
        scene.compact = reader.string(object, "compact", at: path).map { SceneID($0) }
        scene.unwindActions = reader.strings(object, "unwindActions", at: path)
        scene.modalPresentationStyle = reader.enumeration(
            PresentationStyle.self, object, "modalPresentationStyle", at: path)
        scene.modalTransitionStyle = reader.enumeration(TransitionStyle.self, object, "modalTransitionStyle", at: path)
        scene.definesPresentationContext = reader.bool(object, "definesPresentationContext", at: path)
        scene.providesPresentationContextTransitionStyle = reader.bool(
            object, "providesPresentationContextTransitionStyle", at: path)
        scene.shouldPerformSegue = reader.boolMap(object, "shouldPerformSegue", at: path)
        scene.canPerformUnwindSegueAction = reader.boolMap(object, "canPerformUnwindSegueAction", at: path)
        if let segues = object["segues"], segues != .null {
            if let array = segues.arrayValue {
                for (index, element) in array.enumerated() {
                    if let segue = readSegue(element, at: "\(path).segues[\(index)]", reader: &reader) {
                        scene.segues.append(segue)
                    }
                }
            } else {
                reader.fail("\(path).segues", "expected an array, found \(segues.typeName)")
            }
        }
        scene.ui = SceneUIJSONReader.read(object["ui"], at: "\(path).ui", segues: scene.segues, reader: &reader)
        scene.missingReference = readMissingReference(object["missingReference"], at: "\(path).missingReference", reader: &reader)
        return scene
    }

    private static func readSegue(_ value: JSONValue, at path: String, reader: inout JSONFieldReader) -> Segue? {
        guard let object = reader.object(value, at: path) else { return nil }
        reader.rejectUnknownKeys(object, known: segueKeys, at: path)
        guard let kind = reader.enumeration(SegueKind.self, object, "kind", at: path) else {
            if (object["kind"] ?? .null) == .null { reader.fail("\(path).kind", "missing") }  // null is missing too
            return nil
        }
        var segue = Segue(kind: kind)
        segue.identifier = reader.string(object, "identifier", at: path).map { SegueID($0) }
        segue.id = reader.string(object, "id", at: path)
        segue.destination = reader.string(object, "destination", at: path).map { SceneID($0) }
        segue.action = reader.string(object, "action", at: path)
        segue.perform = reader.enumeration(CustomPerform.self, object, "perform", at: path)
        segue.customClass = reader.string(object, "customClass", at: path)
        segue.popoverAnchor = reader.string(object, "popoverAnchor", at: path)
        segue.modalPresentationStyle = reader.enumeration(
            PresentationStyle.self, object, "modalPresentationStyle", at: path)
        segue.modalTransitionStyle = reader.enumeration(TransitionStyle.self, object, "modalTransitionStyle", at: path)
        segue.animates = reader.bool(object, "animates", at: path) ?? true
        segue.adaptivePresentationStyle = reader.enumeration(
            PresentationStyle.self, object, "adaptivePresentationStyle", at: path)
        switch reader.string(object, "trigger", at: path) {
        case nil, "control": segue.hasTrigger = true
        case "controller": segue.hasTrigger = false
        case let other?: reader.fail("\(path).trigger", "unknown value \"\(other)\" (expected control or controller)")
        }
        return segue
    }
}
