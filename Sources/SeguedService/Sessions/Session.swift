import Foundation
import HTTPServer
import Navigation
import Storyboard
import Store
import Synchronization

/// One running app: its navigation state behind a lock, so that operations on one session are
/// serialized while different sessions run in parallel on the server's threads.
final class Session: Sendable {
    /// What a session was created with; a `PUT` with the same id must match it.
    struct Configuration: Equatable, Sendable {
        var storyboardID: String
        var profile: Profile
        var traits: Traits
        var initialScene: SceneID?
    }

    struct State: Sendable {
        var navigation: NavigationState
        var log: EventLog
        /// The commands performed since launch, for its flow (``SessionWalk``).
        var walk: SessionWalk
        var idempotency: IdempotencyCache
        var lastUsed: ContinuousClock.Instant
        /// The stack's response for the state as it is, once a client has asked for it (see `stack`).
        var stackDocument: StackDocument?
        /// What this session counts for in the memory budget now (``footprint``); 0 once retired.
        var accounted = 0
        var isRetired = false
        /// Whether the session is being moved to another node (``Session/beginMove()``): changes are
        /// refused from then on, so that the copy the other node takes is the whole session.
        var move = Move.none
        /// Events were logged since the revision last changed: an operation that was not performed
        /// (a segue `shouldPerformSegue` refused) still calls back, which moves the session's
        /// `lastEventSeq` but not its revision. The session document is then no longer the one every
        /// holder of its entity tag got, so `If-None-Match` is answered in full (``noteEvents(of:)``).
        var hasEventsSinceRevision = false
        /// The number of the last idempotency answer stored (`--state-dir`): the store keeps a
        /// session's latest ``IdempotencyRecord/keptPerSession`` by it.
        var idempotencyPosition = 0
        /// Where the session's rows in the store stand (`--state-dir`).
        var stored = StoredProgress()
        /// What ``loadAhead()`` read last: kept, so that the compiler keeps its reads.
        private(set) var loadedAhead = 0

        /// Reads the lines of the state an operation is about to use, before it runs: a session
        /// met cold loads them together rather than one miss after another
        /// (``NavigationState/loadAheadWord()``). Bounded: the ends of the instance store, the
        /// log's tail and the walk's count.
        mutating func loadAhead() {
            loadedAhead = navigation.loadAheadWord() &+ log.loadAheadWord &+ walk.loadAheadWord
        }

        /// Keeps ``hasEventsSinceRevision`` true to what `transcript` did.
        mutating func noteEvents(of transcript: Transcript) {
            if transcript.performed {
                hasEventsSinceRevision = false
            } else if !transcript.events.isEmpty {
                hasEventsSinceRevision = true
            }
        }

        /// The session's share of the memory budget, from what its parts measure: a fixed share,
        /// its live instances, its event log, its client data and its idempotency cache.
        var footprint: Int { Session.footprint(navigation, log) + idempotency.bytes + walk.bytes + stored.rowsBytes }
    }

    /// A session's fixed share of the memory budget: its state, lock, caches and indexes
    /// (bench/engine measures about 4 KB for a launched demo session, its event log apart).
    static let baseBytes = 4096
    /// Each live instance's share (a `Controller` with its strings and arrays).
    static let instanceBytes = 512

    /// The share of a session holding `navigation` and `log` (its idempotency cache apart): what a
    /// fork or a restored snapshot adds to the budget when it is created.
    static func footprint(_ navigation: NavigationState, _ log: EventLog) -> Int {
        baseBytes + navigation.liveCount * instanceBytes + log.size + log.operationsSize + navigation.dataSize
    }

    private enum StackLookup {
        case kept(StackDocument)
        case toWrite(NavigationState)
    }

    /// A stack response, prepared for libmicrohttpd, and the state it describes. A reference, so
    /// that every session's state keeps one word for it (80 bytes less than the value, kept or not).
    final class StackDocument: Sendable {
        let revision: Int
        let nextEventSequence: Int
        let response: Response

        init(revision: Int, nextEventSequence: Int, response: Response) {
            self.revision = revision
            self.nextEventSequence = nextEventSequence
            self.response = response
        }

        func describes(_ navigation: NavigationState) -> Bool {
            revision == navigation.revision && nextEventSequence == navigation.nextEventSequence
        }
    }

