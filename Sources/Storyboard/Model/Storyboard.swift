/// An immutable, validated storyboard: the scene graph every session of it shares.
///
/// Build one with ``StoryboardJSONLoader`` or ``init(name:initialScene:scenes:classes:)`` followed by
/// ``StoryboardValidator``; the navigation engine assumes the references inside it resolve.
public struct Storyboard: Sendable, Equatable {
    public var name: String
    public var initialScene: SceneID
    public var scenes: [SceneID: Scene] { didSet { indexScenes() } }
    /// The scenes in ``sortedSceneIDs`` order, addressed by ``SceneIndex``. Instances and events carry
    /// an index rather than the scene's strings, and the engine reads a scene here in place: copying
    /// one out of `scenes` retained each of its strings and arrays, a tenth of a push+pop.
    public private(set) var sceneTable: [Scene] = []
    /// Each scene's ``SceneIdentity``, in ``sceneTable`` order: the one its instances share.
    public private(set) var sceneIdentities: [SceneIdentity] = []
    @usableFromInline internal private(set) var sceneIndices: [SceneID: SceneIndex] = [:]
    public var classes: [String: ClassInfo] { didSet { indexActions() } }
    /// Every unwind action that instances of some scene implement (``implements(_:scene:)`` of any
    /// scene): an unwind that finds no destination says whether any class could have been one, and
    /// asking every scene took 2.85% of the daemon's user samples under bench/http's (b) load, where
    /// some unwinds find the form already dismissed.
    public private(set) var implementedActions: Set<String> = []
    /// What each scene's instances implement, in ``sceneTable`` order: its own unwind actions, then
    /// its class's and superclasses' (``implements(_:sceneAt:)``).
    @usableFromInline internal private(set) var sceneActions: [[String]] = []
    /// The Interface Builder storyboards it was imported from, the entry first; scene ids are
    /// `Name:id` when there are several. Empty for a segued-JSON storyboard.
    public var documents: [String]
    /// Where sessions of one device family start instead of ``initialScene``, by idiom (`pad`,
    /// `phone`): an app whose `Info.plist` names a storyboard per family (`UIMainStoryboardFile~ipad`,
    /// ``AppInfoPlist``). Empty for most.
    public var idiomInitialScenes: [String: SceneID] = [:]

    /// The scene a session of this idiom (`Traits.Idiom`'s raw value) starts at.
    public func initialScene(forIdiom idiom: String) -> SceneID { idiomInitialScenes[idiom] ?? initialScene }

    public init(name: String, initialScene: SceneID, scenes: [SceneID: Scene], classes: [String: ClassInfo] = [:], documents: [String] = []) {
        self.name = name
        self.initialScene = initialScene
        self.scenes = scenes
        self.classes = classes
        self.documents = documents
        indexScenes()
    }

