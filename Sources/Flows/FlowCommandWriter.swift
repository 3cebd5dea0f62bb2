public import Navigation
import Storyboard

/// Writes a ``Command`` as the step line ``FlowCommandParser`` reads back to the same command:
/// how a session's walk (the commands a person or a client sent) becomes a flow's steps.
///
/// Options equal to what the parser takes when they are absent are left out, so that a recorded
/// step reads as a person would write it (`segue showItem`, not `segue showItem trigger=storyboard
/// sender=null`).
public enum FlowCommandWriter {
    public static func line(_ command: Command) -> String {
        var words: [String]
        switch command {
        case .performSegue(let request):
            switch request.segue {
            case .identifier(let identifier): words = ["segue", identifier.rawValue]
            case .id(let id): words = ["segue", "id=\(id)"]
            }
            words += option("source", request.source)
            if request.trigger != .storyboard { words.append("trigger=\(request.trigger.rawValue)") }
            words += option("shouldPerform", request.shouldPerform)
            if request.sender != .null { words.append("sender=\(request.sender.compactDescription)") }
            words += json("data", request.data) + option("animated", request.animated)
        case .performCodeSegue(let request):
            words = ["codeSegue", request.kind.rawValue] + option("identifier", request.identifier?.rawValue)
            words.append(reference(request.destination))
            words += option("source", request.source) + option("style", request.modalPresentationStyle?.rawValue)
            words += json("data", request.data) + animated(request.animated)
        case .unwind(let request):
            switch request.target {
            case .action(let action): words = ["unwind", "action=\(action)"]
            case .segue(let identifier): words = ["unwind", "segue=\(identifier.rawValue)"]
            }
            words += option("source", request.source)
            if request.trigger != .storyboard { words.append("trigger=\(request.trigger.rawValue)") }
            words += option("shouldPerform", request.shouldPerform) + json("data", request.data) + animated(request.animated)
        case .pop(let navigation, let isAnimated):
            words = ["pop"] + option("nav", navigation) + animated(isAnimated)
        case .popToRoot(let navigation, let isAnimated):
            words = ["popToRoot"] + option("nav", navigation) + animated(isAnimated)
        case .popTo(let target, let isAnimated):
            words = ["popTo", target.description] + animated(isAnimated)
        case .setViewControllers(let entries, let navigation, let isAnimated):
            let list = entries.map { entry -> String in
                switch entry {
                case .existing(let id): id.description
                case .new(.scene(let scene)): scene.rawValue
                case .new(.storyboardIdentifier(let identifier)): "storyboardIdentifier:\(identifier)"
                }
            }
            words = ["setViewControllers", list.joined(separator: ",")] + option("nav", navigation) + animated(isAnimated)
        case .push(let destination, let navigation, let data, let isAnimated):
            words = ["push", reference(destination)] + option("nav", navigation) + json("data", data) + animated(isAnimated)
        case .present(let destination, let from, let style, let data, let isAnimated):
            words = ["present", reference(destination)] + option("from", from) + option("style", style?.rawValue)
            words += json("data", data) + animated(isAnimated)
        case .dismiss(let target, let isAnimated):
            words = ["dismiss"] + (target.map { [$0.description] } ?? []) + animated(isAnimated)
        case .selectTab(let index, let tabBar, let byUser, let shouldSelect):
            words = ["selectTab", String(index)] + (byUser ? ["user"] : []) + option("tabBar", tabBar)
            words += option("shouldSelect", shouldSelect)
        case .setTraits(let traits):
            words = ["setTraits", traits.idiom.rawValue, traits.horizontalSizeClass.rawValue]
        case .transitionToSize(let size, let traits):
            words = ["setTraits", traits.idiom.rawValue, traits.horizontalSizeClass.rawValue, "size=\(size.width)x\(size.height)"]
        case .interactivePop(let phase, let navigation):
            words = ["swipeBack", phase.rawValue] + option("nav", navigation)
        case .pullDown(let phase, let shouldDismiss, let modalInPresentation):
            words = ["pullDown", phase.rawValue] + option("shouldDismiss", shouldDismiss) + option("modalInPresentation", modalInPresentation)
        case .tapOutside(let shouldDismiss, let modalInPresentation):
            words = ["tapOutside"] + option("shouldDismiss", shouldDismiss) + option("modalInPresentation", modalInPresentation)
        case .tap(let request):
            // `tap "Cancel"`, `tap "Edit" #2`, `tap "Done" when "!name.isEmpty"`: the control by its
            // label, quoted as a JSON string.
            words = ["tap", quoted(request.control)] + (request.occurrence.map { ["#\($0)"] } ?? [])
            words += request.when.map { ["when", quoted($0)] } ?? []
            words += option("source", request.source)
        case .end:
            words = ["end"]
        }
        return words.joined(separator: " ")
    }

    /// `scene=ID` or `storyboardIdentifier=ID`: the parser reads either for `codeSegue`, `push` and `present`.
    private static func reference(_ reference: SceneReference) -> String {
        switch reference {
        case .scene(let scene): "scene=\(scene.rawValue)"
        case .storyboardIdentifier(let identifier): "storyboardIdentifier=\(identifier)"
        }
    }

    private static func option(_ key: String, _ value: (some CustomStringConvertible)?) -> [String] {
        value.map { ["\(key)=\($0.description)"] } ?? []
    }

    private static func json(_ key: String, _ value: JSONValue?) -> [String] {
        value.map { ["\(key)=\($0.compactDescription)"] } ?? []
    }

    private static func quoted(_ text: String) -> String { JSONValue.string(text).compactDescription }

    /// Animated is the default everywhere the parser reads `animated=`.
    private static func animated(_ value: Bool) -> [String] { value ? [] : ["animated=false"] }
}
