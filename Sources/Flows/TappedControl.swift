public import Navigation
public import Storyboard

/// What a flow's `tap "…"` step names, for coverage: the segue or unwind of a control wired to one
/// (counted as that segue, as `segued explore` counts it), or the alternative of the action method
/// of a control that sends one (``ActionKey``). Found as the engine finds the control (its
/// source, exact label before a case-folded one, occurrence), in the state before the tap.
public struct TappedControl: Sendable, Equatable {
    public var segue: SegueKey?
    public var action: ActionKey?

    /// The control `request` taps in `state`; nil when the tap names none the engine would tap
    /// (the engine refuses it).
    public static func find(_ request: Command.TapRequest, in state: NavigationState) -> TappedControl? {
        guard let source = request.source ?? state.defaultTapSource(for: request.control), let instance = state[source] else { return nil }
        let scene = state.storyboard[instance.sceneIndex]
        let all = scene.ui?.labelledControls ?? []
        let tappable = SceneUI.indices(labelled: request.control, in: all).filter { all[$0].isTappable }
        let index: Int
        if let occurrence = request.occurrence {
            guard tappable.indices.contains(occurrence - 1) else { return nil }
            index = tappable[occurrence - 1]
        } else {
            guard tappable.count == 1 else { return nil }
            index = tappable[0]
        }
        let control = all[index]
        if let trigger = control.trigger {
            guard let place = scene.segues.firstIndex(where: trigger.names) else { return nil }
            return TappedControl(segue: SegueKey(scene: scene.id.rawValue, index: place, segue: scene.segues[place]))
        }
        // Its occurrence as ``ActionKey`` counts it: among the tappable controls with its own label.
        let occurrence = all[...index].filter { $0.isTappable && $0.label == control.label }.count
        let key = ActionKey.all(in: scene).first { $0.control == control.label && $0.occurrence == occurrence && $0.when == request.when }
        return key.map { TappedControl(action: $0) }
    }
}

extension Coverage {
    /// What `results` (flows run on `storyboard`) exercised: its segues and unwinds, then its code
    /// actions as `segued explore` counts them (``ActionKey``: those that navigate nowhere are not
    /// counted). An action not tapped says why: `not read from the sources: …` (no tap can perform
    /// it), else the first refusal or silent end of a flow's tap of it, else that no flow taps it.
    public init(_ storyboard: Storyboard, results: [FlowResult]) {
        self.init(segues: SegueKey.all(in: storyboard), exercised: Set(results.flatMap(\.exercised)))
        actions = ActionKey.all(in: storyboard)
        exercisedActions = Set(results.flatMap(\.exercisedActions))
        for key in actions where !exercisedActions.contains(key) {
            actionReasons[key] = key.unread.map { "not read from the sources: \($0)" }
                ?? results.lazy.compactMap { $0.refusedActions[key] }.first ?? "no flow taps it"
        }
    }
}
