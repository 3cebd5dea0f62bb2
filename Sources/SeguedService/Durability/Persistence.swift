import Foundation
import HTTPServer
import Navigation
import Storyboard
import Store
import Synchronization

/// What the service writes to its ``DurableStore`` (`--state-dir`), and how the store's failures
/// answer: a session is stored as its latest snapshot (the `segued.snapshot/1` document), written
/// after every change and committed before the change is answered; a storyboard as its normalized
/// document, with its id and warnings.
///
/// Without `--state-dir` the service has none, and no request pays anything for it.
final class Persistence: Sendable {
    let store: DurableStore
    /// False until ``SeguedService/recover()`` has read the store: until then `/readyz` answers 503
    /// and `/v1/` requests `loading`, so that nobody sees (or changes) a half-loaded daemon.
    private let loaded = Atomic<Bool>(false)

    /// The next ``Session/incarnation``: from the wall clock in microseconds at start, so that it
    /// grows across restarts, and past every incarnation loaded (``noteLoaded(incarnation:)``).
    private let incarnations: Atomic<Int>

    init(store: DurableStore) {
        self.store = store
        incarnations = Atomic(Int(Date().timeIntervalSince1970 * 1_000_000))
    }

    func nextIncarnation() -> Int { incarnations.wrappingAdd(1, ordering: .relaxed).newValue }

    func noteLoaded(incarnation: Int) { _ = incarnations.max(incarnation, ordering: .relaxed) }

    var isLoaded: Bool { loaded.load(ordering: .acquiring) }
    func markLoaded() { loaded.store(true, ordering: .releasing) }

    /// The session as the store keeps it: its configuration and state as a snapshot document.
    static func record(_ session: Session, _ navigation: NavigationState) -> SessionRecord {
        let document = SnapshotDocument(
            storyboardID: session.configuration.storyboardID, initialScene: session.configuration.initialScene,
            navigation: navigation.snapshot())
        var writer = JSONWriter(capacity: 1024 + 256 * navigation.liveCount)
        writer.snapshot(document)
        return SessionRecord(
            id: session.id.rawValue, incarnation: session.incarnation, storyboardID: session.configuration.storyboardID, revision: navigation.revision,
            eventSequence: navigation.nextEventSequence, snapshot: writer.bytes)
    }

    static func record(_ stored: StoredStoryboard) -> StoryboardRecord {
        var writer = JSONWriter(capacity: 256)
        writer.array { w in for warning in stored.warnings { w.string(warning) } }
        return StoryboardRecord(id: stored.id, document: stored.normalized, warnings: writer.bytes)
    }

    /// Queues the session's state; called under the session's lock, so that the writes of one
    /// session reach the writer in the order they were made.
    func stage(_ session: Session, _ navigation: NavigationState) -> CommitTicket {
        store.commit([.session(Self.record(session, navigation))])
    }

    /// `response`, held back until the batch of `ticket` has committed (the server suspends its
    /// connection meanwhile: no thread waits), or replaced with the problem of why it was not stored.
    func acknowledging(_ response: Response, after ticket: CommitTicket) -> Response {
        let gate = ResponseGate()
        store.whenCommitted(ticket) { error in gate.open(replacing: error.map { Problem.notStored($0).response }) }
        var held = response
        held.gate = gate
        return held
    }

    /// The refusal of a change before it is made, while the disk is full: reads go on.
    var refusal: Problem? {
        store.isRefusingWrites ? .insufficientStorage(directory: store.directory) : nil
    }
}

extension Problem {
    /// The disk of the state directory is full: nothing of the request was stored.
    static func insufficientStorage(directory: String) -> Problem {
        Problem(.insufficientStorage, detail: "The disk holding the state directory (\(directory)) is full: the change was not stored. Reads go on; writes resume once space is freed.")
    }

    /// A change that was made in memory but not stored (`error` says why): answered with this rather
    /// than as done, since a restart would not have it.
    static func notStored(_ error: StoreError) -> Problem {
        switch error {
        case .diskFull: Problem(.insufficientStorage, detail: "The disk holding the state directory is full: the change was not stored (\(error)). Reads go on; writes resume once space is freed.")
        default: Problem(.shuttingDown, detail: "The change was not stored: \(error).")
        }
    }

    /// `/v1/` while the store is read at start.
    static func loading() -> Problem {
        Problem(.loading, detail: "segued is reading its state directory; retry shortly (GET /readyz answers 200 once it has).")
    }
}
