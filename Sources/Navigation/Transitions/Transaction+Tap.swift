import Storyboard

/// A person's tap on a control (spec §5.13): the control is found by its label in the scene's UI;
/// one wired to a segue or an unwind performs it as the storyboard does, one that sends an action
/// performs what the action method's code calls, read from the app's sources. All of a tap's
/// operations are one command: one transcript, one revision, all or none (``Navigator`` runs a tap
/// on a copy of the state, since its second call may fail after the first changed it).
extension Transaction {
    mutating func tap(_ request: Command.TapRequest) throws(NavigationError) -> Transcript {
        let source = try tapSource(request)
        let control = try tappedControl(request, of: source)
        try requireOnScreen(source)
        var tap = Transcript.Tap(control: control.label, selector: control.action?.selector, source: control.action?.source)
        if let trigger = control.trigger {
            // Exactly a storyboard-triggered segue (`POST …/segues` with trigger storyboard).
            var transcript = try performSegue(Command.SegueRequest(segue: Self.reference(trigger), source: source, trigger: .storyboard))
            tap.selector = nil
            tap.source = nil
            transcript.tap = tap
            return transcript
        }
        guard let action = control.action else { throw .notTappable(control.label, scene: state[sceneOf: source].id) }
        let operations = try Self.operations(of: action, when: request.when, control: control.label)
        tap.when = request.when
        guard !operations.isEmpty else {
            var transcript = transcript(
                performed: false, reason: .runsAppCodeOnly,
                reasonDetail: "runs app code only: \(action.selector) makes no navigation call")
            transcript.tap = tap
            return transcript
        }
        var performed = false
        var last = transcript(performed: false)
        var segue: SegueDescription?
        var destination: ControllerID?
        // `navigationController` as the method reads it: a pop leaves it set until the transition
        // ends, so the calls after a pop still reach the same navigation controller.
        let navigation = state.enclosingNavigationController(of: source)
        for operation in operations {
            last = try run(operation, from: source, navigation: navigation, control: control.label)
            performed = performed || last.performed
            segue = last.segue ?? segue
            destination = last.destination ?? destination
        }
        var transcript = transcript(
            performed: performed, reason: performed ? nil : last.reason, reasonDetail: performed ? nil : last.reasonDetail,
            segue: segue, destination: destination)
        transcript.tap = tap
        return transcript
    }

    /// The instance whose control is tapped: the one the request names, else the visible one when
    /// its scene has a control with that label, else the nearest one a person can touch that has
    /// one (``NavigationState/touchableInstances``), else the visible one (to say what it has).
    private func tapSource(_ request: Command.TapRequest) throws(NavigationError) -> ControllerID {
        if let id = request.source { return try requireLive(id) }
        let visible = try source(nil)
        func has(_ id: ControllerID) -> Bool { !(state[sceneOf: id].ui?.controls(labelled: request.control).isEmpty ?? true) }
        if has(visible) { return visible }
        return state.touchableInstances.first(where: has) ?? visible
    }

