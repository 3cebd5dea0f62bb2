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

    mutating func append(_ command: Command) {
        guard gap == nil else { return }
        guard commands.count < Self.capacity else {
            giveUp("its walk passed \(Self.capacity) operations, beyond which it is not kept")
            return
        }
        commands.append(command)
        bytes += Self.commandBytes + (command.data?.approximateSize ?? 0)
    }
}
