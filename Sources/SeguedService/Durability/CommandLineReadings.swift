import Flows
import Navigation
import Synchronization

/// What recent flow lines read back to, so that ``Persistence/stage(_:_:_:)``, which checks that
/// every stored operation's command reads back from its line (a start replays it from there), does
/// not parse the same line again and again: a prototype or a harness repeats the same few segues.
///
/// Sound by construction: a slot holds a line with what ``FlowCommandParser`` made of it, and the
/// parser is deterministic, so a line found here reads back to exactly the command it holds. A
/// line not found is parsed (and remembered in its slot, replacing what was there). Bounded:
/// ``slotCount`` lines at most, whatever the sessions do.
///
/// Parsing the line for every operation was 3.7% of the daemon's CPU under bench/durability's
/// cycle at `--fsync everysec` (perf, release binary): about 2.8 µs of the ~77 µs of a request.
final class CommandLineReadings: Sendable {
    static let slotCount = 256
    private let slots = Mutex<[(line: String, command: Command)?]>(Array(repeating: nil, count: slotCount))

    /// What `line` reads back to (``FlowCommandParser/parse(_:)``), `nil` when it does not read:
    /// how a start reads the stored operations' and walks' lines, most of them repeats.
    ///
    /// Parsing every line took 9% of the CPU of a start of 100,000 demo sessions (operations) and
    /// 5% (walks): perf, release binary (issue 52).
    func command(of line: String) -> Command? {
        let slot = Int(UInt(bitPattern: line.hashValue) % UInt(Self.slotCount))
        if let known = slots.withLock({ $0[slot] }), known.line == line { return known.command }
        guard let parsed = try? FlowCommandParser.parse(line) else { return nil }
        slots.withLock { $0[slot] = (line, parsed) }
        return parsed
    }

    /// Whether `line` reads back (``FlowCommandParser/parse(_:)``) to `command`.
    func reads(_ line: String, as command: Command) -> Bool {
        let slot = Int(UInt(bitPattern: line.hashValue) % UInt(Self.slotCount))
        if let known = slots.withLock({ $0[slot] }), known.line == line { return known.command == command }
        guard let parsed = try? FlowCommandParser.parse(line) else { return false }
        slots.withLock { $0[slot] = (line, parsed) }
        return parsed == command
    }
}
