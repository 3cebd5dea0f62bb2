public import Storyboard

extension NavigationState {
    /// The state as a plain value, which ``init(restoring:storyboard:)`` turns back into an equal state.
    public func snapshot() -> NavigationSnapshot {
        NavigationSnapshot(
            profile: profile, traits: traits, createdCount: createdCount, revision: revision,
            nextEventSequence: nextEventSequence, isEnded: isEnded, windowRoot: windowRoot, presentations: presentations,
            instances: controllers.map { controller in
                NavigationSnapshot.Instance(
                    id: controller.id, scene: controller.scene, kind: controller.kind, parent: controller.parent,
                    children: controller.children, presented: controller.presented,
                    presentation: controller.presenting.map { presenting in
                        NavigationSnapshot.Presentation(
                            presenting: presenting, caller: controller.presentationCaller ?? presenting,
                            requestedStyle: controller.requestedStyle ?? .automatic,
                            style: controller.presentationStyle ?? .fullScreen, adaptiveStyle: controller.adaptiveStyle)
                    },
                    appearance: controller.appearance, isViewLoaded: controller.isViewLoaded, hasAppeared: controller.hasAppeared,
                    selectedIndex: controller.selectedIndex, split: controller.split, properties: controller.properties)
            }, transition: transition)
    }

    /// Restores a snapshot of a state of `storyboard`, checking it as untrusted input.
    ///
    /// Every invariant the engine keeps is checked, so that what is restored is a hierarchy the
    /// engine could have produced and every later command behaves (and cannot trap): ids unique,
    /// positive and not above `createdCount`; scenes in the storyboard and kinds that match them;
    /// every instance in exactly one place (the window root, a container's child, a presented root)
    /// with both sides of each relation agreeing; containment and presentation acyclic; presentations
    /// listed bottom to top; a tab bar's children its scene's tabs, its selection in range; a split's
    /// columns among its children; a view controller's children the ones its view embeds; appearance
    /// recomputed by the engine's own on-screen rule (``onScreen``) and compared; then
    /// ``invariantViolations()`` as a last guard. The data size and the split list are recomputed, and so are the presentations' bases.
    /// - Throws: ``SnapshotError`` naming the first fault: its place in the snapshot document
    ///   (`instances[2].children[0]`) and what is wrong.
    public init(restoring snapshot: NavigationSnapshot, storyboard: Storyboard) throws(SnapshotError) {
        try self.init(restoring: snapshot, storyboard: SharedStoryboard(storyboard))
    }

    /// The same, on a storyboard shared with other sessions (``SharedStoryboard``).
    public init(restoring snapshot: NavigationSnapshot, storyboard shared: SharedStoryboard) throws(SnapshotError) {
        let storyboard = shared.storyboard
        var checker = SnapshotChecker(snapshot: snapshot, storyboard: storyboard)
        try checker.checkStructure()
        self.init(storyboard: shared, profile: snapshot.profile, traits: snapshot.traits)
        createdCount = snapshot.createdCount
        revision = snapshot.revision
        nextEventSequence = snapshot.nextEventSequence
        isEnded = snapshot.isEnded
        windowRoot = snapshot.windowRoot
        presentations = snapshot.presentations
        for position in checker.creationOrder {
            let instance = snapshot.instances[position]
            // The checker found the scene: the index exists.
            guard let index = storyboard.index(of: instance.scene) else { throw SnapshotError("instances[\(position)].scene", "unknown scene") }
            // The one field read in place: a copy of the scene retained each of its strings and arrays.
            var controller = Controller(
                id: instance.id, identity: storyboard.sceneIdentities[index.position],
                definesPresentationContext: storyboard.sceneTable[index.position].definesPresentationContext)
            controller.parent = instance.parent
            controller.children = instance.children
            controller.presented = instance.presented
            if let presentation = instance.presentation {
                controller.setPresentation(PresentationLinks(
                    presenting: presentation.presenting, caller: presentation.caller, requestedStyle: presentation.requestedStyle,
                    style: presentation.style, adaptiveStyle: presentation.adaptiveStyle))
            }
            controller.appearance = instance.appearance
            controller.isViewLoaded = instance.isViewLoaded
            controller.hasAppeared = instance.hasAppeared
            controller.selectedIndex = instance.selectedIndex
            controller.split = instance.split
            controller.properties = instance.properties
            instances.append(controller)
            if controller.kind == .splitViewController { splits.append(controller.id) }
            dataSize += JSONValue.approximateSize(ofEntries: controller.properties)
        }
        // Derived, not sent: each presentation's base, bottom to top (the checker has found the
        // presentations listed bottom to top, so a presenter's own base is set before it is read).
        for presented in presentations {
            guard let presenting = instances[presented]?.presenting else { continue }
            let base = presentationBase(below: presenting)
            instances.modify(presented) { $0.presentationBase = base }
        }
        for (caller, count) in presentationsCalledByCaller() { countPresentation(calledBy: caller, by: count) }
        if let transition = snapshot.transition {
            try checker.checkTransition(transition, in: self)
            self.transition = transition
        }
        try checker.checkScreen(self)
        if let violation = invariantViolations().first { throw SnapshotError("instances", violation) }
    }
}
