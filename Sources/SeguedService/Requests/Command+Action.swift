import HTTPServer
import Navigation
import Storyboard

/// The `type`s of `POST …/actions` (api.md).
enum ActionType: String, CaseIterable {
    case pop, back, popToRoot, popTo, setViewControllers, push, present, dismiss, selectTab, setTraits
}

extension Command {
    /// `POST …/actions`: `{"type": …, …}`; each type takes its own fields and no others.
    static func action(_ request: Request) throws(Problem) -> Command {
        var body = try RequestBody(request)
        let command = action(&body)
        return try body.finish(command)
    }

    /// The fields of an action request in `body`; `nil` with the problems recorded in `body`.
    static func action(_ body: inout RequestBody) -> Command? {
        guard let type = body.requiredEnumeration(ActionType.self, "type") else { return nil }
        let animated = body.bool("animated") ?? true
        var known: Set<String> = ["type", "animated"]
        let command: Command?
        switch type {
        case .pop, .back:
            known.insert("navigation")
            command = .pop(navigation: body.controller("navigation"), animated: animated)
        case .popToRoot:
            known.insert("navigation")
            command = .popToRoot(navigation: body.controller("navigation"), animated: animated)
        case .popTo:
            known.insert("target")
            command = body.requiredController("target").map { .popTo($0, animated: animated) }
        case .setViewControllers:
            known.formUnion(["navigation", "viewControllers"])
            let entries = stackEntries(&body)
            command = .setViewControllers(entries, navigation: body.controller("navigation"), animated: animated)
        case .push:
            known.formUnion(["storyboardIdentifier", "scene", "navigation", "data"])
            let scene = body.sceneReference(required: true)
            let navigation = body.controller("navigation")
            let data = body.data()
            command = scene.map { .push($0, navigation: navigation, data: data, animated: animated) }
        case .present:
            known.formUnion(["storyboardIdentifier", "scene", "from", "modalPresentationStyle", "data"])
            let scene = body.sceneReference(required: true)
            let from = body.controller("from")
            let style = body.enumeration(PresentationStyle.self, "modalPresentationStyle")
            let data = body.data()
            command = scene.map { .present($0, from: from, style: style, data: data, animated: animated) }
        case .dismiss:
            known.insert("target")
            command = .dismiss(body.controller("target"), animated: animated)
        case .selectTab:
            known.formUnion(["index", "tabBar", "byUser", "shouldSelect"])
            let index = body.requiredInt("index")
            let tabBar = body.controller("tabBar")
            let byUser = body.bool("byUser") ?? true
            let shouldSelect = body.bool("shouldSelect")
            command = index.map { .selectTab(index: $0, tabBar: tabBar, byUser: byUser, shouldSelect: shouldSelect) }
        case .setTraits:
            known.formUnion(["horizontalSizeClass", "idiom"])
            let size = body.enumeration(Traits.SizeClass.self, "horizontalSizeClass")
            let idiom = body.enumeration(Traits.Idiom.self, "idiom")
            command = .setTraits(Traits(horizontalSizeClass: size, idiom: idiom ?? .phone))
        }
        body.only(known)
        return command
    }

    /// `viewControllers`: instance ids (`"vc3"`) and new instances (`{"scene": …}` or
    /// `{"storyboardIdentifier": …}`).
    private static func stackEntries(_ body: inout RequestBody) -> [StackEntry] {
        // An empty stack is refused here, as openapi.yaml's `minItems: 1` says (the engine would too).
        guard let array = body.object["viewControllers"]?.arrayValue, !array.isEmpty else {
            body.reader.fail("viewControllers", "expected a non-empty array of instance ids or {scene} objects")
            return []
        }
        var entries: [StackEntry] = []
        for (index, element) in array.enumerated() {
            let path = "viewControllers[\(index)]"
            if let text = element.stringValue, let id = ControllerID(text) {
                entries.append(.existing(id))
            } else if let object = element.objectValue, object.count == 1, let scene = object["scene"]?.stringValue {
                entries.append(.new(.scene(SceneID(scene))))
            } else if let object = element.objectValue, object.count == 1, let name = object["storyboardIdentifier"]?.stringValue {
                entries.append(.new(.storyboardIdentifier(name)))
            } else {
                body.reader.fail(path, "expected an instance id, {\"scene\": …} or {\"storyboardIdentifier\": …}")
            }
        }
        return entries
    }
}
