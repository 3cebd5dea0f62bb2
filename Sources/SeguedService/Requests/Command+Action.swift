import HTTPServer
import Navigation
import Storyboard

/// The `type`s of `POST …/actions` (api.md).
enum ActionType: String, CaseIterable {
    case pop, back, popToRoot, popTo, setViewControllers, push, present, dismiss, selectTab, setTraits
    case interactivePop, pullDown, tapOutside, tap

    /// The fields a request of this type may have. Arrays made once: a `Set` built per request and
    /// grown by each type's fields cost 2,300 instructions of every action (callgrind).
    var fields: [String] {
        switch self {
        case .pop, .back, .popToRoot: Self.navigationFields
        case .popTo, .dismiss: Self.targetFields
        case .setViewControllers: Self.setViewControllersFields
        case .push: Self.pushFields
        case .present: Self.presentFields
        case .selectTab: Self.selectTabFields
        case .setTraits: Self.setTraitsFields
        case .interactivePop: Self.interactivePopFields
        case .pullDown: Self.pullDownFields
        case .tapOutside: Self.tapOutsideFields
        case .tap: Self.tapFields
        }
    }

    private static let navigationFields = ["type", "animated", "navigation"]
    private static let targetFields = ["type", "animated", "target"]
    private static let setViewControllersFields = ["type", "animated", "navigation", "viewControllers"]
    private static let pushFields = ["type", "animated", "storyboardIdentifier", "scene", "navigation", "data"]
    private static let presentFields = ["type", "animated", "storyboardIdentifier", "scene", "from", "modalPresentationStyle", "data"]
    private static let selectTabFields = ["type", "animated", "index", "tabBar", "byUser", "shouldSelect"]
    private static let setTraitsFields = ["type", "animated", "horizontalSizeClass", "idiom", "size"]
    private static let interactivePopFields = ["type", "phase", "target"]
    private static let pullDownFields = ["type", "phase", "shouldDismiss", "modalInPresentation"]
    private static let tapOutsideFields = ["type", "shouldDismiss", "modalInPresentation"]
    private static let tapFields = ["type", "control", "source", "occurrence", "when"]
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
        let command: Command?
        switch type {
        case .pop, .back:
            command = .pop(navigation: body.controller("navigation"), animated: animated)
        case .popToRoot:
            command = .popToRoot(navigation: body.controller("navigation"), animated: animated)
        case .popTo:
            command = body.requiredController("target").map { .popTo($0, animated: animated) }
        case .setViewControllers:
            let entries = stackEntries(&body)
            command = .setViewControllers(entries, navigation: body.controller("navigation"), animated: animated)
        case .push:
            let scene = body.sceneReference(required: true)
            let navigation = body.controller("navigation")
            let data = body.data()
            command = scene.map { .push($0, navigation: navigation, data: data, animated: animated) }
        case .present:
            let scene = body.sceneReference(required: true)
            let from = body.controller("from")
            let style = body.enumeration(PresentationStyle.self, "modalPresentationStyle")
            let data = body.data()
            command = scene.map { .present($0, from: from, style: style, data: data, animated: animated) }
        case .dismiss:
            command = .dismiss(body.controller("target"), animated: animated)
        case .selectTab:
            let index = body.requiredInt("index")
            let tabBar = body.controller("tabBar")
            let byUser = body.bool("byUser") ?? true
            let shouldSelect = body.bool("shouldSelect")
            command = index.map { .selectTab(index: $0, tabBar: tabBar, byUser: byUser, shouldSelect: shouldSelect) }
        case .setTraits:
            let size = body.enumeration(Traits.SizeClass.self, "horizontalSizeClass")
            let idiom = body.enumeration(Traits.Idiom.self, "idiom")
            let traits = Traits(horizontalSizeClass: size, idiom: idiom ?? .phone)
            if body.object["size"] != nil {
                // Without a size class, the one UIKit gives that window (a Plus/Max iPhone turned is
                // regular width: Traits.natural, docs/behaviour-notes.md §5.12 rule 8).
                command = windowSize(&body).map {
                    .transitionToSize($0, traits: size == nil ? .natural(idiom: traits.idiom, window: $0) : traits)
                }
            } else {
                command = .setTraits(traits)
            }
        case .interactivePop:
            let navigation = body.controller("target")
            command = body.requiredEnumeration(GesturePhase.self, "phase").map { .interactivePop(phase: $0, navigation: navigation) }
        case .pullDown:
            let shouldDismiss = body.bool("shouldDismiss")
            let modal = body.bool("modalInPresentation")
            command = body.requiredEnumeration(GesturePhase.self, "phase").map {
                .pullDown(phase: $0, shouldDismiss: shouldDismiss, modalInPresentation: modal)
            }
        case .tapOutside:
            command = .tapOutside(shouldDismiss: body.bool("shouldDismiss"), modalInPresentation: body.bool("modalInPresentation"))
        case .tap:
            command = tap(&body)
        }
        let fields = type.fields
        body.only(where: fields.contains)
        return command
    }

    /// `tap`: `{"control", "source"?, "occurrence"?, "when"?}` (no `animated`: the code's calls animate).
    private static func tap(_ body: inout RequestBody) -> Command? {
        let control = body.required("control")
        if control?.isEmpty == true { body.reader.fail("control", "expected the control's label, not an empty string") }
        let source = body.controller("source")
        let occurrence = body.int("occurrence")
        if let occurrence, occurrence < 1 { body.reader.fail("occurrence", "expected 1 or more (the first control with the label is 1)") }
        let when = body.string("when")
        guard let control, !control.isEmpty, (occurrence ?? 1) >= 1 else { return nil }
        return .tap(Command.TapRequest(control: control, source: source, occurrence: occurrence, when: when))
    }

    /// `size`: `{"width", "height"}`, whole points from 1 to ``WindowSize/maximumSide``.
    private static func windowSize(_ body: inout RequestBody) -> WindowSize? {
        let object = body.object["size"]?.objectValue
        let sides = ["width", "height"].map { object?[$0]?.intValue }
        guard let object, object.count == 2, let width = sides[0], let height = sides[1],
            (1...WindowSize.maximumSide).contains(width), (1...WindowSize.maximumSide).contains(height)
        else {
            body.reader.fail("size", "expected {\"width\", \"height\"}: whole points from 1 to \(WindowSize.maximumSide)")
            return nil
        }
        return WindowSize(width: width, height: height)
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