    let id: SessionID
    let configuration: Configuration
    /// Its storyboard's event fragments, shared by every session of the storyboard.
    let eventHeaders: EventHeaders
    let limits: Limits
    /// The service's memory budget, which this session's growth is counted in and refused by.
    let memory: MemoryBudget
    /// Internal, not private: a batch (Batch/Session+Batch.swift) runs under the same lock, and
    /// must call ``account(_:)`` after it changes the state.
    let state: Mutex<State>
    /// Its open event streams; operations publish to them only when there are some.
    let feed = SessionFeed()
    /// The state directory's store (`--state-dir`), which each change is written to before it is
    /// answered; `nil` in memory.
    let persistence: Persistence?
    /// Which session under its id, for the store (``SessionRecord/incarnation``); 0 in memory.
    let incarnation: Int

    /// What one session may hold: each bounds memory a client could otherwise grow without end.
    struct Limits: Sendable {
        /// Events kept for `GET …/events`, and their size in bytes beyond the latest operation's.
        var logCapacity: Int
        var logBytes: Int
        /// Live instances beyond which commands that may create more are refused (409).
        var instances: Int
        /// Client data (``NavigationState/dataSize``) beyond which commands handing over more are refused (409).
        var dataBytes: Int
        /// What the walk may hold (``SessionWalk/bytes``) before it stops (``SessionWalk/append(_:byteCapacity:revision:)``).
        var walkBytes: Int = SessionWalk.defaultByteCapacity
    }

    /// A launched session: its log starts with the launch events.
    convenience init(
        id: SessionID, configuration: Configuration, eventHeaders: EventHeaders, navigation: NavigationState, launch: Transcript,
        limits: Limits, memory: MemoryBudget, persistence: Persistence? = nil
    ) {
        var log = EventLog(capacity: limits.logCapacity, byteCapacity: limits.logBytes)
        log.append(contentsOf: launch.events, operation: OperationRecord(.launch, launch, revision: navigation.revision))
        self.init(
            id: id, configuration: configuration, eventHeaders: eventHeaders, navigation: navigation, log: log,
            walk: SessionWalk(), limits: limits, memory: memory, persistence: persistence,
            incarnation: persistence?.nextIncarnation() ?? 0
        )
    }

    /// A session with the given state and log: a fork (the source's log, copied) or a restored
    /// snapshot (an empty log that starts at the snapshot's next event sequence). Its footprint is
    /// counted in the memory budget from the start, whichever way it was made. `walk`: the fork's
    /// source's; a restored snapshot's is unknown (``SessionWalk/gap``), and so is that of a session
    /// made any other way that does not say it (a flow would otherwise start mid-walk and lie).
    init(
        id: SessionID, configuration: Configuration, eventHeaders: EventHeaders, navigation: NavigationState, log: EventLog,
        walk: SessionWalk = .unknown, limits: Limits, memory: MemoryBudget, persistence: Persistence? = nil, incarnation: Int = 0
    ) {
        self.id = id
        self.persistence = persistence
        self.incarnation = incarnation
        self.memory = memory
        self.limits = limits
        self.configuration = configuration
        self.eventHeaders = eventHeaders
        var initial = State(navigation: navigation, log: log, walk: walk, idempotency: IdempotencyCache(), lastUsed: .now, stackDocument: nil)
        initial.accounted = initial.footprint
        memory.adjust(by: initial.accounted)
        state = Mutex(initial)
    }

    /// Gives the session's share of the memory budget back, once it has left the store (deleted,
    /// expired); later changes (a request that found it before) are no longer counted.
    func retire() {
        state.withLock { state in
            guard !state.isRetired else { return }
            state.isRetired = true
            memory.adjust(by: -state.accounted)
            state.accounted = 0
        }
    }

    /// Counts the state's growth or shrinking in the memory budget, after each change.
    func account(_ state: inout State) {
        guard !state.isRetired else { return }
        let footprint = state.footprint
        memory.adjust(by: footprint - state.accounted)
        state.accounted = footprint
    }

    /// Reads the state under the lock.
    func read<T>(_ body: (State) -> T) -> T {
        state.withLock { state in
            state.lastUsed = .now
            return body(state)
        }
    }

    /// Reads the state under the lock without counting as a use: a client polling the list of
    /// sessions would otherwise keep every session from expiring.
    func peek<T>(_ body: (State) -> T) -> T { state.withLock { body($0) } }

    var lastUsed: ContinuousClock.Instant { state.withLock { $0.lastUsed } }

