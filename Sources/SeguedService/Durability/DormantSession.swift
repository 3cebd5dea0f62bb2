import Navigation
import Synchronization

/// A stored session that the start has indexed but not restored (`--state-dir`): its id,
/// incarnation and storyboard, and the rows of the operations table that are its own. Its state
/// (snapshot, idempotency answers, operations replayed after the snapshot, walk) is read and
/// rebuilt on its first use (``SessionStore/lookup(_:)``), under ``state``'s lock, so that two
/// first uses restore it once and other sessions do not wait.
///
/// Until then it counts in `--max-sessions` as a session, and in the memory budget for an
/// estimate of what it will hold (``Session/baseBytes`` and its stored bytes: snapshot and rows),
/// which its real footprint replaces once restored. What it takes itself is about 300 bytes.
final class DormantSession: Sendable {
    enum Phase: Sendable {
        case dormant
        case restored(Session)
        /// Its rows do not restore (why): it left the sessions, its rows stay in the store.
        case failed(String)
        /// Ended (expired) before it was restored.
        case removed
    }

    struct State: Sendable {
        /// Its operation rows (and the last event of each), in the order they were made.
        var operationRows: [StoredRow] = []
        var walkRows: [Int] = []
        /// What it counts for in the memory budget now.
        var accounted = 0
        var phase = Phase.dormant
    }

    let id: SessionID
    let incarnation: Int
    /// The stored storyboard's id (the ``StoredStoryboard``'s string, shared by its sessions).
    let storyboardID: String
    let lastUsed: ContinuousClock.Instant
    let memory: MemoryBudget
    let state: Mutex<State>

    init(id: SessionID, incarnation: Int, storyboardID: String, snapshotBytes: Int, memory: MemoryBudget) {
        self.id = id
        self.incarnation = incarnation
        self.storyboardID = storyboardID
        self.memory = memory
        lastUsed = .now
        let accounted = Session.baseBytes + snapshotBytes
        memory.adjust(by: accounted)
        state = Mutex(State(accounted: accounted))
    }

    /// Adds one of its stored rows (in row order, at start).
    func attach(row: Int, lastSequence: Int, isWalkStep: Bool, bytes: Int) {
        memory.adjust(by: bytes)
        state.withLock { state in
            if isWalkStep {
                state.walkRows.append(row)
            } else {
                state.operationRows.append(StoredRow(row: row, lastSequence: lastSequence))
            }
            state.accounted += bytes
        }
    }

    /// Gives its share of the memory budget back (it left the sessions, or became a session).
    static func release(_ state: inout State, _ memory: MemoryBudget) {
        memory.adjust(by: -state.accounted)
        state.accounted = 0
    }

    /// Ends it before it was restored (an expiry took it out of the sessions): the rows to delete
    /// with it, or `nil` when they stay (its restore failed: kept for an operator to look at, as
    /// at start; or a restore that won the race made it a session, which ends as sessions do).
    func end() -> (operationRows: [Int], walkRows: [Int])? {
        state.withLock { state in
            Self.release(&state, memory)
            switch state.phase {
            case .dormant, .removed:
                state.phase = .removed
                return (state.operationRows.map(\.row), state.walkRows)
            case .failed, .restored: return nil
            }
        }
    }
}

/// A dormant session made a session by ``SeguedService``'s restore (its clean-up already stored).
struct RestoredSession: Sendable {
    var session: Session
}