    /// Rebuilds the table after `scenes` changes (only while a storyboard is being built).
    private mutating func indexScenes() {
        let ids = sortedSceneIDs
        sceneTable = ids.map { scenes[$0]! }
        sceneIdentities = sceneTable.enumerated().map { position, scene in
            SceneIdentity(id: scene.id, className: scene.className, kind: scene.kind, index: SceneIndex(position))
        }
        sceneIndices = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, SceneIndex($0)) })
        indexActions()
    }

    /// Rebuilds ``implementedActions`` and the scenes' actions after `scenes` or `classes` change.
    /// A class's superclass chain is walked once for all the scenes of that class.
    private mutating func indexActions() {
        var inherited: [String: [String]] = [:]
        var table: [[String]] = []
        table.reserveCapacity(sceneTable.count)
        for scene in sceneTable {
            let fromClass = inherited[scene.className] ?? classActions(scene.className)
            inherited[scene.className] = fromClass
            table.append(Self.merged(scene.unwindActions, fromClass))
        }
        sceneActions = table
        implementedActions = Set(table.joined())
    }

    /// The unwind actions `className` and its superclasses implement. Validation refuses superclass
    /// cycles and chains deeper than `maxClassDepth`; the count keeps a storyboard made without it
    /// from looping. (An array of the names seen, checked at each step, made a 20,000-class chain
    /// quadratic: 0.45 s an unwind.)
    private func classActions(_ className: String) -> [String] {
        var actions: [String] = []
        var name: String? = className
        for _ in 0..<StoryboardValidator.maxClassDepth {
            guard let current = name, let info = classes[current] else { break }
            if !info.unwindActions.isEmpty { actions = Self.merged(actions, info.unwindActions) }
            name = info.superclass
        }
        return actions
    }

    /// `first`, then those of `second` it lacks.
    private static func merged(_ first: [String], _ second: [String]) -> [String] {
        first + second.filter { !first.contains($0) }
    }

    /// The position of the scene `id` in ``sceneTable``.
    ///
    /// Inlinable, as ``implements(_:sceneAt:)``: called from the engine, which reads the storyboard
    /// through its session's shared box, each call copied the whole struct first (its ten references
    /// retained and released, on objects every server thread shares, for every instance created).
    @inlinable
    public func index(of id: SceneID) -> SceneIndex? { sceneIndices[id] }

    /// The scene at `index`. The engine reads ``sceneTable`` directly: through an accessor from
    /// another module, each read copied the whole scene.
    public subscript(index: SceneIndex) -> Scene {
        _read { yield sceneTable[index.position] }
    }

    /// The storyboard sessions start in: the entry document, or the storyboard itself.
    public var entry: String { documents.first ?? name }

    /// Scene ids grouped by the storyboard document they come from (api.md's `summary` is per name).
    public var scenesByDocument: [String: [SceneID]] {
        guard documents.count > 1 else { return [entry: sortedSceneIDs] }
        var groups: [String: [SceneID]] = [:]
        for id in sortedSceneIDs {
            let document = id.rawValue.split(separator: ":", maxSplits: 1).first.map(String.init) ?? entry
            groups[document, default: []].append(id)
        }
        return groups
    }

    /// Scene ids in a stable order, for deterministic output.
    public var sortedSceneIDs: [SceneID] { scenes.keys.sorted() }

    /// The scene whose `storyboardIdentifier` is `identifier` (what `instantiateViewController(withIdentifier:)`
    /// finds), looked up in the entry storyboard first, then in the others by name.
    public func scene(storyboardIdentifier identifier: String) -> Scene? {
        let groups = scenesByDocument
        let order = [entry] + groups.keys.sorted().filter { $0 != entry }
        for document in order {
            if let id = groups[document]?.first(where: { scenes[$0]?.storyboardIdentifier == identifier }) { return scenes[id] }
        }
        return nil
    }

    /// How many segues of each kind the storyboard has, relationships (declared as containment or as
    /// relationship segues) under `relationship`: the `summary` of an upload (spec/api.md).
    public var segueCountsByKind: [String: Int] { segueCounts(of: Array(scenes.keys)) }

    /// The same counts for some of the scenes.
    public func segueCounts(of ids: [SceneID]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for scene in ids.compactMap({ scenes[$0] }) {
            for segue in scene.segues { counts[segue.kind.rawValue, default: 0] += 1 }
            if !scene.relationshipChildren.isEmpty { counts["relationship", default: 0] += scene.relationshipChildren.count }
        }
        return counts
    }

    /// Whether instances of `scene` implement the unwind action `action`, through the scene itself or
    /// its class and superclasses.
    public func implements(_ action: String, scene: Scene) -> Bool {
        scene.unwindActions.contains(action) || classActions(scene.className).contains(action)
    }

    /// The same for the scene at `position` in ``sceneTable``, from the actions kept for it: an
    /// unwind's search asks it of every candidate, and walking the class's superclasses there hashed
    /// each one's name.
    @inlinable
    public func implements(_ action: String, sceneAt position: Int) -> Bool {
        sceneActions[position].contains(action)
    }
}
