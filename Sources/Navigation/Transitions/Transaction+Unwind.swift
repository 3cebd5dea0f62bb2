import Storyboard

extension Transaction {
    /// Performs an unwind (spec §5.10) named by its action or by an unwind segue's identifier; with no
    /// source, from the instance ``NavigationState/defaultSource(for:)`` chooses.
    mutating func unwind(_ request: Command.UnwindRequest) throws(NavigationError) -> Transcript {
        switch request.target {
        case .segue(let identifier):
            let reference = SegueReference.identifier(identifier)
            let source = try segueSource(request.source, reference)
            guard let segue = state.segue(reference, of: source) else {
                throw .unknownSegue(reference, scene: state[sceneOf: source].id)
            }
            guard segue.kind == .unwind, let action = segue.action else {
                throw .wrongSegueKind(reference, expected: "an unwind segue", found: segue.kind)
            }
            return try unwind(
                action: action, identifier: identifier, id: segue.id, from: source, trigger: request.trigger,
                shouldPerform: request.shouldPerform, sender: .null, data: request.data, animated: request.animated)
        case .action(let action):
            let source: ControllerID
            if let named = request.source {
                source = try requireLive(named)
            } else {
                source = try self.source(state.defaultSource(forUnwindAction: action))
            }
            let segue = state.unwindSegueNames(forAction: action, of: source)
            return try unwind(
                action: action, identifier: segue?.identifier, id: segue?.id, from: source, trigger: request.trigger,
                shouldPerform: request.shouldPerform, sender: .null, data: request.data, animated: request.animated)
        }
    }

    /// The unwind itself, however it was named (an unwind request, or `performSegue(withIdentifier:)`
    /// with an unwind segue's identifier, spec §5.10 step 0): `shouldPerformSegue` when triggered as
    /// the storyboard would, the search, prepare, the action, and one transition that dismisses,
    /// pops and selects on the way to the destination.
    mutating func unwind(
        action: String, identifier: SegueID?, id: String?, from source: ControllerID, trigger: Trigger, shouldPerform: Bool?,
        sender: JSONValue, data: JSONValue?, animated: Bool
    ) throws(NavigationError) -> Transcript {
        if trigger == .storyboard { try requireOnScreen(source) }
        if trigger == .storyboard, !profile.usesLegacyUnwindSearch {
            let answer = shouldPerform ?? identifier.flatMap { state[sceneOf: source].shouldPerformSegue[$0.rawValue] } ?? true
            let name: EventValue = identifier.map { .string($0.rawValue) } ?? .null
            emit(source, .shouldPerformSegue, .identifierSender(name, sender: .json(sender)), result: .bool(answer))
            guard answer else { return transcript(performed: false, reason: .shouldPerformSegueReturnedFalse) }
        }

        let found = profile.usesLegacyUnwindSearch
            ? legacySearch(action, from: source) : search(action, from: source)
        guard let (destination, builder) = found.map({ ($0.0, $0.1) }) else {
            return transcript(performed: false, reason: .noUnwindDestination, reasonDetail: noDestinationDetail(action))
        }
        let description = SegueDescription(
            identifier: identifier, kind: .unwind, source: source, destination: destination, id: id)
        if let builder {
            emit(builder, .segueForUnwinding,
                [.init("toViewController", .controller(destination)), .init("fromViewController", .controller(source)),
                 .init("identifier", identifier.map { .string($0.rawValue) } ?? .null)])
        }
        emit(source, .prepareForSegue, .segueSender(description, sender: .json(sender)))
        hand(data, to: destination)
        emit(destination, .unwindAction, .actionSegue(action, description))
        emit(source, .performSegue, .segue(description))
        if destination != source {
            unwindTransition(from: source, to: destination, reportSteps: builder == nil, animated: animated)
        }
        return transcript(segue: description, destination: destination)
    }

    private func noDestinationDetail(_ action: String) -> String {
        state.storyboard.implementedActions.contains(action)
            ? "no instance on the source's responder chain can perform \(action)"
            : "no class known to the storyboard implements \(action)"
    }

    /// `canPerformUnwindSegueAction(_:from:sender:)`: the scene's override, else "the class implements
    /// the action" (and, in ios17/ios18, "and I am not the source").
    private func canPerform(_ action: String, at candidate: ControllerID, source: ControllerID) -> Bool {
        if let override = state[sceneOf: candidate].canPerformUnwindSegueAction[action] { return override }
        if profile.sourceCannotUnwindToItself, candidate == source { return false }
        return state.storyboard.implements(action, sceneAt: state[live: candidate].sceneIndex.position)
    }

    private mutating func askCanPerform(_ action: String, at candidate: ControllerID, source: ControllerID) -> Bool {
        let answer = canPerform(action, at: candidate, source: source)
        emitSearch(candidate, .canPerformUnwindSegueAction, .actionFrom(action, source), result: .bool(answer))
        return answer
    }