    /// The stack's response. Clients poll the stack far more often than they change it, so the
    /// response is written once per state, handed to libmicrohttpd once (``Response/preparedForReuse()``)
    /// and kept until the next operation; every event moves `nextEventSequence`, so a kept document
    /// can only be returned for the state it was written from. It is written outside the lock, from
    /// a copy of the state (a few retains), so that readers of one session do not wait for each
    /// other's JSON writing.
    ///
    /// When `ifNoneMatch` (an `If-None-Match` field) names the revision the document describes, the
    /// answer is `notModified(revision, length of the document)` instead: the stack is a function
    /// of the revision, since an operation that is not performed changes nothing but the event
    /// counter (the engine's random walks check it).
    func stack(
        ifNoneMatch: String?, notModified: (_ revision: Int, _ length: Int) -> Response,
        respond: (NavigationState) -> Response
    ) -> Response {
        let document = stackDocument(respond: respond)
        if let ifNoneMatch, ETag.matches(ifNoneMatch, revision: document.revision, weakly: true) {
            return notModified(document.revision, document.response.body.count)
        }
        return document.response
    }

    private func stackDocument(respond: (NavigationState) -> Response) -> StackDocument {
        // One lock for both answers: the kept document, or the state to write one from.
        let found: StackLookup = state.withLock { state in
            state.lastUsed = .now
            if let document = state.stackDocument, document.describes(state.navigation) { return .kept(document) }
            return .toWrite(state.navigation)
        }
        let navigation: NavigationState
        switch found {
        case .kept(let document): return document
        case .toWrite(let current): navigation = current
        }
        let document = StackDocument(
            revision: navigation.revision, nextEventSequence: navigation.nextEventSequence,
            response: respond(navigation).preparedForReuse())
        state.withLock { state in
            if document.describes(state.navigation) { state.stackDocument = document }
        }
        return document
    }

    /// Applies `command` under the lock (spec: operations on one session are serialized).
    ///
    /// `If-Match` is checked against the revision first (412 on mismatch); an `Idempotency-Key` seen
    /// before returns the first response again, or 422 when it came with a different request.
    /// The state is assigned only when the engine succeeds, so a failed command changes nothing.
    func perform(
        _ command: Command, ifMatch: String?, idempotency: IdempotencyCache.Key?,
        respond: (Transcript, StackSummary) -> Response
    ) -> Response {
        // Without an Idempotency-Key the response is written after the lock is released, from the
        // transcript and a summary taken under it; with one it is written under the lock, because it must be
        // stored before a retry of the same key can look for it.
        if let idempotency { return performIdempotent(command, ifMatch: ifMatch, idempotency: idempotency, respond: respond) }
        var staged: CommitTicket?
        let outcome: Outcome = state.withLock { state in
            state.loadAhead()
            state.lastUsed = .now
            if let refusal = refusal(command, ifMatch: ifMatch, state) { return .refused(refusal) }
            defer { account(&state) }
            switch apply(command, to: &state, staged: &staged) {
            case .success(let transcript): return .performed(transcript, StackSummary(state.navigation))
            case .failure(let error): return .failed(error)
            }
        }
        // Consumed: switching on the value copied the transcript out of it (its arrays retained)
        // and destroyed both.
        switch consume outcome {
        case .performed(let transcript, let summary):
            // Acknowledged means stored: the answer is held back until its commit.
            guard let staged, let persistence else { return respond(transcript, summary) }
            return persistence.acknowledging(respond(transcript, summary), after: staged)
        case .refused(let problem): return problem.response
        case .failed(let error): return error.problem.response
        }
    }

    /// What happened under the lock, for `perform` to answer after releasing it.
    private enum Outcome {
        case performed(Transcript, StackSummary)
        /// Refused before the engine ran (`If-Match` named another revision, or a limit of ``Limits``).
        case refused(Problem)
        case failed(NavigationError)
    }

    /// Why `command` is refused before the engine runs, if it is: 412 when `If-Match` names a revision
    /// other than the current one; 409 when the instances it asks for would pass the session's limit
    /// (a client pushing in a loop, or sending a new stack of 40,000 entries, would otherwise grow
    /// the session without bound), or when its data would take the instances' data past its limit
    /// (unwinds merge data into the same instance, so the instance limit does not bound it). The
    /// data is counted whole, as if none of its keys replaced one already held: the engine has not
    /// run yet to say which would.
    private func refusal(_ command: Command, ifMatch: String?, _ state: State) -> Problem? {
        if let ifMatch, !ETag.matches(ifMatch, revision: state.navigation.revision) {
            return .revisionConflict(expected: ifMatch, current: state.navigation.revision)
        }
        if let refusal = moveRefusal(command, state) { return refusal }
        if let persistence, let refusal = persistence.refusal { return refusal }
        return limitRefusal(command, state.navigation)
    }

