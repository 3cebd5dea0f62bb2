import Storyboard

/// What a person's fingers do (spec §5.12; rulings and sources in docs/behaviour-notes.md §5.12).
extension Transaction {
    /// Refuses what would change the hierarchy while a gesture is in progress, and a finish or cancel
    /// without the gesture begun. `end` (the session closed) is allowed: it releases everything.
    func checkTransition(for command: Command) throws(NavigationError) {
        let phaseOfKind: (kind: InteractiveTransition.Kind, phase: GesturePhase)?
        switch command {
        case .interactivePop(let phase, _): phaseOfKind = (.interactivePop, phase)
        case .pullDown(let phase, _, _): phaseOfKind = (.pullDown, phase)
        case .end: return
        default: phaseOfKind = nil
        }
        if let transition = state.transition {
            guard let phaseOfKind, phaseOfKind.kind == transition.kind, phaseOfKind.phase != .begin else {
                throw .transitionInProgress(transition.kind)
            }
        } else if let phaseOfKind, phaseOfKind.phase != .begin {
            throw .noInteractiveTransition(phaseOfKind.kind)
        }
    }

    // MARK: - The edge swipe back

    /// `interactivePopGestureRecognizer`: the gesture begins a `popViewController(animated:)` whose
    /// transition the finger drives. Begin reports the pop's structural call and will-steps; finish
    /// its did-steps, `didMoveToParent(nil)`, `didShow` and the release; cancel the reverse
    /// will/did steps with no delegate call and no containment call.
    mutating func interactivePop(_ phase: GesturePhase, navigation: ControllerID?) throws(NavigationError) -> Transcript {
        switch phase {
        case .begin: return try beginInteractivePop(navigation)
        case .finish: return finishInteractivePop()
        case .cancel: return cancelInteractivePop()
        }
    }

    /// Cancel: the revealed side goes back off screen (will, did), then the top comes back (will,
    /// did), as logged on a device in wangling.me/2014/02/the-inconsistent-order-of-view-transition-events.html
    /// ("Canceled Interactive Popping": current willDisappear, new willAppear, new willDisappear, new
    /// didDisappear, current willAppear, current didAppear; iOS 7); no delegate call, nothing released
    /// (docs/behaviour-notes.md §5.12 rule 1).
    private mutating func cancelInteractivePop() -> Transcript {
        let transition = state.transition!
        state.transition = nil
        let out = AppearanceChange(disappearing: transition.arriving, appearing: [])
        let back = AppearanceChange(disappearing: [], appearing: transition.leaving)
        emitWillSteps(out, order: .navigation, animated: true)
        emitDidSteps(out, order: .navigation, animated: true)
        emitWillSteps(back, order: .navigation, animated: true)
        emitDidSteps(back, order: .navigation, animated: true)
        return transcript()
    }

    private mutating func beginInteractivePop(_ id: ControllerID?) throws(NavigationError) -> Transcript {
        let navigation = try navigationController(id)
        try requireOnScreen(navigation)
        guard state.layerRoot(of: navigation) == state.layers.last else { throw .coveredByPresentation(navigation) }
        let stack = state[live: navigation].children
        guard stack.count > 1, let top = stack.last else { return transcript(performed: false, reason: .nothingToPop) }
        let before = state.onScreen
        // The pop's structural half (top's `willMoveToParent(nil)`) tells who appears and loads the
        // revealed view if it never loaded; the hierarchy is then put back as it was: the top stays in
        // the stack until the gesture finishes.
        let pending = beginPop(navigation, keeping: stack.count - 1, animated: true, reportCall: false)
        let change = appearanceChange(from: before)
        state.update(navigation) { $0.children.append(top) }
        state.update(top) { $0.parent = navigation }
        emitWillSteps(change, order: .navigation, animated: true, shows: [pending.show])
        state.transition = InteractiveTransition(
            kind: .interactivePop, container: navigation, leaving: change.disappearing, arriving: change.appearing)
        return transcript()
    }

    private mutating func finishInteractivePop() -> Transcript {
        let transition = state.transition!
        state.transition = nil
        let navigation = transition.container
        let top = state[live: navigation].children.last!
        state.update(navigation) { $0.children.removeLast() }
        state.update(top) { $0.parent = nil }
        let revealed = state[live: navigation].children.last!
        emitDidSteps(AppearanceChange(disappearing: transition.leaving, appearing: transition.arriving), order: .navigation, animated: true)
        emit(top, .didMoveToParent, .parent(nil))
        emit(navigation, .navigationControllerDidShow, .viewController(revealed, animated: true))
        release(state.releaseOrder(of: top))
        return transcript()
    }

