import Storyboard

extension Transaction {
    /// Creates an instance of `sceneID` with its relationship children (spec §5.1, §5.2 step 2):
    /// `init` and `awakeFromNib` for each, containers first, then each child is installed
    /// (`willMoveToParent`, `didMoveToParent`).
    mutating func instantiate(_ sceneID: SceneID) -> ControllerID {
        var created: [ControllerID] = []
        let root = create(sceneID, parent: nil, created: &created)
        for id in created {
            emit(id, .`init`)
            emit(id, .awakeFromNib)
        }
        for id in created where id != root {
            let parent = state[live: id].parent!
            emit(id, .willMoveToParent, .parent(parent))
            emit(id, .didMoveToParent, .parent(parent))
        }
        return root
    }

    private mutating func create(_ sceneID: SceneID, parent: ControllerID?, created: inout [ControllerID]) -> ControllerID {
        let index = state.storyboard.index(of: sceneID)!
        let id = state.nextControllerID
        // Fields are read one by one: passing the scene to a function copied all of it.
        let kind = state.storyboard.sceneTable[index.position].kind
        var controller = Controller(
            id: id, identity: state.storyboard.sceneIdentities[index.position],
            definesPresentationContext: state.storyboard.sceneTable[index.position].definesPresentationContext)
        controller.parent = parent
        controller.selectedIndex = state.storyboard.sceneTable[index.position].selectedIndex
        state.insert(consume controller)
        created.append(id)
        // Most instances contain nothing; only containers pay for a copy of their scene.
        guard kind.hasRelationships else { return id }
        let scene = state.storyboard.sceneTable[index.position]
        var children: [ControllerID] = []
        for childScene in scene.relationshipChildren {
            children.append(create(childScene, parent: id, created: &created))
        }
        state.update(id) { $0.children = children }
        if scene.kind == .splitViewController, scene.primary != nil {
            // Children were created in relationshipChildren's order: primary, supplementary, secondary, compact.
            var remaining = children[...]
            let primary = remaining.removeFirst()
            let supplementary = scene.supplementary.map { _ in remaining.removeFirst() }
            let secondary = scene.secondary.map { _ in remaining.removeFirst() }
            let compact = scene.compact.map { _ in remaining.removeFirst() }
            state.update(id) {
                $0.split = SplitColumns(primary: primary, supplementary: supplementary, secondary: secondary, compact: compact, isCollapsed: false)
            }
        }
        return id
    }

    /// Loads `id`'s view (spec §4.3); a view that embeds children creates and installs them while it
    /// loads (spec §5.1). Called for instances coming on screen whose view is not loaded yet.
    mutating func loadView(_ id: ControllerID) {
        state.update(id) { $0.isViewLoaded = true }
        emit(id, .loadView)
        // One embedding segue at a time, found by the state (``NavigationState/embeddingSegue(inSceneAt:from:)``):
        // building the list of them allocated for every view loaded, and reading the table here,
        // where the loop changes the state, copied every segue it looked at (the storyboard's
        // strings retained, shared by every server thread).
        let position = state[live: id].sceneIndex.position
        var next = 0
        while let segue = state.embeddingSegue(inSceneAt: position, from: next) {
            next = segue.index + 1
            let child = instantiate(segue.destination)
            let description = SegueDescription(identifier: segue.identifier, kind: segue.kind, source: id, destination: child, id: segue.id)
            emit(id, .prepareForSegue, .segueSender(description, sender: .null))
            state.update(id) { $0.children.append(child) }
            state.update(child) { $0.parent = id }
            loadView(child)
            emit(child, .willMoveToParent, .parent(id))
            emit(child, .didMoveToParent, .parent(id))
        }
        emit(id, .viewDidLoad)
    }

    /// Merges a request's `data` into an instance's `properties`, keeping ``NavigationState/dataSize``.
    mutating func hand(_ data: JSONValue?, to id: ControllerID) {
        guard let object = data?.objectValue else { return }
        var change = 0
        state.update(id) { controller in
            if controller.properties.isEmpty {
                // The first hand-over (most instances get one): the object itself, whose storage
                // the command that carried it shares, instead of a second dictionary built key by key.
                controller.properties = object
                change = JSONValue.approximateSize(ofEntries: object)
                return
            }
            for (key, value) in object {
                if let replaced = controller.properties.updateValue(value, forKey: key) {
                    change -= JSONValue.approximateSize(key: key, value: replaced)
                }
                change += JSONValue.approximateSize(key: key, value: value)
            }
        }
        state.dataSize += change
    }

    /// Releases `ids` (already detached from the hierarchy) in order: `deinit` for each.
    mutating func release(_ ids: [ControllerID]) {
        if ids.count > 1 {
            // Many at once: the references to them are dropped in one pass at the end
            // (`NavigationState.forgetReleased`); nothing reads them in between.
            var presentedRootGone = false, callerGone = false
            for id in ids {
                let sceneIndex = state[live: id].sceneIndex
                let removed = state.removeInstance(id)
                if removed?.isPresentedRoot == true { presentedRootGone = true }
                if removed.map({ $0.presentationsCalled > 0 }) == true { callerGone = true }
                emit(id, sceneIndex: sceneIndex, .`deinit`)
            }
            state.forgetReleased(ids, presentedRootGone: presentedRootGone, callerGone: callerGone)
            return
        }
        for id in ids {
            let sceneIndex = state[live: id].sceneIndex
            state.remove(id)
            // Emitted after the removal: the instance is gone, its scene was read before.
            emit(id, sceneIndex: sceneIndex, .`deinit`)
        }
    }
}
