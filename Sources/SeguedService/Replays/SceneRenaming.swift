import Navigation
import Storyboard

/// How a scene of one upload is named in another upload of the same app: a walk recorded on the
/// first is replayed on the second (``SeguedService/replaySession(_:id:isPut:)``).
///
/// A storyboard uploaded alone keys its scenes by their object ids (`IfC-nk-yIu`); uploaded with
/// the storyboards it references, by `Name:id` (InterfaceBuilderImporter). The storyboard that was
/// alone is the bundle's entry, so its scene `id` becomes `Entry:id`; a scene the new upload keeps
/// under the same key stays as it is.
struct SceneRenaming: Sendable {
    private let prefix: String?
    private let scenes: Set<SceneID>

    init(from old: Storyboard, to new: Storyboard) {
        scenes = Set(new.scenes.keys)
        prefix = old.documents.count <= 1 && new.documents.count > 1 ? "\(new.entry):" : nil
    }

    func callAsFunction(_ id: SceneID) -> SceneID {
        guard !scenes.contains(id), let prefix else { return id }
        let renamed = SceneID(prefix + id.rawValue)
        return scenes.contains(renamed) ? renamed : id
    }

    func callAsFunction(_ reference: SceneReference) -> SceneReference {
        switch reference {
        case .scene(let id): .scene(self(id))
        case .storyboardIdentifier: reference
        }
    }

    /// `command` with the scenes it names by key renamed; instance ids, segue ids and storyboard
    /// identifiers are the same in both uploads.
    func callAsFunction(_ command: Command) -> Command {
        switch command {
        case .performCodeSegue(var request):
            request.destination = self(request.destination)
            return .performCodeSegue(request)
        case .setViewControllers(let entries, let navigation, let animated):
            let renamed = entries.map { entry -> StackEntry in
                if case .new(let reference) = entry { return .new(self(reference)) }
                return entry
            }
            return .setViewControllers(renamed, navigation: navigation, animated: animated)
        case .push(let reference, let navigation, let data, let animated):
            return .push(self(reference), navigation: navigation, data: data, animated: animated)
        case .present(let reference, let from, let style, let data, let animated):
            return .present(self(reference), from: from, style: style, data: data, animated: animated)
        case .performSegue, .unwind, .pop, .popToRoot, .popTo, .dismiss, .selectTab, .setTraits, .end,
            .transitionToSize, .interactivePop, .pullDown, .tapOutside, .tap:
            return command
        }
    }
}
