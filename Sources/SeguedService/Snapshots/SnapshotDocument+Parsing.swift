import Navigation
import Storyboard

extension SnapshotDocument {
    /// Reads a snapshot document a client sent, with the service's JSON field reader: every member
    /// of the right type, no unknown member, ids that are instance ids. What the values mean
    /// together (ids, relations, appearance) is the engine's to check on restore
    /// (``NavigationState/init(restoring:storyboard:)``).
    /// - Parameter path: where the document is in the request (`snapshot`), prefixed to every issue.
    /// - Returns: the document, or `nil` with the issues recorded in `reader`.
    static func read(_ value: JSONValue, at path: String, reader: inout JSONFieldReader) -> SnapshotDocument? {
        guard let object = reader.object(value, at: path) else { return nil }
        var fields = FieldReader(path: path, reader: reader)
        fields.only(object, FieldReader.documentKeys)
        let format = fields.required(fields.reader.string(object, "format", at: path), "format", in: object)
        if let format, format != SnapshotDocument.format {
            fields.reader.fail(fields.reader.join(path, "format"), "\"\(format)\" is not a format this daemon reads (\(SnapshotDocument.format))")
        }
        let storyboard = fields.required(fields.reader.string(object, "storyboard", at: path), "storyboard", in: object)
        let profile = fields.required(fields.reader.enumeration(Profile.self, object, "profile", at: path), "profile", in: object)
        let traits = fields.traits(object["traits"])
        let initialScene = fields.reader.string(object, "initialScene", at: path).map { SceneID($0) }
        let revision = fields.counter(object, "revision", from: 1)
        let nextEventSequence = fields.counter(object, "nextEventSequence", from: 1)
        let createdCount = fields.counter(object, "createdCount", from: 0)
        let windowRoot = fields.required(fields.controller(object["windowRoot"], "windowRoot", at: path), "windowRoot", in: object)
        let presentations = fields.controllers(object["presentations"], "presentations", at: path, required: true)
        var instances: [NavigationSnapshot.Instance] = []
        if let array = fields.array(object["instances"], "instances", at: path) {
            for (index, element) in array.enumerated() {
                if let instance = fields.instance(element, at: "\(fields.reader.join(path, "instances"))[\(index)]") { instances.append(instance) }
            }
        }
        let transition = fields.transition(object["transition"], at: fields.reader.join(path, "transition"))
        reader = fields.reader
        guard reader.issues.isEmpty, let storyboard, let profile, let traits, let revision, let nextEventSequence, let createdCount
        else { return nil }
        return SnapshotDocument(
            storyboardID: storyboard, initialScene: initialScene,
            navigation: NavigationSnapshot(
                profile: profile, traits: traits, createdCount: createdCount, revision: revision,
                nextEventSequence: nextEventSequence, windowRoot: windowRoot, presentations: presentations, instances: instances,
                transition: transition))
    }
}

/// The reading of one document: ``JSONFieldReader`` plus the shapes a snapshot has (instance ids,
/// lists of them, the nested objects).
private struct FieldReader {
    let path: String
    var reader: JSONFieldReader

    // The members each object may have, made once: a set literal at each read was 3.7% of a
    // restart's CPU (perf, 100,000 sessions).
    static let documentKeys: Set<String> = [
        "format", "storyboard", "profile", "traits", "initialScene", "revision", "nextEventSequence", "createdCount", "windowRoot",
        "presentations", "instances", "transition",
    ]
    static let transitionKeys: Set<String> = ["kind", "container", "leaving", "arriving"]
    static let traitsKeys: Set<String> = ["horizontalSizeClass", "idiom"]
    static let instanceKeys: Set<String> = [
        "id", "scene", "kind", "parent", "children", "presented", "presentation", "appearance", "viewLoaded", "hasAppeared",
        "selectedIndex", "split", "properties",
    ]
    static let presentationKeys: Set<String> = ["presenting", "caller", "requestedStyle", "style", "adaptiveStyle"]
    static let splitKeys: Set<String> = ["primary", "supplementary", "secondary", "compact", "collapsed"]

