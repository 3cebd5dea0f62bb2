/// Warnings about a storyboard that loads but will not behave as its author likely meant: what
/// `segued lint` prints and `GET /v1/storyboards/{id}` lists.
public enum StoryboardLint {
    /// - Parameter resolvedReferences: Interface Builder storyboard references that the import
    ///   pointed at the scene they name; nothing leads to them, and they are not worth a warning.
    public static func warnings(_ storyboard: Storyboard, resolvedReferences: Set<SceneID> = []) -> [String] {
        let places = places(storyboard)
        return unreachableScenes(storyboard, except: resolvedReferences) + untriggerableSegues(storyboard) + duplicateIdentifiers(storyboard)
            + duplicateSegueIDs(storyboard)
            + unwindWarnings(storyboard) + pushesOutsideNavigation(storyboard, places)
            + pushedNavigationControllers(storyboard, places)
    }

    /// Scenes no session can reach: not the initial scene, not contained in or segued to from a
    /// reachable scene, and with no storyboard identifier for code to instantiate them by.
    static func unreachableScenes(_ storyboard: Storyboard, except exempt: Set<SceneID> = []) -> [String] {
        var reached: Set<SceneID> = []
        var pending = [storyboard.initialScene] + storyboard.sortedSceneIDs.filter { storyboard.scenes[$0]!.storyboardIdentifier != nil }
        while let id = pending.popLast() {
            guard reached.insert(id).inserted, let scene = storyboard.scenes[id] else { continue }
            pending += scene.relationshipChildren + scene.segues.compactMap(\.destination)
        }
        return storyboard.sortedSceneIDs.filter { !reached.contains($0) && !exempt.contains($0) }.map { "scene \($0) is unreachable: nothing leads to it and code cannot instantiate it (no storyboard identifier)" }
    }

    /// Segues owned by the controller itself can only be performed from code, which needs an identifier.
    static func untriggerableSegues(_ storyboard: Storyboard) -> [String] {
        storyboard.sortedSceneIDs.flatMap { id in
            storyboard.scenes[id]!.segues.filter { !$0.hasTrigger && $0.identifier == nil && $0.kind != .embed && $0.kind != .relationship }
                .map { "scene \(id): a \($0.kind.rawValue) segue owned by the controller has no identifier, so code cannot trigger it" }
        }
    }

    static func duplicateIdentifiers(_ storyboard: Storyboard) -> [String] {
        repeated(storyboard, \.identifier?.rawValue) {
            "segue identifier \"\($0)\" is used by \($1) segues; performSegue(withIdentifier:) takes the first"
        }
    }

    /// A request naming a segue by `id` performs the scene's first segue with it.
    static func duplicateSegueIDs(_ storyboard: Storyboard) -> [String] {
        repeated(storyboard, \.id) { "segue id \"\($0)\" is used by \($1) segues; a request by id performs the first" }
    }

    /// Scene by scene, a warning for each value of `name` that more than one of its segues has.
    private static func repeated(
        _ storyboard: Storyboard, _ name: (Segue) -> String?, _ warning: (String, Int) -> String
    ) -> [String] {
        storyboard.sortedSceneIDs.flatMap { id -> [String] in
            var seen: [String: Int] = [:]
            for value in storyboard.scenes[id]!.segues.compactMap(name) { seen[value, default: 0] += 1 }
            return seen.filter { $0.value > 1 }.keys.sorted().map { "scene \(id): " + warning($0, seen[$0]!) }
        }
    }

    /// Unwind actions that no class known to the storyboard implements: such unwinds find no destination.
    public static func unwindWarnings(_ storyboard: Storyboard) -> [String] {
        let used = Set(storyboard.scenes.values.flatMap { $0.segues.compactMap { $0.kind == .unwind ? $0.action : nil } })
        return used.sorted().filter { !storyboard.implementedActions.contains($0) }
            .map { "unwind action \($0): no known class implements it, so unwinds to it find no destination (give class facts or sources)" }
    }

    /// Where a scene can be reached from the initial scene: inside a navigation controller's stack
    /// or not, under a split view controller or not (one place for each combination on some path).
    struct Place: Hashable {
        var scene: SceneID
        var inNavigation: Bool
        var inSplit: Bool
    }

    static func places(_ storyboard: Storyboard) -> Set<Place> {
        var reached: Set<Place> = []
        var pending = [Place(scene: storyboard.initialScene, inNavigation: false, inSplit: false)]
        while let place = pending.popLast() {
            guard reached.insert(place).inserted, let scene = storyboard.scenes[place.scene] else { continue }
            if let root = scene.root { pending.append(Place(scene: root, inNavigation: true, inSplit: place.inSplit)) }
            pending += scene.tabs.map { Place(scene: $0, inNavigation: false, inSplit: place.inSplit) }
            let columns = [scene.primary, scene.secondary, scene.supplementary, scene.compact].compactMap { $0 }
            pending += columns.map { Place(scene: $0, inNavigation: false, inSplit: true) }
            for segue in scene.segues {
                guard let destination = segue.destination else { continue }
                switch segue.kind {
                case .push, .show, .embed:
                    pending.append(Place(scene: destination, inNavigation: place.inNavigation, inSplit: place.inSplit))
                default:
                    pending.append(Place(scene: destination, inNavigation: false, inSplit: false))
                }
            }
        }
        return reached
    }

    /// Push segues whose source can be reached, on some path, outside any navigation controller.
    static func pushesOutsideNavigation(_ storyboard: Storyboard, _ places: Set<Place>) -> [String] {
        let outside = Set(places.filter { !$0.inNavigation }.map(\.scene))
        return storyboard.sortedSceneIDs.filter { outside.contains($0) }.flatMap { id in
            storyboard.scenes[id]!.segues.filter { $0.kind == .push }
                .map { "scene \(id): push segue \($0.identifier?.rawValue ?? "(no identifier)") has no navigation controller on some path to its source; UIKit raises there" }
        }
    }

    /// Push and show segues to a navigation controller from a source that can be reached, on some
    /// path, in a navigation stack outside any split view controller: that stack would push it.
    static func pushedNavigationControllers(_ storyboard: Storyboard, _ places: Set<Place>) -> [String] {
        let inStack = Set(places.filter { $0.inNavigation && !$0.inSplit }.map(\.scene))
        return storyboard.sortedSceneIDs.filter { inStack.contains($0) }.flatMap { id in
            storyboard.scenes[id]!.segues.filter { segue in
                let pushes = segue.kind == .push || segue.kind == .show || (segue.kind == .custom && segue.perform == .push)
                return pushes && segue.destination.flatMap { storyboard.scenes[$0] }?.kind == .navigationController
            }.map {
                "scene \(id): \($0.kind.rawValue) segue \($0.identifier?.rawValue ?? "(no identifier)") pushes a navigation controller on some path to its source; UIKit raises there (\"Pushing a navigation controller is not supported\")"
            }
        }
    }
}
