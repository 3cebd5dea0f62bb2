/// Warnings about a storyboard that loads but will not behave as its author likely meant: what
/// `segued lint` prints and `GET /v1/storyboards/{id}` lists.
public enum StoryboardLint {
    public static func warnings(_ storyboard: Storyboard) -> [String] {
        unreachableScenes(storyboard) + untriggerableSegues(storyboard) + duplicateIdentifiers(storyboard)
            + unwindWarnings(storyboard) + pushesOutsideNavigation(storyboard)
    }

    /// Scenes no session can reach: not the initial scene, not contained in or segued to from a
    /// reachable scene, and with no storyboard identifier for code to instantiate them by.
    static func unreachableScenes(_ storyboard: Storyboard) -> [String] {
        var reached: Set<SceneID> = []
        var pending = [storyboard.initialScene] + storyboard.sortedSceneIDs.filter { storyboard.scenes[$0]!.storyboardIdentifier != nil }
        while let id = pending.popLast() {
            guard reached.insert(id).inserted, let scene = storyboard.scenes[id] else { continue }
            pending += scene.relationshipChildren + scene.segues.compactMap(\.destination)
        }
        return storyboard.sortedSceneIDs.filter { !reached.contains($0) }.map { "scene \($0) is unreachable: nothing leads to it and code cannot instantiate it (no storyboard identifier)" }
    }

    /// Segues owned by the controller itself can only be performed from code, which needs an identifier.
    static func untriggerableSegues(_ storyboard: Storyboard) -> [String] {
        storyboard.sortedSceneIDs.flatMap { id in
            storyboard.scenes[id]!.segues.filter { !$0.hasTrigger && $0.identifier == nil && $0.kind != .embed && $0.kind != .relationship }
                .map { "scene \(id): a \($0.kind.rawValue) segue owned by the controller has no identifier, so code cannot trigger it" }
        }
    }

    static func duplicateIdentifiers(_ storyboard: Storyboard) -> [String] {
        storyboard.sortedSceneIDs.flatMap { id -> [String] in
            var seen: [SegueID: Int] = [:]
            for identifier in storyboard.scenes[id]!.segues.compactMap(\.identifier) { seen[identifier, default: 0] += 1 }
            return seen.filter { $0.value > 1 }.keys.map(\.rawValue).sorted()
                .map { "scene \(id): segue identifier \"\($0)\" is used by \(seen[SegueID($0)]!) segues; performSegue(withIdentifier:) takes the first" }
        }
    }

    /// Unwind actions that no class known to the storyboard implements: such unwinds find no destination.
    public static func unwindWarnings(_ storyboard: Storyboard) -> [String] {
        let used = Set(storyboard.scenes.values.flatMap { $0.segues.compactMap { $0.kind == .unwind ? $0.action : nil } })
        return used.sorted().filter { action in !storyboard.scenes.values.contains { storyboard.implements(action, scene: $0) } }
            .map { "unwind action \($0): no known class implements it, so unwinds to it find no destination (give class facts or sources)" }
    }

    /// Push segues whose source can be reached, on some path, outside any navigation controller.
    static func pushesOutsideNavigation(_ storyboard: Storyboard) -> [String] {
        struct Place: Hashable {
            var scene: SceneID
            var inNavigation: Bool
        }
        var reached: Set<Place> = []
        var pending = [Place(scene: storyboard.initialScene, inNavigation: false)]
        while let place = pending.popLast() {
            guard reached.insert(place).inserted, let scene = storyboard.scenes[place.scene] else { continue }
            if let root = scene.root { pending.append(Place(scene: root, inNavigation: true)) }
            pending += (scene.tabs + [scene.primary, scene.secondary, scene.supplementary, scene.compact].compactMap { $0 }).map { Place(scene: $0, inNavigation: false) }
            for segue in scene.segues {
                guard let destination = segue.destination else { continue }
                switch segue.kind {
                case .push, .show, .embed: pending.append(Place(scene: destination, inNavigation: place.inNavigation))
                default: pending.append(Place(scene: destination, inNavigation: false))
                }
            }
        }
        let outside = Set(reached.filter { !$0.inNavigation }.map(\.scene))
        return storyboard.sortedSceneIDs.filter { outside.contains($0) }.flatMap { id in
            storyboard.scenes[id]!.segues.filter { $0.kind == .push }
                .map { "scene \(id): push segue \($0.identifier?.rawValue ?? "(no identifier)") has no navigation controller on some path to its source; UIKit raises there" }
        }
    }
}
