import Storyboard

extension Transaction {
    /// Replaces a split view controller's column with `destination` (spec §5.4, replace order).
    /// In an expanded split every column is on screen and the new one takes the old one's place, so
    /// the change is the two columns' subtrees where ``canSwapLocally(under:out:in:)`` says so.
    mutating func replaceColumn(
        of split: ControllerID, secondary isSecondary: Bool, with destination: ControllerID, animated: Bool
    ) {
        let columns = state[live: split].split!
        let old = isSecondary ? columns.secondary : columns.primary
        let isLocal = !columns.isCollapsed && canSwapLocally(under: split, out: old, in: destination)
        let before = isLocal ? [] : state.onScreen
        let checkedBefore = onScreenForChecking()
        if let old { emit(old, .willMoveToParent, .parent(nil)) }
        emit(destination, .willMoveToParent, .parent(split))
        state.update(split) { controller in
            if let old, let index = controller.children.firstIndex(of: old) {
                controller.children[index] = destination
            } else {
                controller.children.append(destination)
            }
            if isSecondary { controller.split!.secondary = destination } else { controller.split!.primary = destination }
        }
        state.update(destination) { $0.parent = split }
        if let old { state.update(old) { $0.parent = nil } }
        let change = isLocal ? swapChange(out: old, in: destination) : appearanceChange(from: before)
        assertSameChange(change, before: checkedBefore)
        emitAppearance(change, order: .navigation, animated: animated)
        emit(destination, .didMoveToParent, .parent(split))
        if let old {
            emit(old, .didMoveToParent, .parent(nil))
            release(state.releaseOrder(of: old))
        }
    }

    /// The navigation controller in a split's primary column, when there is one.
    func primaryNavigation(of split: ControllerID) -> ControllerID? {
        let primary = state[live: split].split!.primary
        return state[live: primary].isNavigationController ? primary : nil
    }

    /// Where a collapsed split pushes: its compact column when it has one, else its primary column
    /// (each only when it is a navigation controller).
    func collapsedNavigation(of split: ControllerID) -> ControllerID? {
        guard let compact = state[live: split].split!.compact else { return primaryNavigation(of: split) }
        return state[live: compact].isNavigationController ? compact : nil
    }

    /// Collapses an expanded split for compact width: its secondary moves onto the primary navigation
    /// stack (`collapseSecondary`, then push-order callbacks for whatever that covers).
    /// With no navigation controller in the primary column, the secondary just leaves the screen.
    mutating func collapse(_ split: ControllerID, animated: Bool) {
        let columns = state[live: split].split!
        let before = state.onScreen
        state.update(split) { $0.split!.isCollapsed = true }
        var moved: (secondary: ControllerID, navigation: ControllerID)?
        // A compact column replaces the others in compact width: nothing moves between columns.
        if let secondary = columns.secondary, columns.compact == nil {
            emit(split, .collapseSecondary, [.init("secondary", .controller(secondary)), .init("primary", .controller(columns.primary))])
            if let navigation = primaryNavigation(of: split) {
                emit(secondary, .willMoveToParent, .parent(navigation))
                state.update(split) { $0.children.removeAll { $0 == secondary } }
                state.update(navigation) { $0.children.append(secondary) }
                state.update(secondary) { $0.parent = navigation }
                moved = (secondary, navigation)
            }
        }
        emitAppearance(appearanceChange(from: before), order: .navigation, animated: animated)
        if let moved { emit(moved.secondary, .didMoveToParent, .parent(moved.navigation)) }
    }

