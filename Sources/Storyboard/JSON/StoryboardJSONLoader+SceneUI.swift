/// Reads a scene's `ui` (CONTRACTS.md §1, openapi.yaml `SceneUI`) and refuses, each with its path,
/// what is beyond the bounds of ``SceneUI`` or names no segue of the scene.
enum SceneUIJSONReader {
    private static let uiKeys: Set<String> = ["navigationItem", "tabBarItem", "toolbarItems", "controls"]
    private static let navigationItemKeys: Set<String> = ["title", "prompt", "backButtonTitle", "leftItems", "rightItems"]
    private static let tabBarItemKeys: Set<String> = ["title", "systemItem", "badge", "image"]
    private static let barItemKeys: Set<String> = ["title", "systemItem", "trigger", "action", "image", "userLabel"]
    private static let controlKeys: Set<String> = [
        "type", "text", "placeholder", "reuseIdentifier", "segments", "on", "trigger", "accessory", "action", "image", "userLabel",
        "gesture",
    ]
    private static let gestureKeys: Set<String> = ["type", "direction", "taps", "touches", "view"]
    private static let imageKeys: Set<String> = ["name", "system"]
    private static let triggerKeys: Set<String> = ["kind", "identifier", "id", "action"]

    /// The `ui` at `path`, checked against `segues` (the scene's), or `nil` for absent and null.
    static func read(_ value: JSONValue?, at path: String, segues: [Segue], reader: inout JSONFieldReader) -> SceneUI? {
        guard let value, value != .null, let object = reader.object(value, at: path) else { return nil }
        reader.rejectUnknownKeys(object, known: uiKeys, at: path)
        var ui = SceneUI()
        let context = Context(segues: segues)
        if let item = reader.object(nonNull(object["navigationItem"]), at: "\(path).navigationItem") {
            let itemPath = "\(path).navigationItem"
            reader.rejectUnknownKeys(item, known: navigationItemKeys, at: itemPath)
            ui.navigationItem = NavigationItemUI(
                title: text(item, "title", at: itemPath, reader: &reader),
                prompt: text(item, "prompt", at: itemPath, reader: &reader),
                backButtonTitle: text(item, "backButtonTitle", at: itemPath, reader: &reader),
                leftItems: barItems(item["leftItems"], at: "\(itemPath).leftItems", context, reader: &reader),
                rightItems: barItems(item["rightItems"], at: "\(itemPath).rightItems", context, reader: &reader))
        }
        if let item = reader.object(nonNull(object["tabBarItem"]), at: "\(path).tabBarItem") {
            let itemPath = "\(path).tabBarItem"
            reader.rejectUnknownKeys(item, known: tabBarItemKeys, at: itemPath)
            ui.tabBarItem = TabBarItemUI(
                title: text(item, "title", at: itemPath, reader: &reader),
                systemItem: text(item, "systemItem", at: itemPath, reader: &reader),
                badge: text(item, "badge", at: itemPath, reader: &reader),
                image: image(item["image"], at: "\(itemPath).image", reader: &reader))
        }
        ui.toolbarItems = barItems(object["toolbarItems"], at: "\(path).toolbarItems", context, reader: &reader)
        let controls = array(object["controls"], at: "\(path).controls", reader: &reader)
        if controls.count > SceneUI.maxControls {
            reader.fail("\(path).controls", "more than \(SceneUI.maxControls) controls")
        } else {
            for (index, element) in controls.enumerated() {
                if let control = control(element, at: "\(path).controls[\(index)]", context, reader: &reader) {
                    ui.controls.append(control)
                }
            }
        }
        return ui.isEmpty ? nil : ui
    }

    private struct Context {
        var segues: [Segue]
    }

    private static func nonNull(_ value: JSONValue?) -> JSONValue? { value == .null ? nil : value }

    private static func array(_ value: JSONValue?, at path: String, reader: inout JSONFieldReader) -> [JSONValue] {
        guard let value, value != .null else { return [] }
        guard let array = value.arrayValue else {
            reader.fail(path, "expected an array, found \(value.typeName)")
            return []
        }
        return array
    }

