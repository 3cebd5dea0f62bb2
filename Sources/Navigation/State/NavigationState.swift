public import Storyboard

/// A session's whole navigation state: the storyboard it runs and its live instances.
///
/// A value type: a command that fails leaves it exactly as it was (``Navigator/apply(_:to:)``).
public struct NavigationState: Sendable, Equatable {
    /// Read in place from a box: the storyboard is eight references, and the engine moves the
    /// state into every command's transaction and out again, which copied them all each time.
    public var storyboard: Storyboard {
        _read { yield sharedStoryboard.storyboard }
    }
    /// The box, which a daemon shares between every session of a storyboard.
    public let sharedStoryboard: SharedStoryboard
    /// Live instances by id.
    var instances = ControllerStore()
    /// How many instances the session has created: ids are never reused.
    public internal(set) var createdCount = 0
    /// Presented roots in presentation order (bottom to top). Kept rather than found by walking the
    /// tree, because every transition asks for the layers.
    var presentations: [ControllerID] = []
    /// Live split view controllers, whose secondary column must forget a released instance.
    var splits: [ControllerID] = []
    /// Grows by one with every operation that changes the state.
    public internal(set) var revision = 0
    /// The sequence number the next event gets.
    public internal(set) var nextEventSequence = 1
    /// How much client data the live instances hold: the ``JSONValue/approximateSize`` of their
    /// `properties`, entry by entry. Kept as they change, so that the daemon can bound it without
    /// walking the instances.
    public internal(set) var dataSize = 0
    // The small fields last, where they share one word instead of each padding its own (a state
    // per session: 80 bytes, 104 in the declaration order of before; 88 with the boxed transition).
    public internal(set) var windowRoot: ControllerID?
    public let profile: Profile
    public internal(set) var traits: Traits
    public internal(set) var isEnded = false
    /// The gesture in progress, if any (spec §5.12).
    public internal(set) var transition: InteractiveTransition? {
        get { transitionBox?.value }
        set { transitionBox = newValue.map(InteractiveTransitionBox.init) }
    }
    /// Boxed: inline, the optional transition made every session's state 32 bytes larger for what
    /// only a session mid-gesture holds.
    private var transitionBox: InteractiveTransitionBox?

    public init(storyboard: Storyboard, profile: Profile = .ios17, traits: Traits = .phone) {
        self.init(storyboard: SharedStoryboard(storyboard), profile: profile, traits: traits)
    }

    public init(storyboard: SharedStoryboard, profile: Profile = .ios17, traits: Traits = .phone) {
        self.sharedStoryboard = storyboard
        self.profile = profile
        self.traits = traits
    }

    public subscript(id: ControllerID) -> Controller? { instances[id] }

    /// Live instances in creation order.
    public var controllers: [Controller] { instances.values }

    /// How many instances are live.
    public var liveCount: Int { instances.count }

    /// The next id `instantiate` will hand out.
    var nextControllerID: ControllerID { ControllerID(rawValue: createdCount + 1) }

    /// A live instance, read in place: `state[live: id].children` reads one field without copying the
    /// whole `Controller` (its strings, arrays and dictionary). A function returning the instance
    /// copied it at every call, and the copies were a tenth of a push+pop under callgrind.
    subscript(live id: ControllerID) -> Controller {
        _read {
            guard let index = instances.index(of: id) else { preconditionFailure("\(id) is not live") }
            yield instances.values[index]
        }
    }

    /// The children of `id`.
    func children(of id: ControllerID) -> [ControllerID] { self[live: id].children }

    mutating func update(_ id: ControllerID, _ change: (inout Controller) -> Void) {
        instances.modify(id, change)
    }

    /// Consumes `controller`, so that a new instance moves into the store (borrowed, it was copied
    /// there and the caller's destroyed: its references counted twice).
    mutating func insert(_ controller: consuming Controller) {
        precondition(controller.id == nextControllerID)
        let id = controller.id
        let isSplit = controller.kind == .splitViewController
        createdCount += 1
        instances.append(controller)
        if isSplit { splits.append(id) }
    }

