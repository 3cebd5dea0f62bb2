import Storyboard

extension Transaction {
    /// Performs a storyboard segue (spec §5.2).
    mutating func performSegue(_ request: Command.SegueRequest) throws(NavigationError) -> Transcript {
        let source = try segueSource(request.source, request.segue)
        guard let segue = state.segue(request.segue, of: source) else {
            throw .unknownSegue(request.segue, scene: state[sceneOf: source].id)
        }
        if request.trigger == .programmatic, segue.identifier == nil, case .id(let id) = request.segue {
            throw .segueWithoutIdentifier(id: id, scene: state[sceneOf: source].id)
        }
        switch segue.kind {
        case .unwind:
            // TN2298: "An unwind segue can be triggered by sending a -performSegueWithIdentifier:sender:
            // message to the scene's view controller" (spec §5.10 step 0).
            guard let action = segue.action else {
                throw .wrongSegueKind(request.segue, expected: "an unwind segue with an action", found: .unwind)
            }
            return try unwind(
                action: action, identifier: segue.identifier, id: segue.id, from: source, trigger: request.trigger,
                shouldPerform: request.shouldPerform, sender: request.sender, data: request.data,
                animated: request.animated ?? segue.animates)
        case .relationship, .embed:
            throw .segueNotPerformable(request.segue, kind: segue.kind)
        case .custom where segue.perform == .embed:
            throw .segueNotPerformable(request.segue, kind: segue.kind)
        default:
            break
        }
        if request.trigger == .storyboard { try requireOnScreen(source) }
        let offScreen = try checkPerformable(
            segue.kind, perform: segue.perform, from: source, destination: segue.destination!, trigger: request.trigger)
        if request.trigger == .storyboard {
            // A segue without an identifier is asked about with nil (UIKit passes the segue's
            // identifier as it is); the storyboard's answers are by identifier, so it takes the default.
            let answer = request.shouldPerform
                ?? segue.identifier.flatMap { state[sceneOf: source].shouldPerformSegue[$0.rawValue] } ?? true
            let identifier: EventValue = segue.identifier.map { .string($0.rawValue) } ?? .null
            emit(source, .shouldPerformSegue, .identifierSender(identifier, sender: .json(request.sender)), result: .bool(answer))
            guard answer else { return transcript(performed: false, reason: .shouldPerformSegueReturnedFalse) }
        }
        let destination = instantiate(segue.destination!)
        let description = SegueDescription(
            identifier: segue.identifier, kind: segue.kind, source: source, destination: destination, id: segue.id)
        emit(source, .prepareForSegue, .segueSender(description, sender: .json(request.sender)))
        hand(request.data, to: destination)
        emit(source, .performSegue, .segue(description))
        if offScreen { return presentFromOffScreen(destination, from: source, segue: description, animated: request.animated ?? segue.animates) }
        let style = segue.modalPresentationStyle ?? state[sceneOf: destination].modalPresentationStyle
        try runForward(
            kind: segue.kind, perform: segue.perform, source: source, destination: destination,
            style: style, adaptive: segue.adaptivePresentationStyle, animated: request.animated ?? segue.animates)
        return transcript(segue: description)
    }

    /// Performs a segue made in code with `UIStoryboardSegue(identifier:source:destination:performHandler:)`:
    /// the same life cycle without `shouldPerformSegue` (spec §5.2, §5.7).
    mutating func performCodeSegue(_ request: Command.CodeSegueRequest) throws(NavigationError) -> Transcript {
        let source = try self.source(request.source)
        let destinationScene = try scene(request.destination)
        guard request.kind.isForward, request.kind != .custom else { throw .invalidCodeSegueKind(request.kind) }
        let offScreen = try checkPerformable(
            request.kind, perform: nil, from: source, destination: destinationScene.id, trigger: .programmatic)
        let destination = instantiate(destinationScene.id)
        let description = SegueDescription(
            identifier: request.identifier, kind: request.kind, source: source, destination: destination)
        emit(source, .prepareForSegue, .segueSender(description, sender: .null))
        hand(request.data, to: destination)
        emit(source, .performSegue, .segue(description))
        if offScreen { return presentFromOffScreen(destination, from: source, segue: description, animated: request.animated) }
        try runForward(
            kind: request.kind, perform: nil, source: source, destination: destination,
            style: request.modalPresentationStyle ?? destinationScene.modalPresentationStyle, adaptive: nil,
            animated: request.animated)
        return transcript(segue: description)
    }

