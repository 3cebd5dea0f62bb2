import Storyboard

extension Transaction {
    /// The style UIKit uses for `requested` in the session's traits (spec §3, §4.2, §5.5, §5.6).
    /// A popover adapts in compact width to `adaptive` (the segue's answer) or `fullScreen`. The
    /// current-context styles do not adapt: an iPhone log shows an embedded child that defines the
    /// context present `overCurrentContext` itself (docs/behaviour-notes.md §5.5).
    func adaptedStyle(_ requested: PresentationStyle, adaptive: PresentationStyle?) -> PresentationStyle {
        // `none` is only an adaptation answer; asked for as a style it presents full screen.
        let style = requested == .automatic ? profile.automaticStyle : (requested == .none ? .fullScreen : requested)
        guard state.traits.horizontalSizeClass == .compact else { return style }
        switch style {
        case .pageSheet, .formSheet: return profile.hasCardSheets ? style : .fullScreen
        case .popover:
            switch adaptive {
            case .none?, .popover?: return .popover
            case .overFullScreen?: return .overFullScreen
            default: return .fullScreen
            }
        default: return style
        }
    }

    /// The instance that presents when `caller` calls `present` with `style` (spec §5.5).
    func presentingInstance(for caller: ControllerID, style: PresentationStyle) -> ControllerID {
        var presenting: ControllerID
        if style.usesPresentationContext {
            presenting = state.firstStructuralAncestor(of: caller) { state[live: $0].definesPresentationContext } ?? state.windowRoot!
        } else {
            presenting = state.layerRoot(of: caller)
        }
        while let presented = state[live: presenting].presented { presenting = presented }
        return presenting
    }

    /// `present(_:animated:)` from `caller` (spec §5.5, §5.6).
    /// - Throws: `notInWindowHierarchy` when the caller's view is not on screen.
    mutating func present(
        _ destination: ControllerID, from caller: ControllerID, style requested: PresentationStyle,
        adaptive: PresentationStyle?, animated: Bool
    ) throws(NavigationError) {
        try requireOnScreen(caller)
        let style = adaptedStyle(requested, adaptive: adaptive)
        if requested == .popover, state.traits.horizontalSizeClass == .compact {
            emit(caller, .adaptivePresentationStyle, result: .string(style == .popover ? "none" : style.rawValue))
        }
        let presenting = presentingInstance(for: caller, style: style)
        // The presenter on screen (nearly always: the caller is), the change is found from the two
        // subtrees involved; otherwise from the whole on-screen list.
        let isPresenterOnScreen = state.isAppeared(presenting)
        let before = isPresenterOnScreen ? [] : state.onScreen
        // Debug builds (the tests) check the shortcut against the whole-list comparison.
        var checkedBefore: [ControllerID] = []
        assert({ checkedBefore = state.onScreen; return true }())
        let base = state.presentationBase(below: presenting)
        emit(presenting, .present, .viewController(destination, animated: animated))
        state.update(presenting) { $0.presented = destination }
        state.presentations.append(destination)
        state.update(destination) {
            $0.setPresentation(PresentationLinks(
                presenting: presenting, caller: caller, base: base, requestedStyle: requested, style: style, adaptiveStyle: adaptive))
        }
        state.countPresentation(calledBy: caller, by: 1)
        let change =
            isPresenterOnScreen
            ? presentationChange(of: destination, by: presenting, coversPresenter: style.removesPresenterView)
            : appearanceChange(from: before)
        assert(
            {
                let after = state.onScreen
                return change.disappearing == checkedBefore.filter { !after.contains($0) }
                    && change.appearing == after.filter { !checkedBefore.contains($0) }
            }(), "the presentation's appearance change differs from the on-screen lists'")
        emitAppearance(change, order: .modal, animated: animated)
    }