    /// Removes a released instance and the references that outlive it: a split column that still
    /// names it (a collapsed secondary popped off the primary navigation stack), and presentations it
    /// called, whose next responder becomes their presenting instance (UIKit's
    /// `presentingViewController`, the caller being gone).
    mutating func remove(_ id: ControllerID) {
        guard let removed = removeInstance(id) else { return }
        forget({ $0 == id }, presentedRootGone: removed.isPresentedRoot, callerGone: removed.presentationsCalled > 0)
    }

    /// Drops the references that outlive released instances, as ``remove(_:)`` does for one, for
    /// instances already taken out one by one with ``removeInstance(_:)``: one pass over the
    /// presentations and splits for all of them, where one pass each made releasing a chain of N
    /// layers O(N²). `presentedRootGone`: whether one of them was still a presented root (in
    /// ``presentations``; a dismissed root is already out of them); `callerGone`: whether one of
    /// them still had presentations it called (``Controller/presentationsCalled``). Without either,
    /// the presentations are not scanned: that scan made every release O(N) under N layers.
    mutating func forgetReleased(_ ids: [ControllerID], presentedRootGone: Bool, callerGone: Bool) {
        Self.withMembership(of: ids) { forget($0, presentedRootGone: presentedRootGone, callerGone: callerGone) }
    }

    /// Calls `body` with a test of membership in `ids`. A few ids (an unwind's dismissed form and its
    /// children) are looked up in the array: building a set for them took about 2,400 instructions
    /// an unwind in `forgetReleased` and 1,200 in `detachPresentation` (callgrind), more than the
    /// passes they serve. Many (a chain of N layers) get the set, so that those passes stay O(N).
    static func withMembership<Result>(of ids: [ControllerID], _ body: ((ControllerID) -> Bool) -> Result) -> Result {
        guard ids.count > idsLookedUpInPlace else { return body { ids.contains($0) } }
        let set = Set(ids)
        return body { set.contains($0) }
    }

    /// Up to how many ids ``withMembership(of:_:)`` looks up in their array rather than in a set.
    static let idsLookedUpInPlace = 8

    /// Takes the instance out of the store (a presented root out of its caller's count); `nil` when
    /// it was not live.
    @discardableResult
    mutating func removeInstance(_ id: ControllerID) -> Controller? {
        guard let removed = instances.remove(id) else { return nil }
        dataSize -= JSONValue.approximateSize(ofEntries: removed.properties)
        if removed.isPresentedRoot, let caller = removed.presentationCaller { countPresentation(calledBy: caller, by: -1) }
        return removed
    }

    /// Changes `caller`'s ``Controller/presentationsCalled`` by `delta`, if it is live.
    mutating func countPresentation(calledBy caller: ControllerID, by delta: Int) {
        guard let index = instances.index(of: caller) else { return }
        instances.modify(at: index) { $0.presentationsCalled += delta }
    }

    /// How many presentations each instance called, as ``presentations`` define it.
    func presentationsCalledByCaller() -> [ControllerID: Int] {
        var counts: [ControllerID: Int] = [:]
        for presented in presentations {
            guard let caller = self[presented]?.presentationCaller else { continue }
            counts[caller, default: 0] += 1
        }
        return counts
    }

    /// Drops the references to released instances (`isGone`) that outlive them.
    private mutating func forget(_ isGone: (ControllerID) -> Bool, presentedRootGone: Bool, callerGone: Bool) {
        splits.removeAll(where: isGone)
        if presentedRootGone { presentations.removeAll(where: isGone) }
        // Fields read in place: `instances[id]` copies the whole instance, once per presentation.
        for split in splits {
            guard let index = instances.index(of: split), instances.values[index].split?.secondary.map(isGone) == true else { continue }
            instances.modify(at: index) { $0.split!.secondary = nil }
        }
        guard callerGone else { return }
        for presented in presentations {
            guard let index = instances.index(of: presented), instances.values[index].presentationCaller.map(isGone) == true else { continue }
            let presenting = instances.values[index].presenting
            instances.modify(at: index) { $0.presentationCaller = presenting }
            if let presenting { countPresentation(calledBy: presenting, by: 1) }
        }
    }

