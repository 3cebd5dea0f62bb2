import Storyboard

extension SnapshotChecker {
    /// What each kind holds: a navigation controller a stack (not empty when its scene has a root),
    /// a tab bar its scene's tabs with the selection among them, a split its columns, a view
    /// controller the children its view embeds (none before it loads).
    func checkContainer(_ instance: NavigationSnapshot.Instance, at path: String) throws(SnapshotError) {
        let scene = storyboard.scenes[instance.scene]!
        let childScenes = instance.children.map { self.instance($0).scene }
        if instance.kind != .tabBarController, instance.selectedIndex != scene.selectedIndex {
            throw SnapshotError("\(path).selectedIndex", "only a tab bar controller has a selection (expected \(scene.selectedIndex))")
        }
        if instance.kind != .splitViewController, instance.split != nil {
            throw SnapshotError("\(path).split", "only a split view controller has columns")
        }
        switch instance.kind {
        case .navigationController:
            if scene.root != nil, instance.children.isEmpty {
                throw SnapshotError("\(path).children", "a navigation controller's stack is never empty")
            }
        case .tabBarController:
            guard childScenes == scene.tabs else {
                throw SnapshotError("\(path).children", "a tab bar controller's children are its scene's tabs \(scene.tabs.map(\.rawValue))")
            }
            if !instance.children.isEmpty, !instance.children.indices.contains(instance.selectedIndex) {
                throw SnapshotError("\(path).selectedIndex", "\(instance.selectedIndex) is not the index of a tab (0..<\(instance.children.count))")
            }
        case .splitViewController:
            try checkSplit(instance, scene: scene, at: path)
        default:
            let embedded = instance.isViewLoaded ? scene.segues.filter(\.isEmbedding).compactMap(\.destination) : []
            guard childScenes == embedded else {
                throw SnapshotError(
                    "\(path).children",
                    instance.isViewLoaded
                        ? "a view controller's children are the ones its view embeds: \(embedded.map(\.rawValue))"
                        : "a view controller whose view has not loaded embeds nothing")
            }
        }
    }

    /// A split's columns are distinct children of it (the secondary may sit on the primary
    /// navigation stack while collapsed), present exactly when its scene has them.
    private func checkSplit(_ instance: NavigationSnapshot.Instance, scene: Scene, at path: String) throws(SnapshotError) {
        guard let split = instance.split else {
            if scene.primary != nil { throw SnapshotError("\(path).split", "missing: scene \"\(scene.id)\" has columns") }
            guard instance.children.isEmpty else { throw SnapshotError("\(path).children", "a split view controller without columns has no children") }
            return
        }
        guard scene.primary != nil else { throw SnapshotError("\(path).split", "scene \"\(scene.id)\" has no columns") }
        if (split.supplementary != nil) != (scene.supplementary != nil) {
            throw SnapshotError("\(path).split.supplementary", scene.supplementary == nil ? "the scene has no supplementary column" : "missing")
        }
        if (split.compact != nil) != (scene.compact != nil) {
            throw SnapshotError("\(path).split.compact", scene.compact == nil ? "the scene has no compact column" : "missing")
        }
        let columns = [split.primary, split.supplementary, split.secondary, split.compact].compactMap { $0 }
        guard Set(columns).count == columns.count else { throw SnapshotError("\(path).split", "a column is named twice") }
        for (name, column) in [("primary", split.primary), ("supplementary", split.supplementary), ("compact", split.compact)] {
            if let column, !instance.children.contains(column) {
                throw SnapshotError("\(path).split.\(name)", "\(column) is not a child of \(instance.id)")
            }
        }
        for (index, child) in instance.children.enumerated() where !columns.contains(child) {
            throw SnapshotError("\(path).children[\(index)]", "\(child) is not one of the columns")
        }
        if let secondary = split.secondary, !instance.children.contains(secondary) {
            // Collapsed onto the primary navigation stack.
            let primary = self.instance(split.primary)
            guard split.isCollapsed, split.compact == nil, primary.kind == .navigationController, primary.children.contains(secondary) else {
                throw SnapshotError("\(path).split.secondary", "\(secondary) is neither a child of \(instance.id) nor, collapsed, on its primary stack")
            }
        }
    }

    /// Appearance as the engine's on-screen rule has it: on screen means appeared (and having
    /// appeared), anything else disappeared; no instance is left mid-transition.
    func checkScreen(_ state: NavigationState) throws(SnapshotError) {
        let onScreen = Set(state.onScreen)
        for (index, instance) in snapshot.instances.enumerated() {
            let path = "instances[\(index)]"
            let expected: AppearanceState =
                state.transition?.expectedAppearance(of: instance.id) ?? (onScreen.contains(instance.id) ? .appeared : .disappeared)
            guard instance.appearance == expected else {
                throw SnapshotError("\(path).appearance", "\(instance.id) is \(expected == .disappeared ? "off" : "on") screen, so \(expected.rawValue)")
            }
            // Not "on screen means loaded": the engine shows the root of a navigation controller
            // that a loading view embeds without loading its view (the random walks meet it).
            if expected == .appeared || expected == .disappearing, !instance.hasAppeared {
                throw SnapshotError("\(path).hasAppeared", "\(instance.id) is on screen, so it has appeared")
            }
        }
    }

    /// A gesture in progress is one the engine could have begun here (spec §5.12): an edge swipe on
    /// an on-screen navigation stack of two or more in the top layer, its top's on-screen subtree
    /// leaving and the revealed instance's visible subtree arriving; a pull on the topmost
    /// presentation, a sheet in a profile that has them, its on-screen subtree leaving.
    func checkTransition(_ transition: InteractiveTransition, in state: NavigationState) throws(SnapshotError) {
        let id = transition.container
        guard state[id] != nil else { throw SnapshotError("transition.container", "\(id) is not a live instance") }
        let onScreen = state.onScreen
        let leaving: [ControllerID], arriving: [ControllerID]
        switch transition.kind {
        case .interactivePop:
            let stack = state[live: id].children
            guard state[live: id].kind == .navigationController, stack.count > 1, onScreen.contains(id),
                state.layerRoot(of: id) == state.layers.last
            else { throw SnapshotError("transition.container", "\(id) is not an on-screen navigation stack of two or more in the top layer") }
            leaving = state.visibleSubtree(of: stack[stack.count - 1]).filter(onScreen.contains)
            arriving = state.visibleSubtree(of: stack[stack.count - 2])
            if let unloaded = arriving.first(where: { !state[live: $0].isViewLoaded }) {
                throw SnapshotError("transition.arriving", "\(unloaded) is arriving, so its view is loaded")
            }
        case .pullDown:
            let style = state[live: id].presentationStyle
            guard state.layers.count > 1, state.layers.last == id, state.profile.hasCardSheets, style == .pageSheet || style == .formSheet else {
                throw SnapshotError("transition.container", "\(id) is not the topmost presentation as a sheet")
            }
            leaving = state.visibleSubtree(of: id).filter(onScreen.contains)
            arriving = []
        }
        guard transition.leaving == leaving else { throw SnapshotError("transition.leaving", "expected \(leaving)") }
        guard transition.arriving == arriving else { throw SnapshotError("transition.arriving", "expected \(arriving)") }
    }
}
