import Storyboard

/// The working copy of one command: the state being changed and the events it has caused so far.
/// ``Navigator`` assigns `state` back only when the command succeeds.
struct Transaction {
    var state: NavigationState
    var events: [LifecycleEvent] = []
    var search: [SearchStep] = []

    init(state: consuming NavigationState) {
        self.state = state
        events.reserveCapacity(24)
    }

    var profile: Profile { state.profile }

    /// Ends the transaction, moving its state out.
    consuming func finish() -> NavigationState { state }

    mutating func emit(
        _ id: ControllerID, _ method: EventMethod, _ arguments: consuming EventArguments = .none, result: consuming EventValue? = nil
    ) {
        guard let index = state.instances.index(of: id) else { preconditionFailure("\(id) is not live") }
        emit(id, sceneIndex: state.instances.values[index].sceneIndex, method, arguments, result: result)
    }

    /// Emits for `id` whose scene the caller has already looked up.
    mutating func emit(
        _ id: ControllerID, sceneIndex: SceneIndex, _ method: EventMethod, _ arguments: consuming EventArguments = .none,
        result: consuming EventValue? = nil
    ) {
        events.append(
            LifecycleEvent(
                sequence: state.nextEventSequence, controller: id, sceneIndex: sceneIndex, method: method, arguments: arguments,
                result: result))
        state.nextEventSequence += 1
    }

    /// Emits a search query both as an event and as a step of the search trace.
    mutating func emitSearch(_ id: ControllerID, _ method: EventMethod, _ arguments: EventArguments, result: EventValue) {
        emit(id, method, arguments, result: result)
        // An unwind's search takes seven steps in the demo: room for them at the first, where
        // growing from one reallocated the trace four times.
        if search.isEmpty { search.reserveCapacity(8) }
        search.append(SearchStep(controller: id, method: method, result: result))
    }

    func transcript(
        performed: Bool = true, reason: Transcript.Reason? = nil, reasonDetail: String? = nil,
        segue: SegueDescription? = nil, destination: ControllerID? = nil
    ) -> Transcript {
        Transcript(
            performed: performed, reason: reason, reasonDetail: reasonDetail, segue: segue, destination: destination,
            events: events, search: search)
    }

    // MARK: - Resolving what a request names

    /// `id` when it is live, else `unknownInstance`: checked without copying the instance out (its
    /// arrays and boxes, retained and released again); callers read what they need in place.
    func requireLive(_ id: ControllerID) throws(NavigationError) -> ControllerID {
        guard state.instances.index(of: id) != nil else { throw .unknownInstance(id) }
        return id
    }

    /// The request's source, or the visible instance.
    func source(_ id: ControllerID?) throws(NavigationError) -> ControllerID {
        if let id { return try requireLive(id) }
        guard let visible = state.visible else { throw .sessionEnded }
        return visible
    }

    /// The source of a segue request: the one it names, else the instance that has the segue,
    /// nearest to the visible one (``NavigationState/defaultSource(for:)``).
    /// - Throws: `unknownSegue` naming the visible instance's scene when no instance has it.
    func segueSource(_ id: ControllerID?, _ segue: SegueReference) throws(NavigationError) -> ControllerID {
        if let id { return try requireLive(id) }
        if let found = state.defaultSource(for: segue) { return found }
        let visible = try source(nil)
        throw .unknownSegue(segue, scene: state[sceneOf: visible].id)
    }

    func scene(_ reference: SceneReference) throws(NavigationError) -> Scene {
        switch reference {
        case .storyboardIdentifier(let identifier):
            guard let scene = state.storyboard.scene(storyboardIdentifier: identifier) else {
                throw .unknownScene(reference)
            }
            return scene
        case .scene(let id):
            guard let scene = state.storyboard.scenes[id] else { throw .unknownScene(reference) }
            return scene
        }
    }

    /// Checked before a transition changes anything, so the appearance flags answer
    /// (``NavigationState/isAppeared(_:)``): the on-screen walk made every present O(N) under a
    /// chain of N sheets. Debug builds (the tests) check the flags against the walk.
    func requireOnScreen(_ id: ControllerID) throws(NavigationError) {
        assert(state.isAppeared(id) == state.onScreen.contains(id), "\(id)'s appearance disagrees with the on-screen list")
        guard state.isAppeared(id) else { throw .notInWindowHierarchy(id) }
    }
}
