import Storyboard

/// A pop whose structural change is done and whose completion (didMove, didShow, release) is pending,
/// so that an unwind can run it inside a larger transition.
struct PendingPop {
    var navigation: ControllerID
    var revealed: ControllerID
    /// Popped instances, top first.
    var popped: [ControllerID]

    /// The delegate's `willShow` for the revealed instance, reported inside the appearance steps.
    var show: NavigationShow { NavigationShow(navigation: navigation, top: revealed) }
}

extension Transaction {
    /// `pushViewController(_:animated:)` (spec §5.3, push order).
    /// Under an on-screen stack whose top presents nothing, the change is found from the old and new
    /// tops' subtrees (``canSwapLocally(under:out:in:)``), not from the whole on-screen lists.
    mutating func push(_ destination: ControllerID, onto navigation: ControllerID, animated: Bool) {
        let oldTop = state[live: navigation].children.last
        let isLocal = canSwapLocally(under: navigation, out: oldTop, in: destination)
        let before = isLocal ? [] : state.onScreen
        let checkedBefore = onScreenForChecking()
        emit(navigation, .pushViewController, .viewController(destination, animated: animated))
        state.update(navigation) { $0.children.append(destination) }
        state.update(destination) { $0.parent = navigation }
        emit(destination, .willMoveToParent, .parent(navigation))
        let change = isLocal ? swapChange(out: oldTop, in: destination) : appearanceChange(from: before)
        assertSameChange(change, before: checkedBefore)
        emitAppearance(change, order: .navigation, animated: animated,
            shows: [NavigationShow(navigation: navigation, top: destination)])
        emit(destination, .didMoveToParent, .parent(navigation))
        emit(navigation, .navigationControllerDidShow, .viewController(destination, animated: animated))
    }

    /// Raises what UIKit raises when a navigation controller is pushed: "Pushing a navigation
    /// controller is not supported". Inside a split view controller UIKit nests one navigation
    /// controller in another (a collapsed split pushes its secondary's onto the primary's), so there
    /// it is allowed: anywhere under a split view, not only when collapsed [decided], so that the
    /// engine never refuses what UIKit might do.
    func checkPushable(_ scene: SceneID, onto navigation: ControllerID) throws(NavigationError) {
        if !isPushable(scene, onto: navigation) { throw .pushingNavigationController(scene, onto: navigation) }
    }

    /// Whether `scene` can be pushed onto `navigation` (see ``checkPushable(_:onto:)``).
    func isPushable(_ scene: SceneID, onto navigation: ControllerID) -> Bool {
        guard state.storyboard.scenes[scene]?.kind == .navigationController else { return true }
        return state.firstStructuralAncestor(of: navigation) { state[live: $0].kind == .splitViewController } != nil
    }

    /// Pops `navigation` down to `keepCount` instances (spec §5.3): pop order for one level, pop-to
    /// order (only the old top and the revealed instance appear or disappear) for several.
    /// Like a push, found from the old top's and the revealed instance's subtrees where that is exact.
    mutating func pop(_ navigation: ControllerID, keeping keepCount: Int, animated: Bool, reportCall: Bool) {
        let stack = state[live: navigation].children
        let isLocal = canSwapLocally(under: navigation, out: stack.last, in: stack[keepCount - 1])
        let before = isLocal ? [] : state.onScreen
        let checkedBefore = onScreenForChecking()
        let pending = beginPop(navigation, keeping: keepCount, animated: animated, reportCall: reportCall)
        let change = isLocal ? swapChange(out: stack.last, in: pending.revealed) : appearanceChange(from: before)
        assertSameChange(change, before: checkedBefore)
        emitAppearance(change, order: .navigation, animated: animated, shows: [pending.show])
        finishPop(pending, animated: animated)
        // One popped instance (a plain pop) needs no flattening.
        let released = pending.popped.count == 1
            ? state.releaseOrder(of: pending.popped[0]) : pending.popped.flatMap { state.releaseOrder(of: $0) }
        release(released)
    }

    /// The structural half of a pop: the call, each popped instance's `willMoveToParent(nil)` and the
    /// stack cut. The caller passes `show` to the appearance steps, which report `willShow`.
    mutating func beginPop(_ navigation: ControllerID, keeping keepCount: Int, animated: Bool, reportCall: Bool) -> PendingPop {
        let stack = state[live: navigation].children
        let revealed = stack[keepCount - 1]
        let popped = Array(stack[keepCount...].reversed())
        if reportCall {
            emit(navigation, .popToViewController, .viewController(revealed, animated: animated))
        }
        for id in popped { emit(id, .willMoveToParent, .parent(nil)) }
        state.update(navigation) { $0.children.removeLast(popped.count) }
        for id in popped { state.update(id) { $0.parent = nil } }
        return PendingPop(navigation: navigation, revealed: revealed, popped: popped)
    }

