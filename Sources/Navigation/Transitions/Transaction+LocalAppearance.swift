import Storyboard

/// Appearance changes found from the subtrees a transition touches instead of the whole on-screen
/// lists: under a chain of N page sheets every layer is on screen, so building and comparing the
/// lists before and after made a push, a pop, a dismissal of the top layer, `setViewControllers`,
/// a tab selection and a split's Show Detail O(N). Each shortcut is
/// taken only where it gives exactly what ``appearanceChange(from:)`` gives (the reasoning is in
/// each comment), and debug builds (the tests) check it against the lists
/// (``assertSameChange(_:before:)``).
extension Transaction {
    /// Whether swapping, under the on-screen `container`, the visible subtree of `old` (a stack's old
    /// top) for that of `new` changes nothing else on screen. In the on-screen rule
    /// (``NavigationState/onScreen``) the container's visible subtree is listed in place, so `old`'s
    /// visible subtree leaves it and `new`'s takes its place; only a presentation made from either
    /// subtree (listed after, or covering part of it, while its presenter is listed) would move too,
    /// so none may present anything. `new` must not be on screen already. Asked before the change.
    func canSwapLocally(under container: ControllerID, out old: ControllerID?, in new: ControllerID) -> Bool {
        guard state.isAppeared(container), !state.isAppeared(new), presentsNothing(from: new) else { return false }
        return old.map { presentsNothing(from: $0) } ?? true
    }

    /// The change of such a swap, after the structural change: `old`'s visible subtree disappears,
    /// `new`'s appears (its views loaded, in order, as ``appearanceChange(from:)`` loads them).
    mutating func swapChange(out old: ControllerID?, in new: ControllerID) -> AppearanceChange {
        var disappearing = old.map { state.visibleSubtree(of: $0) } ?? []
        disappearing.removeAll { !state.isAppeared($0) }
        return AppearanceChange(disappearing: disappearing, appearing: loadedVisibleSubtree(of: new))
    }

    /// Whether dismissing `presented` changes only its own layer and its presenter's subtree: it is
    /// the last presentation and on screen (so its presenter was listed when it was, and nothing is
    /// listed after it), and, when its style removes the presenter's view, nothing inside the
    /// presenter's visible subtree presents (so that whole subtree was listed before the dismissed
    /// layer took it out, and comes back whole). Asked before the change.
    func canDismissLocally(_ presented: ControllerID) -> Bool {
        guard state.presentations.last == presented, state.isAppeared(presented) else { return false }
        guard state[live: presented].presentationStyle?.removesPresenterView == true else { return true }
        let presenting = state[live: presented].presenting!
        for id in state.visibleSubtree(of: presenting) where id != presenting && state[live: id].presented != nil { return false }
        return true
    }

    /// The change of such a dismissal, after the structural change: the layer's visible subtree
    /// disappears and, for a style that removed the presenter's view, the presenter's comes back.
    mutating func dismissalChange(of presented: ControllerID, by presenting: ControllerID, uncovers: Bool) -> AppearanceChange {
        var disappearing = state.visibleSubtree(of: presented)
        disappearing.removeAll { !state.isAppeared($0) }
        guard uncovers else { return AppearanceChange(disappearing: disappearing, appearing: []) }
        var appearing = loadedVisibleSubtree(of: presenting)
        appearing.removeAll { state.isAppeared($0) }
        return AppearanceChange(disappearing: disappearing, appearing: appearing)
    }

    /// `id`'s visible subtree with every view loaded, in order (spec §4.3); a view that loads may
    /// embed new children on screen, so then the subtree is taken again.
    mutating func loadedVisibleSubtree(of id: ControllerID) -> [ControllerID] {
        var subtree = state.visibleSubtree(of: id)
        let createdBefore = state.createdCount
        for member in subtree where !state[live: member].isViewLoaded { loadView(member) }
        if state.createdCount != createdBefore {
            subtree = state.visibleSubtree(of: id)
            loadEmbeddedViews(in: &subtree, where: { _ in true }, retake: { $0.visibleSubtree(of: id) })
        }
        return subtree
    }

    /// Whether nothing in `id`'s visible subtree presents anything.
    private func presentsNothing(from id: ControllerID) -> Bool {
        for member in state.visibleSubtree(of: id) where state[live: member].presented != nil { return false }
        return true
    }

    /// The on-screen list, in debug builds only (empty in release): what a shortcut is checked against.
    func onScreenForChecking() -> [ControllerID] {
        var list: [ControllerID] = []
        assert({ list = state.onScreen; return true }())
        return list
    }

    /// Debug builds: `change` is what comparing `before` (``onScreenForChecking()``) with the
    /// on-screen list now gives.
    func assertSameChange(_ change: AppearanceChange, before: [ControllerID], _ file: StaticString = #file, line: UInt = #line) {
        assert(
            {
                let after = state.onScreen
                return change.disappearing == before.filter { !after.contains($0) }
                    && change.appearing == after.filter { !before.contains($0) }
            }(), "the appearance change differs from the on-screen lists'", file: file, line: line)
    }
}
