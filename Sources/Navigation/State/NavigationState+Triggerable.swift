public import Storyboard

/// A segue (or unwind segue) that an on-screen instance can trigger now.
public struct TriggerableSegue: Sendable, Equatable {
    public let source: ControllerID
    public let scene: SceneID
    public let segue: Segue
    /// Whether a user can touch the source: it is not covered by a presentation (a sheet leaves its
    /// presenter on screen, dimmed and out of reach). Only such sources are chosen by default.
    public let isTouchable: Bool
}

/// What can be triggered now and who triggers it when a request names no source (api.md "`source`
/// defaults to …"). Here rather than in the service: it is navigation semantics (which instances a
/// user can touch, which is nearest to the one they see), and the engine's default source and the
/// list the API offers must agree.
extension NavigationState {
    /// The instances a user can touch: the visible instance first, then the others on screen that
    /// no presentation covers (the other columns of a split view, embedded children, the visible
    /// children of custom containers, their containers), nearest to the visible one first (fewest
    /// steps through containment and presentations), top-down among equals.
    public var touchableInstances: [ControllerID] {
        guard let root = windowRoot, let visible else { return [] }
        var found: [ControllerID] = []
        // An instance that presents is covered by what it presents, and so is what it shows.
        func visit(_ id: ControllerID) {
            if let presented = self[live: id].presented {
                visit(presented)
                return
            }
            found.append(id)
            forEachVisibleChild(of: id) { visit($0) }
        }
        visit(root)
        let visibleAncestry = structuralAncestry(of: visible)
        func distance(_ id: ControllerID) -> Int {
            var steps = 0
            var current = id
            while true {
                if let index = visibleAncestry.firstIndex(of: current) { return steps + index }
                guard let up = structuralParent(of: current) else { return Int.max }
                current = up
                steps += 1
            }
        }
        return found.enumerated()
            .map { (id: $0.element, distance: distance($0.element), order: $0.offset) }
            .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
            .map(\.id)
    }

    /// The source of a segue request that names none: the visible instance when its scene has the
    /// segue, else the nearest touchable instance whose scene has it (``touchableInstances``).
    /// `nil` when none has it.
    public func defaultSource(for segue: SegueReference) -> ControllerID? {
        // The visible instance has it in nearly every request: no walk.
        if let visible, self.segue(segue, of: visible) != nil { return visible }
        return touchableInstances.first { self.segue(segue, of: $0) != nil }
    }

    /// The source of an unwind by action that names none: the visible instance when its scene has an
    /// unwind segue to that action, else the nearest touchable instance with one; `nil` when none
    /// has one (the request then unwinds from the visible instance, as code may).
    public func defaultSource(forUnwindAction action: String) -> ControllerID? {
        func hasExit(_ id: ControllerID) -> Bool { hasUnwindSegue(forAction: action, of: id) }
        if let visible, hasExit(visible) { return visible }
        return touchableInstances.first(where: hasExit)
    }

    /// Every segue the on-screen instances can trigger (`GET …/segues`): forward segues that an
    /// identifier or an id names (embeds and relationships are their containers' business) and
    /// unwind segues (performed by identifier, id or action). Touchable sources come first, in
    /// ``touchableInstances`` order, then the instances on screen under a presentation that leaves
    /// them there, top-down: a request may still name those as its source.
    public func triggerableSegues() -> [TriggerableSegue] {
        let touchable = touchableInstances
        let covered = onScreen.filter { !touchable.contains($0) }
        var result: [TriggerableSegue] = []
        for (sources, isTouchable) in [(touchable, true), (covered, false)] {
            for source in sources {
                let scene = self[sceneOf: source]
                for segue in scene.segues {
                    guard segue.kind == .unwind
                        || (!segue.isEmbedding && segue.kind != .relationship && (segue.identifier != nil || segue.id != nil))
                    else { continue }
                    result.append(TriggerableSegue(source: source, scene: scene.id, segue: segue, isTouchable: isTouchable))
                }
            }
        }
        return result
    }
}