    /// The completing half of a pop: `didMoveToParent(nil)` and `navigationControllerDidShow`.
    /// The caller releases the popped instances when the whole transition is over.
    mutating func finishPop(_ pending: PendingPop, animated: Bool) {
        for id in pending.popped { emit(id, .didMoveToParent, .parent(nil)) }
        emit(pending.navigation, .navigationControllerDidShow, .viewController(pending.revealed, animated: animated))
    }

    /// `setViewControllers(_:animated:)`: one push-like or pop-like transition chosen by the new top;
    /// instances added below the top do not load (spec §5.3).
    /// Only a stack's top is on screen, so the change is the old and new tops' (like a push's, where
    /// ``canSwapLocally(under:out:in:)`` says so) or none when the top stays: what is added or
    /// removed below it was not on screen and is not after.
    mutating func setViewControllers(_ stack: [ControllerID], on navigation: ControllerID, animated: Bool) {
        let old = state[live: navigation].children
        let keepsTop = old.last == stack.last
        let isLocal = keepsTop || canSwapLocally(under: navigation, out: old.last, in: stack.last!)
        let before = isLocal ? [] : state.onScreen
        let checkedBefore = onScreenForChecking()
        // Long stacks are compared through sets: re-sending N entries searched one list per entry, O(N²).
        let isLong = old.count * stack.count > Self.linearComparisonLimit
        let kept = isLong ? Set(stack) : nil, held = isLong ? Set(old) : nil
        let removed = old.filter { !(kept?.contains($0) ?? stack.contains($0)) }.reversed()
        let added = stack.filter { !(held?.contains($0) ?? old.contains($0)) }
        emit(navigation, .setViewControllers, [.init("viewControllers", .controllers(stack)), .init("animated", .bool(animated))])
        for id in removed { emit(id, .willMoveToParent, .parent(nil)) }
        for id in added { emit(id, .willMoveToParent, .parent(navigation)) }
        state.update(navigation) { $0.children = stack }
        for id in removed { state.update(id) { $0.parent = nil } }
        for id in added { state.update(id) { $0.parent = navigation } }
        let change = !isLocal ? appearanceChange(from: before)
            : keepsTop ? AppearanceChange(disappearing: [], appearing: []) : swapChange(out: old.last, in: stack.last!)
        assertSameChange(change, before: checkedBefore)
        let topChanged = !keepsTop
        emitAppearance(change, order: .navigation, animated: animated,
            shows: topChanged ? [NavigationShow(navigation: navigation, top: stack.last!)] : [])
        for id in added { emit(id, .didMoveToParent, .parent(navigation)) }
        for id in removed { emit(id, .didMoveToParent, .parent(nil)) }
        if topChanged {
            emit(navigation, .navigationControllerDidShow, .viewController(stack.last!, animated: animated))
        }
        release(removed.flatMap { state.releaseOrder(of: $0) })
    }

    /// The navigation controller a request names, or the one above the visible instance.
    func navigationController(_ id: ControllerID?) throws(NavigationError) -> ControllerID {
        try container(id, .navigationController, named: "navigation controller", notOne: NavigationError.notANavigationController)
    }

    /// The container a request names (checked to be of its kind), or the nearest one of that kind on
    /// the visible path.
    func container(
        _ id: ControllerID?, _ kind: SceneKind, named name: String, notOne: (ControllerID) -> NavigationError
    ) throws(NavigationError) -> ControllerID {
        if let id {
            guard state[id] != nil else { throw .unknownInstance(id) }
            guard state[live: id].kind == kind else { throw notOne(id) }
            return id
        }
        // The nearest on the path is the last one of the kind met walking it from the root.
        guard let nearest = state.lastOnVisiblePath(where: { state[live: $0].kind == kind }) else { throw .noContainer(name) }
        assert(
            {
                var walked: ControllerID?
                state.forEachOnVisiblePath { if state[live: $0].kind == kind { walked = $0 } }
                return walked == nearest
            }(), "the nearest \(name) differs from the path's")
        return nearest
    }
}