    /// The scene of a live instance, read in place in the storyboard's table: binding it to a local
    /// copies it, so read the fields needed through this subscript.
    subscript(sceneOf id: ControllerID) -> Scene {
        _read { yield storyboard.sceneTable[self[live: id].sceneIndex.position] }
    }

    /// The first segue of `id`'s scene with that identifier or id, found without copying the scene.
    func segue(_ reference: SegueReference, of id: ControllerID) -> Segue? {
        switch reference {
        case .identifier(let identifier): firstSegue(of: id) { $0.identifier == identifier }
        case .id(let segueID): firstSegue(of: id) { $0.id == segueID }
        }
    }

    /// The identifier and id of the first unwind segue of `id`'s scene to `action` (its exit), if
    /// it has one: the two fields read, not the segue copied.
    func unwindSegueNames(forAction action: String, of id: ControllerID) -> (identifier: SegueID?, id: String?)? {
        let position = self[live: id].sceneIndex.position
        guard let index = exitIndex(forAction: action, inSceneAt: position) else { return nil }
        return (storyboard.sceneTable[position].segues[index].identifier, storyboard.sceneTable[position].segues[index].id)
    }

    /// The first embedding segue (``Segue/isEmbedding``) of the scene at `position` from index
    /// `start` on: its index and the fields a view's loading uses, read in place (``Segue/embeds(kind:perform:)``
    /// on the stored fields: `isEmbedding`, asked of the segue, copied it first).
    func embeddingSegue(inSceneAt position: Int, from start: Int) -> (index: Int, destination: SceneID, identifier: SegueID?, kind: SegueKind, id: String?)? {
        let count = storyboard.sceneTable[position].segues.count
        for index in start..<Swift.max(start, count) {
            let kind = storyboard.sceneTable[position].segues[index].kind
            guard Segue.embeds(kind: kind, perform: storyboard.sceneTable[position].segues[index].perform),
                  let destination = storyboard.sceneTable[position].segues[index].destination else { continue }
            return (index, destination, storyboard.sceneTable[position].segues[index].identifier, kind,
                    storyboard.sceneTable[position].segues[index].id)
        }
        return nil
    }

    /// Whether `id`'s scene has an unwind segue to `action`.
    func hasUnwindSegue(forAction action: String, of id: ControllerID) -> Bool {
        exitIndex(forAction: action, inSceneAt: self[live: id].sceneIndex.position) != nil
    }

    /// The index of the first unwind segue to `action` in the scene at `position`, its fields
    /// compared in place: `firstIndex(where:)` copied every segue it passed, its seven strings
    /// retained and released (an unwind request asks it to find its source, then its exit).
    private func exitIndex(forAction action: String, inSceneAt position: Int) -> Int? {
        let count = storyboard.sceneTable[position].segues.count
        for index in 0..<count
        where storyboard.sceneTable[position].segues[index].kind == .unwind && storyboard.sceneTable[position].segues[index].action == action {
            return index
        }
        return nil
    }

    /// The first segue of `id`'s scene that `matches`, copied out alone: `first(where:)` (and
    /// `for segue in segues`) copied every segue it passed, retaining its strings, which every
    /// session of the storyboard shares and every server thread therefore writes.
    private func firstSegue(of id: ControllerID, where matches: (Segue) -> Bool) -> Segue? {
        let position = self[live: id].sceneIndex.position
        guard let index = storyboard.sceneTable[position].segues.firstIndex(where: matches) else { return nil }
        return storyboard.sceneTable[position].segues[index]
    }
}

/// A storyboard held by reference, immutable, so that copying a state retains one object, and so
/// that the sessions of one storyboard can share one box: a box of its own took 96 bytes of an idle
/// demo session's 4 KB.
public final class SharedStoryboard: Sendable, Equatable {
    public let storyboard: Storyboard

    public init(_ storyboard: Storyboard) { self.storyboard = storyboard }

    public static func == (lhs: SharedStoryboard, rhs: SharedStoryboard) -> Bool { lhs === rhs || lhs.storyboard == rhs.storyboard }
}
