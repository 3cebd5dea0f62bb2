import Navigation
import Storyboard

/// The commands a session performed since its launch, in order: what its flow is written from
/// (`GET /v1/sessions/{id}/flow`, ``FlowRecorder``). Only commands the engine performed or ended
/// silently are kept; a refused one changed nothing, so the walk without it leads to the same state.
///
/// The walk is unknown for a session restored from a snapshot (the document holds the state, not
/// how it was reached), and is given up past ``capacity`` commands: a client in a loop would
/// otherwise grow it without end. Either way ``gap`` says why, and the flow is refused.
struct SessionWalk: Sendable {
    /// Commands kept before the walk is given up: a flow of 10,000 steps is far beyond one a person reviews.
    static let capacity = 10_000
    /// A command's share of the memory budget beyond its data: the enum, its strings and ids.
    static let commandBytes = 64
    /// What a walk may hold by default (``bytes``, `--max-walk-bytes`): 8 MiB, 10,000 commands with
    /// about 770 bytes of data each. Writing a walk's flow costs about 75 ms of CPU and 5 bytes of
    /// memory a byte of it (the release binary, 2 cores: a 20 MB walk took 1.5 CPU s and 100 MB more
    /// RSS), so a flow at the default is written in about 0.6 s; at 250 MB it took 39 CPU s and 1.7 GB.
    static let defaultByteCapacity = ServiceConfiguration.defaultMaxWalkBytes

    private(set) var commands: [Command] = []
    /// Why the walk from launch is not known, or `nil` when it is.
    private(set) var gap: String?
    /// The commands' share of the memory budget (their data counted by its size).
    private(set) var bytes = 0

    init(gap: String? = nil) { self.gap = gap }

    /// The walk of a session made without one: not known, so its flow is refused rather than wrong.
    static let unknown = SessionWalk(gap: "how it was reached is not known")

    /// The count, read from the commands' buffer that the next append writes to
    /// (``Session/State/loadAhead()``).
    var loadAheadWord: Int { commands.count }

    /// Gives the walk up: its flow is refused, saying `why`.
    mutating func giveUp(_ why: String) {
        gap = why
        commands = []
        bytes = 0
    }

    /// Adds `command`, performed at `revision`, unless the walk would pass ``capacity`` commands or
    /// `byteCapacity` bytes: then the walk stops there (the session goes on; its flow answers 409 saying why).
    mutating func append(_ command: Command, byteCapacity: Int = defaultByteCapacity, revision: Int? = nil) {
        guard gap == nil else { return }
        // Written only when the walk stops: made on every append, the text was about 1,000
        // instructions of each operation (callgrind, a segue and unwind request).
        func at() -> String { revision.map { " at revision \($0)" } ?? "" }
        guard commands.count < Self.capacity else {
            giveUp("its walk passed \(Self.capacity) operations\(at()), beyond which it is not kept")
            return
        }
        let adding = Self.commandBytes + (command.data?.approximateSize ?? 0)
        guard bytes + adding <= byteCapacity else {
            giveUp("its walk passed \(byteCapacity) bytes of commands and data (--max-walk-bytes)\(at()), beyond which it is not kept")
            return
        }
        commands.append(command)
        bytes += adding
    }
}