    /// The limits part of ``refusal(_:ifMatch:_:)``, against `navigation` (a batch's state so far).
    func limitRefusal(_ command: Command, _ navigation: NavigationState) -> Problem? {
        let live = navigation.liveCount, asked = command.instancesAsked
        // A tap creates instances only if its control does: asked of the engine for taps alone.
        let mayCreate = if case .tap = command { navigation.mayCreateInstances(command) } else { command.mayCreateInstances }
        if mayCreate, live + asked > limits.instances {
            return .tooManyInstances(limit: limits.instances, live: live, asked: asked)
        }
        if let data = command.data {
            let held = navigation.dataSize, adding = data.approximateSize
            if held + adding > limits.dataBytes { return .tooMuchData(limit: limits.dataBytes, held: held, adding: adding) }
        }
        // The memory budget: a command that may add instances or data is refused once the service
        // holds its budget (what it would add is not known before the engine runs: at least one
        // instance's share, or the data's size).
        if mayCreate || command.data != nil {
            let adding = max(Session.instanceBytes * max(asked, 1), command.data?.approximateSize ?? 0)
            if memory.wouldPass(adding: adding) { return .memoryBudgetExceeded(limit: memory.limit, held: memory.accounted, adding: adding) }
        }
        return nil
    }

    /// Runs the engine on the session's state in place: `Navigator.apply` changes nothing when it
    /// throws, and applying to a copy made its buffers shared, so every operation copied them.
    /// With a store, the operation is queued for it under the lock, after the log has it (`staged`:
    /// the ticket to wait for).
    private func apply(_ command: Command, to state: inout State, staged: inout CommitTicket?) -> Result<Transcript, NavigationError> {
        do throws(NavigationError) {
            let transcript = try Navigator.apply(command, to: &state.navigation)
            let name = Self.operationName(command)
            state.noteEvents(of: transcript)
            state.walk.append(command, byteCapacity: limits.walkBytes, revision: state.navigation.revision)
            let record = OperationRecord(name, transcript, revision: state.navigation.revision, command: command)
            let appendedAt = persistence == nil ? nil : state.log.appendOffset
            state.log.append(contentsOf: transcript.events, operation: record)
            if let persistence, !state.isRetired {
                staged = persistence.stage(self, &state, [AppendedOperation(record: record, events: transcript.events, appendedAt: appendedAt)])
            }
            state.stackDocument = nil
            if feed.hasSubscribers { publish(name, transcript, state.navigation, command: command) }
            return .success(transcript)
        } catch {
            return .failure(error)
        }
    }

    private func performIdempotent(
        _ command: Command, ifMatch: String?, idempotency: IdempotencyCache.Key,
        respond: (Transcript, StackSummary) -> Response
    ) -> Response {
        var staged: CommitTicket?
        let answered = state.withLock { state in
            state.lastUsed = .now
            switch state.idempotency.lookup(idempotency) {
            case .hit(let response, let ticket):
                // Answered as the first was: once its change is stored.
                staged = ticket
                return response
            case .reused: return Problem.idempotencyKeyReused(idempotency.key).response
            case .miss: break
            }
            state.loadAhead()
            if let refusal = refusal(command, ifMatch: ifMatch, state) { return refusal.response }
            let response: Response
            switch apply(command, to: &state, staged: &staged) {
            case .success(let transcript): response = respond(transcript, StackSummary(state.navigation))
            case .failure(let error): response = error.problem.response
            }
            if let persistence, !state.isRetired { staged = persistence.stageAnswer(self, &state, idempotency, response) }
            state.idempotency.store(response, for: idempotency, ticket: staged)
            account(&state)
            return response
        }
        guard let staged, let persistence else { return answered }
        return persistence.acknowledging(answered, after: staged, failed: forgetAnswer(idempotency))
    }

    /// A commit that failed makes `key`'s stored answer its problem (issue 53).
    func forgetAnswer(_ key: IdempotencyCache.Key) -> @Sendable (Response) -> Void {
        { [self] problem in state.withLock { $0.idempotency.replace(key, with: problem) } }
    }
}

/// `ETag` values are the session revision as a strong entity tag (RFC 9110 §8.8.3).
enum ETag {
    /// Written by `EntityTag` into the string's storage: concatenating `String(revision)` and the
    /// quotes made three strings for every operation's answer.
    static func value(_ revision: Int) -> String { EntityTag.strong(revision) }

    /// Whether an `If-Match` field value names `revision` (or is `*`). `weakly` compares as
    /// `If-None-Match` does (RFC 9110 §8.8.3.2): `W/"5"` names revision 5 too.
    static func matches(_ field: String, revision: Int, weakly: Bool = false) -> Bool {
        let tags = field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let current = value(revision)
        return tags.contains { tag in tag == "*" || tag == current || (weakly && tag == "W/" + current) }
    }
}