    /// The appearance change of a presentation whose presenter is on screen, found without the
    /// on-screen list: a present onto a chain of N sheets (all N on screen) built and compared lists
    /// of N, so building the chain was O(N²). It is the change ``appearanceChange(from:)`` finds:
    /// the on-screen rule (``NavigationState/onScreen``) appends the new layer's visible subtree
    /// after everything else and, for a style that removes the presenter's view, takes out the
    /// presenter's visible subtree, which sits in the list in its own order; nothing else moves.
    private mutating func presentationChange(of destination: ControllerID, by presenting: ControllerID, coversPresenter: Bool) -> AppearanceChange {
        var disappearing: [ControllerID] = []
        if coversPresenter {
            disappearing = state.visibleSubtree(of: presenting)
            disappearing.removeAll { !state.isAppeared($0) }
        }
        // Views load in on-screen order as instances enter (spec §4.3); a view that loads may embed
        // new children on screen, so then the subtree is taken again.
        var appearing = state.visibleSubtree(of: destination)
        let createdBefore = state.createdCount
        for id in appearing where !state[live: id].isViewLoaded { loadView(id) }
        if state.createdCount != createdBefore {
            appearing = state.visibleSubtree(of: destination)
            loadEmbeddedViews(in: &appearing, where: { _ in true }, retake: { $0.visibleSubtree(of: destination) })
        }
        return AppearanceChange(disappearing: disappearing, appearing: appearing)
    }

    /// Detaches the presentation rooted at `presented` (and everything presented above it):
    /// the `dismiss` call on the presenting instance. Returns what to release, in order.
    /// A person's dismissal (a pulled sheet, a tap outside a popover) makes no `dismiss` call:
    /// `reportCall` false.
    mutating func detachPresentation(_ presented: ControllerID, animated: Bool, reportCall: Bool = true) -> [ControllerID] {
        let presenting = state[live: presented].presenting!
        if reportCall { emit(presenting, .dismiss, .viewController(presented, animated: animated)) }
        let released = state.releaseOrder(of: presented)
        // What `presented` and its subtree presented came after it: only the layers from it up are
        // searched, so dismissing the top of N layers does not pass over the N below.
        let start = state.presentations.lastIndex(of: presented)!
        if released.count == 1 {
            state.presentations.remove(at: start)
        } else {
            let kept = NavigationState.withMembership(of: released) { isReleased in state.presentations[start...].filter { !isReleased($0) } }
            state.presentations.replaceSubrange(start..., with: kept)
        }
        if let caller = state[live: presented].presentationCaller { state.countPresentation(calledBy: caller, by: -1) }
        state.update(presenting) { $0.presented = nil }
        state.update(presented) {
            $0.presenting = nil
            $0.presentationBase = nil
        }
        return released
    }

    /// `dismiss(animated:)` of the presentation rooted at `presented` (spec §5.5).
    /// The top layer's dismissal finds its change from its own and its presenter's subtrees
    /// (``canDismissLocally(_:)``), not from the whole on-screen lists.
    mutating func dismiss(_ presented: ControllerID, animated: Bool) {
        let isLocal = canDismissLocally(presented)
        let presenting = state[live: presented].presenting!
        let uncovers = state[live: presented].presentationStyle?.removesPresenterView == true
        let before = isLocal ? [] : state.onScreen
        let checkedBefore = onScreenForChecking()
        let released = detachPresentation(presented, animated: animated)
        let change = isLocal ? dismissalChange(of: presented, by: presenting, uncovers: uncovers) : appearanceChange(from: before)
        assertSameChange(change, before: checkedBefore)
        emitAppearance(change, order: .modal, animated: animated)
        release(released)
    }

    /// What `dismiss(animated:)` on `id` dismisses (spec §5.5 "Which chain `dismiss` acts on"): the
    /// presentation made from it or from one of its ancestors in its layer (`presentedViewController`
    /// counts those), with everything above it and nothing below; only when there is none, the
    /// presentation `id` is in (its presenter is asked to dismiss it). `nil` when neither exists:
    /// UIKit does nothing.
    func dismissTarget(of id: ControllerID) -> ControllerID? {
        var current: ControllerID? = id
        while let candidate = current {
            if let presented = state[live: candidate].presented { return presented }
            current = state[live: candidate].parent
        }
        let root = state.layerRoot(of: id)
        return state[live: root].isPresentedRoot ? root : nil
    }
}