    /// A string member within ``SceneUI/maxTextBytes``.
    private static func text(_ object: [String: JSONValue], _ key: String, at path: String, reader: inout JSONFieldReader) -> String? {
        guard let string = reader.string(object, key, at: path) else { return nil }
        guard string.utf8.count <= SceneUI.maxTextBytes else {
            reader.fail(reader.join(path, key), "longer than \(SceneUI.maxTextBytes) bytes")
            return nil
        }
        return string
    }

    private static func barItems(_ value: JSONValue?, at path: String, _ context: Context, reader: inout JSONFieldReader) -> [BarItemUI] {
        let elements = array(value, at: path, reader: &reader)
        guard elements.count <= SceneUI.maxBarItems else {
            reader.fail(path, "more than \(SceneUI.maxBarItems) bar items")
            return []
        }
        var items: [BarItemUI] = []
        for (index, element) in elements.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard let object = reader.object(element, at: itemPath) else { continue }
            reader.rejectUnknownKeys(object, known: barItemKeys, at: itemPath)
            items.append(BarItemUI(
                title: text(object, "title", at: itemPath, reader: &reader),
                systemItem: text(object, "systemItem", at: itemPath, reader: &reader),
                trigger: trigger(object["trigger"], at: "\(itemPath).trigger", context, reader: &reader),
                action: CodeActionJSONReader.read(object["action"], at: "\(itemPath).action", segues: context.segues, reader: &reader),
                image: image(object["image"], at: "\(itemPath).image", reader: &reader),
                userLabel: text(object, "userLabel", at: itemPath, reader: &reader)))
        }
        return items
    }

    /// A control; `inCell` for a cell's `accessory`, which is one of ``ControlUI/Kind/accessories``.
    private static func control(
        _ value: JSONValue, at path: String, _ context: Context, inCell: Bool = false, reader: inout JSONFieldReader
    ) -> ControlUI? {
        guard let object = reader.object(value, at: path) else { return nil }
        reader.rejectUnknownKeys(object, known: controlKeys, at: path)
        guard let kind = reader.enumeration(ControlUI.Kind.self, object, "type", at: path) else {
            if (object["type"] ?? .null) == .null { reader.fail("\(path).type", "missing") }  // null is missing too
            return nil
        }
        if inCell, !ControlUI.Kind.accessories.contains(kind) {
            reader.fail("\(path).type", "a cell's accessory is a button, textField, switch, segmentedControl, stepper or slider")
            return nil
        }
        // A member that only another type has is refused, so that the graph written back is the same.
        let belongs: [(key: String, to: Set<ControlUI.Kind>)] = [
            ("placeholder", [.textField]), ("reuseIdentifier", [.tableViewCell, .collectionViewCell]),
            ("segments", [.segmentedControl]), ("on", [.switch]), ("accessory", inCell ? [] : [.tableViewCell, .collectionViewCell]),
            ("gesture", [.gestureRecognizer]),
        ]
        for (key, kinds) in belongs where nonNull(object[key]) != nil && !kinds.contains(kind) {
            reader.fail("\(path).\(key)", "not a member of a \(kind.rawValue)")
        }
        var control = ControlUI(kind: kind)
        control.text = text(object, "text", at: path, reader: &reader)
        control.placeholder = text(object, "placeholder", at: path, reader: &reader)
        control.reuseIdentifier = text(object, "reuseIdentifier", at: path, reader: &reader)
        control.isOn = reader.bool(object, "on", at: path) ?? false
        let segments = array(object["segments"], at: "\(path).segments", reader: &reader)
        if segments.count > SceneUI.maxBarItems {
            reader.fail("\(path).segments", "more than \(SceneUI.maxBarItems) segments")
        } else {
            for (index, segment) in segments.enumerated() {
                let segmentPath = "\(path).segments[\(index)]"
                guard let title = segment.stringValue else {
                    reader.fail(segmentPath, "expected a string, found \(segment.typeName)")
                    continue
                }
                guard title.utf8.count <= SceneUI.maxTextBytes else {
                    reader.fail(segmentPath, "longer than \(SceneUI.maxTextBytes) bytes")
                    continue
                }
                control.segments.append(title)
            }
        }
        control.trigger = trigger(object["trigger"], at: "\(path).trigger", context, reader: &reader)
        control.action = CodeActionJSONReader.read(object["action"], at: "\(path).action", segues: context.segues, reader: &reader)
        control.image = image(object["image"], at: "\(path).image", reader: &reader)
        control.userLabel = text(object, "userLabel", at: path, reader: &reader)
        if kind == .gestureRecognizer {
            control.gesture = gesture(object["gesture"], at: "\(path).gesture", reader: &reader)
        }
        if kind.isCell, let accessory = nonNull(object["accessory"]) {
            control.accessory = self.control(accessory, at: "\(path).accessory", context, inCell: true, reader: &reader)
        }
        return control
    }

    /// A gesture recognizer's `gesture` ({type, direction, taps, touches, view}): required, as its
    /// view names it.
    private static func gesture(_ value: JSONValue?, at path: String, reader: inout JSONFieldReader) -> GestureUI? {
        guard let value = nonNull(value) else {
            reader.fail(path, "missing")
            return nil
        }
        guard let object = reader.object(value, at: path) else { return nil }
        reader.rejectUnknownKeys(object, known: gestureKeys, at: path)
        let kind = reader.enumeration(GestureUI.Kind.self, object, "type", at: path)
        if kind == nil, nonNull(object["type"]) == nil { reader.fail("\(path).type", "missing") }
        let view = text(object, "view", at: path, reader: &reader)
        if view?.isEmpty ?? true { reader.fail("\(path).view", "missing") }
        let direction = text(object, "direction", at: path, reader: &reader)
        if direction != nil, kind != .swipe, kind != .screenEdgePan {
            reader.fail("\(path).direction", "only a swipe or a screen edge pan has a direction")
        }
        var counts: [Int?] = []
        for (key, kinds) in [("taps", [GestureUI.Kind.tap]), ("touches", [.tap, .swipe, .longPress])] {
            let count = reader.int(object, key, at: path)
            if let count, !(2...100).contains(count) { reader.fail("\(path).\(key)", "a count from 2 to 100 (absent or null: one)") }
            if count != nil, let kind, !kinds.contains(kind) { reader.fail("\(path).\(key)", "not a member of a \(kind.rawValue) gesture") }
            counts.append(count)
        }
        guard let kind, let view, !view.isEmpty else { return nil }
        return GestureUI(kind: kind, direction: direction, taps: counts[0], touches: counts[1], view: view)
    }

    /// An `image` ({name, system}), or `nil` for absent and null.
    private static func image(_ value: JSONValue?, at path: String, reader: inout JSONFieldReader) -> ImageUI? {
        guard let value, value != .null, let object = reader.object(value, at: path) else { return nil }
        reader.rejectUnknownKeys(object, known: imageKeys, at: path)
        guard let name = text(object, "name", at: path, reader: &reader), !name.isEmpty else {
            reader.fail("\(path).name", "missing")
            return nil
        }
        return ImageUI(name: name, isSystem: reader.bool(object, "system", at: path) ?? false)
    }

    private static func trigger(_ value: JSONValue?, at path: String, _ context: Context, reader: inout JSONFieldReader) -> UITrigger? {
        guard let value, value != .null, let object = reader.object(value, at: path) else { return nil }
        reader.rejectUnknownKeys(object, known: triggerKeys, at: path)
        guard let kind = reader.enumeration(SegueKind.self, object, "kind", at: path) else {
            if (object["kind"] ?? .null) == .null { reader.fail("\(path).kind", "missing") }  // null is missing too
            return nil
        }
        let trigger = UITrigger(
            kind: kind, identifier: reader.string(object, "identifier", at: path).map { SegueID($0) },
            id: reader.string(object, "id", at: path), action: reader.string(object, "action", at: path))
        guard kind.isForward || kind == .unwind else {
            reader.fail("\(path).kind", "\(kind.rawValue) segues are not triggered by a control")
            return nil
        }
        guard trigger.id != nil || trigger.identifier != nil || trigger.action != nil else {
            reader.fail(path, "names no segue (give its id, identifier or, for an unwind, action)")
            return nil
        }
        guard context.segues.contains(where: trigger.names) else {
            reader.fail(path, "no \(kind.rawValue) segue of the scene has this \(trigger.id != nil ? "id" : trigger.identifier != nil ? "identifier" : "action")")
            return nil
        }
        return trigger
    }
}
