import Storyboard

/// The visible path (from the window root to the instance the user sees) and what is read from it:
/// the default source of every request and the nearest container of a kind.
extension NavigationState {
    /// From the window root through containers and presentations to the instance the user sees.
    public var visiblePath: [ControllerID] {
        var path: [ControllerID] = []
        path.reserveCapacity(8)
        forEachOnVisiblePath { path.append($0) }
        return path
    }

    /// Calls `body` for each instance of ``visiblePath`` in order, without building the array:
    /// every request without an explicit source walks the path.
    ///
    /// The path runs to the top presentation (``topPresentation``) through whatever hosts it: a
    /// current-context presentation hosted by an embedded child, or by a split view's primary
    /// column, is on it, where a walk down from the root (which stops at a custom container and
    /// takes a split's secondary column) missed it and left the next request's source wrong.
    func forEachOnVisiblePath(_ body: (ControllerID) -> Void) {
        guard let root = windowRoot else { return }
        if let top = topPresentation() {
            var chain: [ControllerID] = [top]
            var node = top
            while let up = structuralParent(of: node) {
                chain.append(up)
                node = up
            }
            for id in chain.reversed() { body(id) }
            forEachBelowOnVisiblePath(from: top, body)
        } else {
            body(root)
            forEachBelowOnVisiblePath(from: root, body)
        }
    }

    /// The part of ``visiblePath`` below `start` (the top presentation, or the window root when
    /// nothing presented is on screen), `start` excluded.
    private func forEachBelowOnVisiblePath(from start: ControllerID, _ body: (ControllerID) -> Void) {
        var current = start
        while true {
            let next: ControllerID?
            if let presented = self[live: current].presented {
                next = presented
            } else {
                switch self[live: current].kind {
                case .navigationController, .tabBarController:
                    next = firstVisibleChild(of: current)
                case .splitViewController:
                    next = self[live: current].split.flatMap { $0.isCollapsed ? ($0.compact ?? $0.primary) : ($0.secondary ?? $0.primary) }
                default:
                    next = nil
                }
            }
            guard let next else { return }
            body(next)
            current = next
        }
    }

    /// The presentation the user sees: the last presented whose way up to the window root runs
    /// only through visible children and the instances that presented them, none of which is
    /// covered by another presentation. `nil` when nothing presented is on screen.
    func topPresentation() -> ControllerID? {
        // Most states present nothing: no walk at all.
        for presented in presentations.reversed() where isUncovered(presented) { return presented }
        return nil
    }

    /// Whether `presented`'s way up to the window root is on screen and uncovered.
    /// The chain of presenters below a presented root is crossed in one step through its
    /// `presentationBase`: only the hops through containers are checked, so a chain of N sheets costs
    /// one step, not N.
    private func isUncovered(_ presented: ControllerID) -> Bool {
        var node = presented
        while true {
            if self[live: node].isPresentedRoot {
                node = self[live: node].presentationBase!
                continue
            }
            guard let parent = self[live: node].parent else { return node == windowRoot }
            guard self[live: parent].presented == nil else { return false }
            var isVisible = false
            forEachVisibleChild(of: parent) { if $0 == node { isVisible = true } }
            guard isVisible else { return false }
            node = parent
        }
    }

    /// The last instance of ``visiblePath`` that satisfies `predicate`, searched from the visible end:
    /// the part of the path above the top presentation runs down a chain of N presentations, so
    /// walking the whole path made finding the nearest navigation controller O(N).
    func lastOnVisiblePath(where predicate: (ControllerID) -> Bool) -> ControllerID? {
        guard let root = windowRoot else { return nil }
        let top = topPresentation()
        var below: [ControllerID] = [top ?? root]
        forEachBelowOnVisiblePath(from: top ?? root) { below.append($0) }
        if let found = below.last(where: predicate) { return found }
        guard let top else { return nil }
        var node = top
        while let up = structuralParent(of: node) {
            if predicate(up) { return up }
            node = up
        }
        return nil
    }

    /// The instance the user sees: the default source of every request.
    /// The last of ``visiblePath``, found without the part of the path above the top presentation
    /// (a chain of N presentations is N instances long).
    public var visible: ControllerID? {
        guard let root = windowRoot else { return nil }
        let start = topPresentation() ?? root
        var last = start
        forEachBelowOnVisiblePath(from: start) { last = $0 }
        return last
    }
}
