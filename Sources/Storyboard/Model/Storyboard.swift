/// An immutable, validated storyboard: the scene graph every session of it shares.
///
/// Build one with ``StoryboardJSONLoader`` or ``init(name:initialScene:scenes:classes:)`` followed by
/// ``StoryboardValidator``; the navigation engine assumes the references inside it resolve.
public struct Storyboard: Sendable, Equatable {
    public var name: String
    public var initialScene: SceneID
    public var scenes: [SceneID: Scene]
    public var classes: [String: ClassInfo]

    public init(name: String, initialScene: SceneID, scenes: [SceneID: Scene], classes: [String: ClassInfo] = [:]) {
        self.name = name
        self.initialScene = initialScene
        self.scenes = scenes
        self.classes = classes
    }

    /// Scene ids in a stable order, for deterministic output.
    public var sortedSceneIDs: [SceneID] { scenes.keys.sorted() }

    /// The scene whose `storyboardIdentifier` is `identifier` (what `instantiateViewController(withIdentifier:)` finds).
    public func scene(storyboardIdentifier identifier: String) -> Scene? {
        sortedSceneIDs.lazy.compactMap { self.scenes[$0] }.first { $0.storyboardIdentifier == identifier }
    }

    /// How many segues of each kind the storyboard has, relationships (declared as containment or as
    /// relationship segues) under `relationship`: the `summary` of an upload (spec/api.md).
    public var segueCountsByKind: [String: Int] {
        var counts: [String: Int] = [:]
        for scene in scenes.values {
            for segue in scene.segues { counts[segue.kind.rawValue, default: 0] += 1 }
            if !scene.relationshipChildren.isEmpty { counts["relationship", default: 0] += scene.relationshipChildren.count }
        }
        return counts
    }

    /// Whether instances of `scene` implement the unwind action `action`, through the scene itself or
    /// its class and superclasses.
    public func implements(_ action: String, scene: Scene) -> Bool {
        if scene.unwindActions.contains(action) { return true }
        var className: String? = scene.className
        var seen: Set<String> = []
        while let name = className, seen.insert(name).inserted {
            guard let info = classes[name] else { return false }
            if info.unwindActions.contains(action) { return true }
            className = info.superclass
        }
        return false
    }
}
