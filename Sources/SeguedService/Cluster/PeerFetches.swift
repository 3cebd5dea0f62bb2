import Dispatch
import Synchronization

/// The storyboard fetches of a node of a cluster (issue 53, item 1): bounded in number, run off
/// libmicrohttpd's threads, one per reference however many requests wait for it, and the misses
/// remembered for a while.
///
/// A request that needs a storyboard the node lacks is not answered on its thread: its response is
/// held back by a ``ResponseGate`` (the connection suspended, no thread waiting) while a worker asks
/// the peer, then answered again (``SeguedService/handle(_:)``). Before this, a fetch held a request
/// thread for up to 5 s behind one lock per node: six clients asking for random ids stalled every
/// node of a cluster, the nodes' threads waiting on each other through the front.
final class PeerFetches: Sendable {
    /// Fetches running at once (each a blocking HTTP exchange on a worker thread of its own).
    static let concurrentFetches = 4
    /// References waiting for a worker; past this a request is answered at once from what the node
    /// holds (its 404 says the peers were not asked).
    static let queuedFetches = 64
    /// Requests held back for fetches at once; past this, likewise answered at once.
    static let heldRequests = 512
    /// How long a reference no peer had answers 404 at once: long enough to absorb a client asking
    /// for unknown ids in a loop, short enough that a storyboard uploaded to another node meanwhile
    /// is found soon after.
    static let missMemory: Duration = .seconds(10)
    static let rememberedMisses = 4096

    private struct State {
        var running = 0
        var queue: [(reference: String, fetch: @Sendable (String) -> Bool)] = []
        /// Per reference being fetched (queued or running): what to do when it is done.
        var waiting: [String: [@Sendable () -> Void]] = [:]
        var held = 0
        var misses: [String: ContinuousClock.Instant] = [:]
    }

    private let state = Mutex(State())

    /// Whether no peer had `reference` a moment ago.
    func missedRecently(_ reference: String) -> Bool {
        state.withLock { state in
            guard let until = state.misses[reference] else { return false }
            if until > .now { return true }
            state.misses[reference] = nil
            return false
        }
    }

    /// Runs `then` (on a worker thread) once `reference` has been fetched or missed; false, and
    /// nothing runs, when too many fetches or requests wait already. `fetch` asks the peer for a
    /// reference and keeps what it gets; whether it did.
    func whenFetched(_ reference: String, fetch: @escaping @Sendable (String) -> Bool, then: @escaping @Sendable () -> Void) -> Bool {
        let start = state.withLock { state -> Bool? in
            guard state.held < Self.heldRequests else { return nil }
            if state.waiting[reference] != nil {
                state.waiting[reference]!.append(then)
                state.held += 1
                return false
            }
            guard state.queue.count < Self.queuedFetches else { return nil }
            state.waiting[reference] = [then]
            state.held += 1
            guard state.running < Self.concurrentFetches else {
                state.queue.append((reference, fetch))
                return false
            }
            state.running += 1
            return true
        }
        guard let start else { return false }
        if start { DispatchQueue.global().async { [self] in work(reference, fetch) } }
        return true
    }

    /// Fetches `reference`, then whatever was queued meanwhile, until the queue is empty.
    private func work(_ first: String, _ firstFetch: @escaping @Sendable (String) -> Bool) {
        var next: (reference: String, fetch: @Sendable (String) -> Bool)? = (first, firstFetch)
        while let item = next {
            let reference = item.reference
            let found = item.fetch(reference)
            let waiters = state.withLock { state -> [@Sendable () -> Void] in
                if !found { remember(miss: reference, in: &state) }
                let waiters = state.waiting.removeValue(forKey: reference) ?? []
                state.held -= waiters.count
                if state.queue.isEmpty {
                    state.running -= 1
                    next = nil
                } else {
                    next = state.queue.removeFirst()
                }
                return waiters
            }
            for waiter in waiters { waiter() }
        }
    }

    private func remember(miss reference: String, in state: inout State) {
        let now = ContinuousClock.now
        if state.misses.count >= Self.rememberedMisses {
            state.misses = state.misses.filter { $0.value > now }
            // Still full of live misses (ids asked for in a flood): the oldest half goes.
            if state.misses.count >= Self.rememberedMisses {
                let keep = state.misses.sorted { $0.value > $1.value }.prefix(Self.rememberedMisses / 2)
                state.misses = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
            }
        }
        state.misses[reference] = now + Self.missMemory
    }
}