    /// Expands a collapsed split for regular width: the secondary and what was pushed above it leave
    /// the primary navigation stack; the secondary fills its column again and the rest is released
    /// (`separateSecondary`) [decided].
    mutating func expand(_ split: ControllerID, animated: Bool) {
        let columns = state[live: split].split!
        let before = state.onScreen
        state.update(split) { $0.split!.isCollapsed = false }
        var released: [ControllerID] = []
        if columns.compact == nil, let secondary = columns.secondary, let navigation = primaryNavigation(of: split),
            let index = state[live: navigation].children.firstIndex(of: secondary)
        {
            emit(split, .separateSecondary, [.init("primary", .controller(columns.primary)), .init("secondary", .controller(secondary))])
            let above = Array(state[live: navigation].children[(index + 1)...].reversed())
            for id in above + [secondary] { emit(id, .willMoveToParent, .parent(nil)) }
            state.update(navigation) { $0.children.removeLast(above.count + 1) }
            for id in above { state.update(id) { $0.parent = nil } }
            state.update(split) { $0.children.append(secondary) }
            state.update(secondary) { $0.parent = split }
            let change = appearanceChange(from: before)
            emitAppearance(change, order: .navigation, animated: animated)
            for id in above { emit(id, .didMoveToParent, .parent(nil)) }
            emit(secondary, .didMoveToParent, .parent(split))
            released = above.flatMap { state.releaseOrder(of: $0) }
        } else {
            emitAppearance(appearanceChange(from: before), order: .navigation, animated: animated)
        }
        release(released)
    }

    /// `showDetailViewController(_:sender:)` on a split view controller (spec §5.4): replace the
    /// secondary when expanded, forward as a push onto the primary navigation stack when collapsed.
    /// Collapsed with a compact column, it is forwarded as a show from `source` in that column.
    mutating func showDetail(
        _ destination: ControllerID, in split: ControllerID, from source: ControllerID, style: PresentationStyle?, animated: Bool
    ) throws(NavigationError) {
        emit(split, .showDetailViewController, .instance(.viewController, destination))
        let columns = state[live: split].split!
        if columns.isCollapsed, columns.compact != nil {
            try showInCompactColumn(destination, of: split, from: source, style: style, animated: animated)
        } else if columns.isCollapsed, let navigation = collapsedNavigation(of: split) {
            push(destination, onto: navigation, animated: animated)
            // The pushed detail becomes the secondary that expanding separates, unless the secondary
            // still fills its own column: it did not move onto a stack when the split collapsed (its
            // primary was then no navigation controller; a show from it replaced that column with
            // one since). It stays the split's column and child; the detail stays on the stack.
            // Found by SnapshotPropertyTests (the snapshot checker refused the state this left: a
            // child of the split that was none of its columns).
            let secondaryHasItsColumn = columns.secondary.map { state[live: split].children.contains($0) } ?? false
            if columns.compact == nil, !secondaryHasItsColumn { state.update(split) { $0.split!.secondary = destination } }
        } else {
            replaceColumn(of: split, secondary: true, with: destination, animated: animated)
        }
    }

    /// Show Detail in a collapsed split that shows its compact column (iOS 14+ column style), ruled
    /// in docs/behaviour-notes.md ("§5.4 Show Detail from the compact column"): UIKit forwards it
    /// as `show(_:sender:)` (its documentation of `showDetailViewController`), and the compact
    /// column is what is on screen (that of `UISplitViewController.Column.compact`). So the nearest
    /// navigation controller from the source up to the split pushes, else the destination is
    /// presented from the source. The secondary column, off screen, is left as it is: replacing it
    /// (what the engine did before issue 30) made the tap visibly do nothing.
    private mutating func showInCompactColumn(
        _ destination: ControllerID, of split: ControllerID, from source: ControllerID, style: PresentationStyle?, animated: Bool
    ) throws(NavigationError) {
        if let navigation = compactColumnNavigation(from: source, in: split) {
            push(destination, onto: navigation, animated: animated)
        } else {
            try present(destination, from: source, style: style ?? .automatic, adaptive: nil, animated: animated)
        }
    }

    /// The nearest navigation controller from `source` up to (not including) `split`.
    func compactColumnNavigation(from source: ControllerID, in split: ControllerID) -> ControllerID? {
        var current: ControllerID? = source
        while let candidate = current, candidate != split {
            if state[live: candidate].kind == .navigationController { return candidate }
            current = state.structuralParent(of: candidate)
        }
        return nil
    }
}