    /// Cancel: the arriving side goes back off screen and the leaving side comes back, in `order`'s
    /// interleaving; nothing else is called and nothing is released.
    private mutating func cancelTransition(order: AppearanceOrder) -> Transcript {
        let transition = state.transition!
        state.transition = nil
        let back = AppearanceChange(disappearing: transition.arriving, appearing: transition.leaving)
        emitWillSteps(back, order: order, animated: true)
        emitDidSteps(back, order: order, animated: true)
        return transcript()
    }

    // MARK: - Pulling a sheet down, tapping outside a popover

    /// A sheet pulled down from its grab handle (profiles ios17, ios18: iOS 13+ sheets).
    mutating func pullDown(_ phase: GesturePhase, shouldDismiss: Bool?, modalInPresentation: Bool?) -> Transcript {
        switch phase {
        case .begin:
            guard let presented = topPresentation() else { return transcript(performed: false, reason: .nothingToDismiss) }
            let style = state[live: presented].presentationStyle
            guard profile.hasCardSheets, style == .pageSheet || style == .formSheet else {
                return transcript(performed: false, reason: .notInteractivelyDismissible)
            }
            if let refused = askToDismiss(presented, shouldDismiss: shouldDismiss, modalInPresentation: modalInPresentation) {
                return transcript(performed: false, reason: refused)
            }
            let leaving = sheetSide(presented)
            emitWillSteps(AppearanceChange(disappearing: leaving, appearing: []), order: .modal, animated: true)
            state.transition = InteractiveTransition(kind: .pullDown, container: presented, leaving: leaving, arriving: [])
            return transcript()
        case .finish:
            let transition = state.transition!
            state.transition = nil
            let presented = transition.container
            let released = detachPresentation(presented, animated: true, reportCall: false)
            emitDidSteps(AppearanceChange(disappearing: transition.leaving, appearing: transition.arriving), order: .modal, animated: true)
            emit(presented, .presentationControllerDidDismiss)
            release(released)
            return transcript()
        case .cancel:
            return cancelTransition(order: .modal)
        }
    }

    /// A tap outside a popover (regular width): the delegate's questions (iOS 13+ profiles), then the
    /// popover's dismissal, with no `dismiss` call; no phase to cancel.
    mutating func tapOutside(shouldDismiss: Bool?, modalInPresentation: Bool?) -> Transcript {
        guard let presented = topPresentation() else { return transcript(performed: false, reason: .nothingToDismiss) }
        guard state[live: presented].presentationStyle == .popover else {
            return transcript(performed: false, reason: .notInteractivelyDismissible)
        }
        let asksDelegate = profile.hasCardSheets
        if asksDelegate, let refused = askToDismiss(presented, shouldDismiss: shouldDismiss, modalInPresentation: modalInPresentation) {
            return transcript(performed: false, reason: refused)
        }
        let leaving = sheetSide(presented)
        let released = detachPresentation(presented, animated: true, reportCall: false)
        emitAppearance(AppearanceChange(disappearing: leaving, appearing: []), order: .modal, animated: true)
        if asksDelegate { emit(presented, .presentationControllerDidDismiss) }
        release(released)
        return transcript()
    }

    private func topPresentation() -> ControllerID? {
        let layers = state.layers
        return layers.count > 1 ? layers.last : nil
    }

    /// The presented side on screen: a sheet or popover leaves its presenter on screen, so only its
    /// own layer goes.
    private func sheetSide(_ presented: ControllerID) -> [ControllerID] {
        state.visibleSubtree(of: presented).filter { state.isAppeared($0) }
    }

    /// `isModalInPresentation` → `presentationControllerDidAttemptToDismiss`; else
    /// `presentationControllerShouldDismiss`, a false answer → `…DidAttemptToDismiss`; a true one →
    /// `presentationControllerWillDismiss`. Returns why the dismissal stops, or nil when it goes on.
    private mutating func askToDismiss(_ presented: ControllerID, shouldDismiss: Bool?, modalInPresentation: Bool?) -> Transcript.Reason? {
        if modalInPresentation == true {
            emit(presented, .presentationControllerDidAttemptToDismiss)
            return .modalInPresentation
        }
        let answer = shouldDismiss ?? true
        emit(presented, .presentationControllerShouldDismiss, result: .bool(answer))
        guard answer else {
            emit(presented, .presentationControllerDidAttemptToDismiss)
            return .dismissalRefused
        }
        emit(presented, .presentationControllerWillDismiss)
        return nil
    }
}