    /// The optional `transition`: a gesture in progress (absent or null: none).
    mutating func transition(_ value: JSONValue?, at path: String) -> InteractiveTransition? {
        guard let value, value != .null, let object = reader.object(value, at: path) else { return nil }
        only(object, Self.transitionKeys, at: path)
        let kind = required(reader.enumeration(InteractiveTransition.Kind.self, object, "kind", at: path), "kind", at: path, in: object)
        let container = required(controller(object["container"], "container", at: path), "container", at: path, in: object)
        let leaving = controllers(object["leaving"], "leaving", at: path, required: true)
        let arriving = controllers(object["arriving"], "arriving", at: path, required: true)
        guard let kind, let container else { return nil }
        return InteractiveTransition(kind: kind, container: container, leaving: leaving, arriving: arriving)
    }

    mutating func only(_ object: [String: JSONValue], _ keys: Set<String>, at path: String? = nil) {
        reader.rejectUnknownKeys(object, known: keys, at: path ?? self.path)
    }

    /// `value`, recording `key` as missing when it is absent or null in `object` (a member of
    /// another type was recorded by its read).
    mutating func required<T>(_ value: T?, _ key: String, at path: String? = nil, in object: [String: JSONValue]) -> T? {
        if value == nil, (object[key] ?? .null) == .null { reader.fail(reader.join(path ?? self.path, key), "missing") }
        return value
    }

    /// A required counter, `lowest` up to the largest integer a JSON number is read exactly as
    /// (below 10^15, ``JSONValue/intValue``): the bounds openapi.yaml's Snapshot states.
    mutating func counter(_ object: [String: JSONValue], _ key: String, from lowest: Int) -> Int? {
        guard let value = required(reader.int(object, key, at: path), key, in: object) else { return nil }
        guard value >= lowest else {
            reader.fail(reader.join(path, key), "expected an integer in \(lowest)...\(Navigator.counterMaximum), found \(value)")
            return nil
        }
        return value
    }

    mutating func array(_ value: JSONValue?, _ key: String, at path: String) -> [JSONValue]? {
        guard let value, value != .null else {
            reader.fail(reader.join(path, key), "missing")
            return nil
        }
        guard let array = value.arrayValue else {
            reader.fail(reader.join(path, key), "expected an array, found \(value.typeName)")
            return nil
        }
        return array
    }

    mutating func controller(_ value: JSONValue?, _ key: String, at path: String) -> ControllerID? {
        guard let text = reader.string(value, key, at: path) else { return nil }
        guard let id = ControllerID(text) else {
            reader.fail(reader.join(path, key), "\"\(text)\" is not an instance id (vc1, vc2, …)")
            return nil
        }
        return id
    }

    mutating func controllers(_ value: JSONValue?, _ key: String, at path: String, required: Bool) -> [ControllerID] {
        if !required, value == nil || value == .null { return [] }
        guard let array = array(value, key, at: path) else { return [] }
        var ids: [ControllerID] = []
        for (index, element) in array.enumerated() {
            if let id = controller(element, "\(key)[\(index)]", at: path) {
                ids.append(id)
            } else if element == .null {
                reader.fail("\(reader.join(path, key))[\(index)]", "expected an instance id, found null")
            }
        }
        return ids
    }

    mutating func traits(_ value: JSONValue?) -> Traits? {
        let path = reader.join(self.path, "traits")
        guard let value, value != .null else {
            reader.fail(path, "missing")
            return nil
        }
        guard let object = reader.object(value, at: path) else { return nil }
        only(object, Self.traitsKeys, at: path)
        let size = required(reader.enumeration(Traits.SizeClass.self, object, "horizontalSizeClass", at: path), "horizontalSizeClass", at: path, in: object)
        let idiom = required(reader.enumeration(Traits.Idiom.self, object, "idiom", at: path), "idiom", at: path, in: object)
        guard let size, let idiom else { return nil }
        return Traits(horizontalSizeClass: size, idiom: idiom)
    }