    /// The control the request names among the source's scene's.
    private func tappedControl(_ request: Command.TapRequest, of source: ControllerID) throws(NavigationError) -> LabelledControl {
        let ui = state[sceneOf: source].ui ?? SceneUI()
        let scene = state[sceneOf: source].id
        let named = ui.controls(labelled: request.control)
        let tappable = named.filter(\.isTappable)
        func labels() -> [String] {
            ui.labelledControls.filter(\.isTappable).map(\.label).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        if let occurrence = request.occurrence {
            guard tappable.indices.contains(occurrence - 1) else {
                throw .unknownControl(request.control, occurrence: occurrence, scene: scene, labels: labels())
            }
            return tappable[occurrence - 1]
        }
        guard let first = tappable.first else {
            if let control = named.first { throw .notTappable(control.label, scene: scene) }
            throw .unknownControl(request.control, occurrence: nil, scene: scene, labels: labels())
        }
        guard tappable.count == 1 else { throw .ambiguousControl(request.control, scene: scene, candidates: tappable.map(Self.describe)) }
        return first
    }

    /// What a candidate of an ambiguous tap does, for the problem's `candidates`.
    private static func describe(_ control: LabelledControl) -> String {
        if let trigger = control.trigger {
            let name = trigger.identifier.map { "'\($0)'" } ?? trigger.id.map { "with id '\($0)'" } ?? trigger.action ?? "?"
            return trigger.kind == .unwind ? "unwind segue \(name)" : "segue \(name)"
        }
        guard let action = control.action else { return "nothing" }
        return action.source.map { "\(action.selector) (\($0))" } ?? action.selector
    }

    /// The segue a control's trigger names: by its id in the file when it has one, as a page names it.
    private static func reference(_ trigger: UITrigger) -> SegueReference {
        if let id = trigger.id { return .id(id) }
        if let identifier = trigger.identifier { return .identifier(identifier) }
        // An unwind known by its action alone (a segued JSON storyboard without ids).
        return .identifier(SegueID(trigger.action ?? ""))
    }

    /// The operations a tap of `action` runs, in order: those outside any branch, and the chosen
    /// alternative's, with those of the branches it is nested in (`a` is taken with `a and b`).
    /// - Throws: `choiceRequired` when the action has alternatives and `when` is nil,
    ///   `unknownChoice` when it names none of them, `actionUnread` when a call taken was not read.
    static func operations(of action: CodeAction, when: String?, control: String) throws(NavigationError) -> [CodeOperation] {
        let choices = action.choices
        let taken: [CodeOperation]
        if let when {
            guard choices.contains(when) else { throw .unknownChoice(control, when: when, choices: choices) }
            taken = action.performs.filter { operation in
                guard let condition = operation.when else { return true }
                return condition == when || when.hasPrefix(condition + " and ")
            }
        } else {
            guard choices.isEmpty else { throw .choiceRequired(control, choices: choices) }
            taken = action.performs
        }
        let reasons: [String] = taken.compactMap { operation in
            switch operation.kind {
            case .unread(let reason): reason
            case .call(let selector, _): "calls \(selector), which was not followed"
            default: nil
            }
        }
        guard reasons.isEmpty else { throw .actionUnread(control, reasons: reasons) }
        return taken
    }

    /// One call of an action's body, made on `source` as the code makes it on `self`.
    /// One call of an action's body, made on `source` as the code makes it on `self`; `navigation`
    /// is its `navigationController` when the tap began. A call made on `source` after an earlier
    /// one released it (popped or dismissed) finds it out of the window: UIKit does nothing.
    private mutating func run(
        _ operation: CodeOperation, from source: ControllerID, navigation: ControllerID?, control: String
    ) throws(NavigationError) -> Transcript {
        let isLive = state.instances.index(of: source) != nil
        if !isLive, operation.kind.callsOnSelf { return transcript(performed: false, reason: .notInWindowHierarchy) }
        switch operation.kind {
        case .dismiss:
            guard isLive else { return transcript(performed: false, reason: .nothingToDismiss) }
            return try run(.dismiss(source, animated: true))
        case .pop:
            return try run(.pop(navigation: try live(navigation), animated: true))
        case .popToRoot:
            return try run(.popToRoot(navigation: try live(navigation), animated: true))
        case .segue(let identifier):
            return try run(.performSegue(.init(segue: .identifier(SegueID(identifier)), source: source, trigger: .programmatic)))
        case .instantiate(.present, let identifier, let storyboard):
            return try run(.present(reference(identifier, storyboard), from: source, style: nil, data: nil, animated: true))
        case .instantiate(.push, let identifier, let storyboard):
            guard let navigation, state.instances.index(of: navigation) != nil else { throw .pushWithoutNavigationController(source) }
            return try run(.push(reference(identifier, storyboard), navigation: navigation, data: nil, animated: true))
        case .instantiate(let presentation, let identifier, let storyboard):
            // `show(_:sender:)` / `showDetailViewController(_:sender:)`: a segue's transition without
            // the segue's callbacks.
            let kind: SegueKind = presentation == .show ? .show : .showDetail
            let scene = try scene(reference(identifier, storyboard))
            try checkPerformable(kind, perform: nil, from: source, destination: scene.id)
            let destination = instantiate(scene.id)
            try runForward(
                kind: kind, perform: nil, source: source, destination: destination, style: scene.modalPresentationStyle,
                adaptive: nil, animated: true)
            return transcript()
        case .unread(let reason):
            // Refused before anything ran (``operations(of:when:control:)``); here for completeness.
            throw .actionUnread(control, reasons: [reason])
        case .call(let selector, _):
            throw .actionUnread(control, reasons: ["calls \(selector), which was not followed"])
        }
    }

    /// The source's `navigationController`, still live.
    private func live(_ navigation: ControllerID?) throws(NavigationError) -> ControllerID {
        guard let navigation, state.instances.index(of: navigation) != nil else { throw .noContainer("navigation controller") }
        return navigation
    }

    /// `instantiateViewController(withIdentifier:)` of the controller's storyboard, or of
    /// `UIStoryboard(name: storyboard, …)` when the upload has a storyboard of that name.
    private func reference(_ identifier: String, _ storyboard: String?) -> SceneReference {
        if let storyboard, let ids = state.storyboard.scenesByDocument[storyboard],
            let id = ids.first(where: { state.storyboard.scenes[$0]?.storyboardIdentifier == identifier })
        {
            return .scene(id)
        }
        return .storyboardIdentifier(identifier)
    }
}

extension CodeOperation.Kind {
    /// Whether the call is made on the controller itself (a segue, a presentation, a show), not
    /// on its navigation controller nor a dismissal.
    fileprivate var callsOnSelf: Bool {
        switch self {
        case .segue, .instantiate(.present, _, _), .instantiate(.show, _, _), .instantiate(.showDetail, _, _): true
        case .dismiss, .pop, .popToRoot, .instantiate(.push, _, _), .unread, .call: false
        }
    }
}
