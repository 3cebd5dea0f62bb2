import Navigation

/// Where a session's rows in the store stand (`--state-dir`), kept in its state under its lock: a
/// session is stored as a snapshot plus the operations made since (``Persistence/stage(_:_:_:)``),
/// and the snapshot is written again ("folded") once they outweigh it.
struct StoredProgress: Sendable {
    /// The next event sequence of the stored snapshot: operations from it on are replayed at start.
    var snapshotSequence = 0
    /// The stored snapshot's size in bytes.
    var snapshotBytes = 0
    /// Operations stored since the snapshot, and their bytes.
    var operations = 0
    var bytes = 0
    /// The store holds no operation of the session whose events all come before this.
    var prunedBefore = 0
    /// The rows of the session's operations in the store, oldest first: the operations table has
    /// no index, so they are deleted by these (pruned, or with the session). A prune costs what it
    /// deletes, not what the session holds (``FrontReleasedArray``).
    private var rows = FrontReleasedArray<StoredRow>()

    /// The rows of the session's walk in the store (``StoredWalkStep``), oldest first.
    var walkRows: [Int] = []
    /// Commands of the session's walk the store holds, or ``walkGapStored`` once it holds the
    /// walk's gap (nothing more is written for it then). A plain Int: an optional took 8 bytes
    /// more of every session's state (SessionLayoutTests).
    var walkStored = 0
    static let walkGapStored = -1

    /// What the rows take, for the memory budget.
    var rowsBytes: Int { rows.capacity * MemoryLayout<StoredRow>.stride + walkRows.capacity * MemoryLayout<Int>.stride }

    mutating func hold(_ row: StoredRow) { rows.append(row) }

    /// Lets go of the oldest rows whose last event comes before `sequence`; returns them.
    mutating func release(before sequence: Int) -> [Int] {
        var released: [Int] = []
        rows.release(while: { $0.lastSequence < sequence }) { released.append($0.row) }
        return released
    }

    /// Lets go of every row held; returns them.
    mutating func releaseAll() -> [Int] { rows.releaseAll().map(\.row) }

    /// Lets go of every walk row held; returns them.
    mutating func releaseWalk() -> [Int] {
        defer { walkRows = [] }
        return walkRows
    }
}

/// One stored operation's row, and the last event it holds (it may go once the log and the
/// snapshot are past it).
struct StoredRow: Sendable, Equatable {
    var row: Int
    var lastSequence: Int
}

/// One operation a change appended to a session's log, for the store: its record (`nil` when it
/// made no event) and its events.
struct AppendedOperation {
    var record: OperationRecord?
    var events: [LifecycleEvent]
    /// The log's ``EventLog/appendOffset`` just before its events were appended, when known: the
    /// store's row copies the bytes the log wrote from there (``EventLog/packedEvents(from:first:count:)``).
    var appendedAt: Int? = nil
}