    /// ``checkPerformable(_:perform:from:destination:)`` for a segue performed with `trigger`.
    /// - Returns: whether the segue, performed in code, presents from a source whose view is not in
    ///   the window: UIKit performs it (the destination made, `prepare(for:sender:)`, `perform()`) and
    ///   its `present` only logs "Attempt to present … whose view is not in the window hierarchy"
    ///   (docs/behaviour-notes.md §5.12 rule 7). A tap (`trigger: storyboard`) there stays an error.
    private func checkPerformable(
        _ kind: SegueKind, perform: CustomPerform?, from source: ControllerID, destination: SceneID,
        trigger: Trigger
    ) throws(NavigationError) -> Bool {
        do {
            try checkPerformable(kind, perform: perform, from: source, destination: destination)
            return false
        } catch {
            guard trigger == .programmatic, case .notInWindowHierarchy(let id) = error, id == source else { throw error }
            return true
        }
    }

    /// The rest of a segue performed in code from off screen: the `present` sent to the source does
    /// nothing, and the destination, held by the segue alone, is released with it.
    private mutating func presentFromOffScreen(
        _ destination: ControllerID, from source: ControllerID, segue: SegueDescription, animated: Bool
    ) -> Transcript {
        emit(source, .present, .viewController(destination, animated: animated))
        release(state.releaseOrder(of: destination))
        return transcript(segue: segue)
    }

    /// Raises what UIKit raises before anything happens: a push segue with no navigation controller,
    /// a navigation controller pushed, a presentation from an instance not in the window. Every check
    /// that can fail runs here, before the first change, which is what lets ``Navigator/apply(_:to:)``
    /// work in place.
    func checkPerformable(
        _ kind: SegueKind, perform: CustomPerform?, from source: ControllerID, destination: SceneID
    ) throws(NavigationError) {
        switch (kind, perform) {
        case (.push, _), (.custom, .push?):
            guard let navigation = pushTarget(of: source) else { throw .pushWithoutNavigationController(source) }
            try checkPushable(destination, onto: navigation)
        case (.presentation, _), (.modal, _), (.popoverPresentation, _), (.popover, _), (.custom, .present?):
            try requireOnScreen(source)
        case (.show, _):
            // The first handler up from the source, as `show` finds it: a navigation controller
            // pushes; with none (and no split view controller) show presents from the source.
            let handler = state.firstStructuralAncestor(of: source) {
                state[live: $0].kind == .navigationController || state[live: $0].split != nil
            }
            // A navigation controller shown from a stack is presented (docs/behaviour-notes.md
            // §5.3, decided): checked as a presentation.
            if let handler, state[live: handler].kind == .navigationController, isPushable(destination, onto: handler) {
                return
            } else if handler == nil || state[live: handler!].kind == .navigationController {
                try requireOnScreen(source)
            }
        case (.showDetail, _), (.replace, _):
            if let split = state.firstStructuralAncestor(of: source, where: { state[live: $0].split != nil }) {
                // Collapsed with a compact column, it is a show from the source there (see
                // showInCompactColumn): checked here, before any callback, as a show is.
                if let columns = state[live: split].split, columns.isCollapsed, columns.compact != nil {
                    if let navigation = compactColumnNavigation(from: source, in: split) {
                        try checkPushable(destination, onto: navigation)
                    } else {
                        try requireOnScreen(source)
                    }
                }
            } else {
                try requireOnScreen(source)
            }
        default:
            break
        }
    }