    mutating func instance(_ value: JSONValue, at path: String) -> NavigationSnapshot.Instance? {
        guard let object = reader.object(value, at: path) else { return nil }
        only(object, Self.instanceKeys, at: path)
        let id = required(controller(object["id"], "id", at: path), "id", at: path, in: object)
        let scene = required(reader.string(object, "scene", at: path), "scene", at: path, in: object)
        let kind = required(reader.enumeration(SceneKind.self, object, "kind", at: path), "kind", at: path, in: object)
        let parent = controller(object["parent"], "parent", at: path)
        let children = controllers(object["children"], "children", at: path, required: true)
        let presented = controller(object["presented"], "presented", at: path)
        let presentation = self.presentation(object["presentation"], at: reader.join(path, "presentation"))
        let appearance = required(reader.enumeration(AppearanceState.self, object, "appearance", at: path), "appearance", at: path, in: object)
        let viewLoaded = required(reader.bool(object, "viewLoaded", at: path), "viewLoaded", at: path, in: object)
        let hasAppeared = required(reader.bool(object, "hasAppeared", at: path), "hasAppeared", at: path, in: object)
        let selectedIndex = required(reader.int(object, "selectedIndex", at: path), "selectedIndex", at: path, in: object)
        let split = self.split(object["split"], at: reader.join(path, "split"))
        let properties = reader.object(object["properties"] == .null ? nil : object["properties"], at: reader.join(path, "properties")) ?? [:]
        guard let id, let scene, let kind, let appearance, let viewLoaded, let hasAppeared, let selectedIndex else { return nil }
        return NavigationSnapshot.Instance(
            id: id, scene: SceneID(scene), kind: kind, parent: parent, children: children, presented: presented,
            presentation: presentation, appearance: appearance, isViewLoaded: viewLoaded, hasAppeared: hasAppeared,
            selectedIndex: selectedIndex, split: split, properties: properties)
    }

    private mutating func presentation(_ value: JSONValue?, at path: String) -> NavigationSnapshot.Presentation? {
        guard let value, value != .null, let object = reader.object(value, at: path) else { return nil }
        only(object, Self.presentationKeys, at: path)
        let presenting = required(controller(object["presenting"], "presenting", at: path), "presenting", at: path, in: object)
        let caller = required(controller(object["caller"], "caller", at: path), "caller", at: path, in: object)
        let requested = required(reader.enumeration(PresentationStyle.self, object, "requestedStyle", at: path), "requestedStyle", at: path, in: object)
        let style = required(reader.enumeration(PresentationStyle.self, object, "style", at: path), "style", at: path, in: object)
        let adaptive = reader.enumeration(PresentationStyle.self, object, "adaptiveStyle", at: path)
        guard let presenting, let caller, let requested, let style else { return nil }
        return NavigationSnapshot.Presentation(presenting: presenting, caller: caller, requestedStyle: requested, style: style, adaptiveStyle: adaptive)
    }

    private mutating func split(_ value: JSONValue?, at path: String) -> SplitColumns? {
        guard let value, value != .null, let object = reader.object(value, at: path) else { return nil }
        only(object, Self.splitKeys, at: path)
        let primary = required(controller(object["primary"], "primary", at: path), "primary", at: path, in: object)
        let supplementary = controller(object["supplementary"], "supplementary", at: path)
        let secondary = controller(object["secondary"], "secondary", at: path)
        let compact = controller(object["compact"], "compact", at: path)
        let collapsed = required(reader.bool(object, "collapsed", at: path), "collapsed", at: path, in: object)
        guard let primary, let collapsed else { return nil }
        return SplitColumns(primary: primary, supplementary: supplementary, secondary: secondary, compact: compact, collapsed: collapsed)
    }
}