    /// Children in the order a search visits them: a navigation stack from the top.
    private func searchOrder(_ id: ControllerID) -> [ControllerID] {
        state[live: id].kind == .navigationController ? state[live: id].children.reversed() : state[live: id].children
    }

    /// The iOS 9+ search (spec §5.10 step 2): the source is asked too, then each next responder
    /// outwards, each candidate's allowed children depth-first, then the candidate itself. Where the
    /// source was presented by a container on behalf of a child (the caller is not the presenting
    /// instance), devices ask the caller before the source (docs/behaviour-notes.md §5.10).
    private mutating func search(_ action: String, from source: ControllerID) -> (ControllerID, ControllerID?)? {
        // A chain is a few instances: an array searched linearly beats hashing into a set.
        var sourceChain: [ControllerID] = []
        // Room for a typical chain at once: grown from one, the array was reallocated three times
        // an unwind.
        sourceChain.reserveCapacity(8)
        sourceChain.append(source)
        var current = source
        while let next = state.nextResponder(of: current) {
            sourceChain.append(next)
            current = next
        }
        var firstSteps = [source]
        var candidate = state.nextResponder(of: source)
        // Read in place: binding the instance to a local copied it.
        if let caller = state[live: source].presentationCaller, state[live: source].isPresentedRoot,
            caller != state[live: source].presenting
        {
            firstSteps = [caller, source]
            candidate = state.nextResponder(of: caller)
        }
        for node in firstSteps {
            if let found = searchSubtree(node, action: action, source: source, sourceChain: sourceChain) {
                return (found, nil)
            }
        }
        while let node = candidate {
            if let found = searchSubtree(node, action: action, source: source, sourceChain: sourceChain) {
                return (found, nil)
            }
            candidate = state.nextResponder(of: node)
        }
        return nil
    }

    private mutating func searchSubtree(
        _ node: ControllerID, action: String, source: ControllerID, sourceChain: [ControllerID]
    ) -> ControllerID? {
        let allowed = searchOrder(node).filter { !sourceChain.contains($0) }
        emitSearch(node, .allowedChildrenForUnwinding, .instance(.source, source), result: .controllers(allowed))
        for child in allowed {
            if let found = searchSubtree(child, action: action, source: source, sourceChain: sourceChain) { return found }
        }
        return askCanPerform(action, at: node, source: source) ? node : nil
    }

    /// TN2298's search (ios8): each responder's `viewControllerForUnwindSegueAction` asks its direct
    /// children (a navigation stack from the top, the source included), then itself. Returns the
    /// destination and the responder that found it, which builds the segue.
    private mutating func legacySearch(_ action: String, from source: ControllerID) -> (ControllerID, ControllerID?)? {
        var candidate = state.nextResponder(of: source)
        while let responder = candidate {
            let asked = searchOrder(responder) + [responder]
            let found = asked.first { canPerform(action, at: $0, source: source) }
            emitSearch(responder, .viewControllerForUnwindSegueAction, .actionFrom(action, source), result: .optional(found))
            for id in asked {
                if askCanPerform(action, at: id, source: source) { return (id, responder) }
            }
            candidate = state.nextResponder(of: responder)
        }
        return nil
    }

    /// The unwind's one transition (spec §5.10 steps 6–7): the highest presentation on the source side
    /// is dismissed, each container on the way down to the destination pops or selects, and appearance
    /// follows the outermost change. Popped instances are released before dismissed ones.
    private mutating func unwindTransition(
        from source: ControllerID, to destination: ControllerID, reportSteps: Bool, animated: Bool
    ) {
        let before = state.onScreen
        let destinationChain = state.structuralAncestry(of: destination)
        let sourceChain = state.structuralAncestry(of: source)
        let ancestor = sourceChain.first { destinationChain.contains($0) }!
        let dismissedRoot = sourceChain.prefix { $0 != ancestor }.last { state[live: $0].isPresentedRoot }
        let dismissed = dismissedRoot.map { detachPresentation($0, animated: animated) } ?? []

        let downward = Array(destinationChain.prefix { $0 != ancestor }.reversed())
        var pops: [PendingPop] = []
        var tabChanged = false
        for (container, next) in zip([ancestor] + downward, downward) {
            if reportSteps { emit(container, .unwindForSegue, .instance(.towards, next)) }
            let controller = state[live: container]
            guard let index = controller.children.firstIndex(of: next) else { continue }
            if controller.isNavigationController, index < controller.children.count - 1 {
                pops.append(beginPop(container, keeping: index + 1, animated: animated, reportCall: true))
            } else if controller.isTabBarController, controller.selectedIndex != index {
                state.update(container) { $0.selectedIndex = index }
                tabChanged = true
            }
        }
        let order: AppearanceOrder = dismissedRoot != nil ? .modal : (tabChanged ? .tab : .navigation)
        emitAppearance(appearanceChange(from: before), order: order, animated: animated, shows: pops.map(\.show))
        for pop in pops { finishPop(pop, animated: animated) }
        release(pops.flatMap { $0.popped.flatMap { state.releaseOrder(of: $0) } })
        release(dismissed)
    }
}