    /// The navigation controller a push segue from `source` pushes onto: the source itself when it
    /// is one, else the nearest one containing it; `nil` when there is none (UIKit raises).
    private func pushTarget(of source: ControllerID) -> ControllerID? {
        state[live: source].kind == .navigationController ? source : state.enclosingNavigationController(of: source)
    }

    /// The kind's transition, after `performSegue` (spec §5.3–§5.8).
    mutating func runForward(
        kind: SegueKind, perform: CustomPerform?, source: ControllerID, destination: ControllerID,
        style: PresentationStyle?, adaptive: PresentationStyle?, animated: Bool
    ) throws(NavigationError) {
        switch (kind, perform) {
        case (.show, _):
            try show(destination, from: source, style: style, animated: animated)
        case (.push, _), (.custom, .push?):
            push(destination, onto: pushTarget(of: source)!, animated: animated)
        case (.showDetail, _), (.replace, _):
            try showDetail(destination, from: source, style: style, animated: animated)
        case (.presentation, _), (.modal, _), (.custom, .present?):
            try present(destination, from: source, style: style ?? .automatic, adaptive: nil, animated: animated)
        case (.popoverPresentation, _), (.popover, _):
            try present(destination, from: source, style: .popover, adaptive: adaptive, animated: animated)
        case (.custom, .replaceRoot?):
            replaceWindowRoot(with: destination, animated: animated)
        default:
            break
        }
    }

    /// `show(_:sender:)`: the first instance from the source up (parents, then presenters) that handles
    /// it: a navigation controller pushes, a split view replaces the source's column; with none the
    /// destination is presented (spec §5.3).
    private mutating func show(
        _ destination: ControllerID, from source: ControllerID, style: PresentationStyle?, animated: Bool
    ) throws(NavigationError) {
        var previous: ControllerID?
        var current: ControllerID? = source
        // Walked in place rather than over `structuralAncestry`, which builds an array per segue.
        while let candidate = current {
            // Fields are read in place: binding the instance to a local copied it.
            if state[live: candidate].kind == .navigationController {
                // UIKit cannot push a navigation controller ("Pushing a navigation controller is not
                // supported"); `show` presents it instead (docs/behaviour-notes.md §5.3, decided).
                guard isPushable(state[live: destination].scene, onto: candidate) else { break }
                push(destination, onto: candidate, animated: animated)
                return
            }
            if state[live: candidate].kind == .splitViewController, let columns = state[live: candidate].split {
                if columns.isCollapsed, let navigation = collapsedNavigation(of: candidate) {
                    push(destination, onto: navigation, animated: animated)
                } else {
                    replaceColumn(of: candidate, secondary: previous != columns.primary, with: destination, animated: animated)
                }
                return
            }
            previous = candidate
            current = state.structuralParent(of: candidate)
        }
        try present(destination, from: source, style: style ?? .automatic, adaptive: nil, animated: animated)
    }

    /// `showDetailViewController(_:sender:)`: the nearest split view controller up from the source, or a
    /// modal presentation when there is none (spec §5.4).
    private mutating func showDetail(
        _ destination: ControllerID, from source: ControllerID, style: PresentationStyle?, animated: Bool
    ) throws(NavigationError) {
        // A split view controller without columns (possible in Interface Builder) does not handle it.
        if let split = state.firstStructuralAncestor(of: source, where: { state[live: $0].split != nil }) {
            try showDetail(destination, in: split, from: source, style: style, animated: animated)
        } else {
            try present(destination, from: source, style: style ?? .automatic, adaptive: nil, animated: animated)
        }
    }

    /// A custom segue that sets the window's root view controller: the old hierarchy leaves the screen
    /// and is released, the destination appears (modal order) [decided].
    mutating func replaceWindowRoot(with destination: ControllerID, animated: Bool) {
        let before = state.onScreen
        let old = state.windowRoot!
        let released = state.releaseOrder(of: old)
        state.windowRoot = destination
        let change = appearanceChange(from: before)
        emitAppearance(change, order: .modal, animated: animated)
        release(released)
    }
}
