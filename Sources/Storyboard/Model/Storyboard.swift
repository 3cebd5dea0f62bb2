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
