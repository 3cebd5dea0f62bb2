import Navigation

/// What the event stream's `operation` message says of one operation, but the stack: kept in the
/// log beside the operation's events, so that a stream that starts before them (a page opened on
/// a session with history, a client resuming after a cut) is told where each operation began and
/// ended, as a client that was listening then was. Without it, the backlog was one run of
/// callbacks that no client could split by operation.
///
/// Only operations with events are kept: one without any has no run of callbacks to delimit, and
/// keeping those would let a client grow the log without bound (a `back` on a stack of one,
/// repeated). The stack the operation left is not kept: the state has moved on since.
struct OperationRecord: Sendable, Equatable {
    /// The `operation` of CONTRACTS.md §2.
    enum Name: String, Sendable {
        case launch, segue, unwind, action, end
    }

    // Largest fields first: a session keeps one record per operation its log holds, and the
    // declaration order padded each to 152 bytes (128 now).
    /// The session's revision after the operation.
    var revision: Int
    var firstSequence: Int
    var lastSequence: Int
    var search: [SearchStep]
    /// ``tap``'s storage, among the words.
    private var tapStorage: [Transcript.Tap] = []
    var segue: SegueDescription?
    /// The command that made it (`nil` for the launch): the `step` its message names it by, so
    /// that a page watching the session says which action it was (`selectTab 1 user`). Kept as the
    /// command, not its text, so that an operation costs no text until a stream asks for it.
    var command: Command?
    var destination: ControllerID?
    /// A tap's control and action method, for the `operation` message's header: held in an array
    /// (a word) rather than inline (four strings, 72 bytes more a record).
    var tap: Transcript.Tap? {
        get { tapStorage.first }
        set { tapStorage = newValue.map { [$0] } ?? [] }
    }
    var name: Name
    var performed: Bool
    var reason: Transcript.Reason?

    /// The record of an operation whose `transcript` left the session at `revision`; `nil` when it
    /// made no event.
    init?(_ name: Name, _ transcript: Transcript, revision: Int, command: Command? = nil) {
        // The sequence numbers read in place: `events.first` and `.last` copied the two events
        // (their arguments retained and released).
        let events = transcript.events
        guard !events.isEmpty else { return nil }
        let first = events[events.startIndex].sequence, last = events[events.endIndex - 1].sequence
        self.name = name
        self.revision = revision
        performed = transcript.performed
        reason = transcript.reason
        segue = transcript.segue
        destination = transcript.destination
        search = transcript.search
        firstSequence = first
        lastSequence = last
        self.command = command
        tap = transcript.tap
    }
}

extension Session {
    /// The `operation` of CONTRACTS.md §2: segues, unwinds and the end by name, the rest as actions.
    static func operationName(_ command: Command) -> OperationRecord.Name {
        switch command {
        case .performSegue, .performCodeSegue: .segue
        case .unwind: .unwind
        case .end: .end
        default: .action
        }
    }
}
