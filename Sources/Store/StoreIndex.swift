/// What the start reads of a stored session (``DurableStore/loadIndex(storyboards:sessions:rows:)``):
/// enough to know it exists and to count it, not its snapshot, which is read on its first use
/// (``StoreSessionReader``).
public struct SessionIndexRecord: Sendable, Equatable {
    public var id: String
    public var incarnation: Int
    public var storyboardID: String
    public var revision: Int
    public var eventSequence: Int
    /// The stored snapshot's size in bytes (`length(snapshot)`: SQLite reads it from the row's
    /// header, without the snapshot's overflow pages).
    public var snapshotBytes: Int

    public init(id: String, incarnation: Int, storyboardID: String, revision: Int, eventSequence: Int, snapshotBytes: Int) {
        self.id = id
        self.incarnation = incarnation
        self.storyboardID = storyboardID
        self.revision = revision
        self.eventSequence = eventSequence
        self.snapshotBytes = snapshotBytes
    }
}

/// A row of the operations table as the start reads it: whose it is and its size, not its body.
public struct StoredRowIndex: Sendable, Equatable {
    public var row: Int
    public var session: String
    public var incarnation: Int
    /// Whether it is a step of the session's walk (``StoredWalkStep``) rather than an operation.
    public var isWalkStep: Bool
    public var lastSequence: Int
    public var bytes: Int

    public init(row: Int, session: String, incarnation: Int, isWalkStep: Bool, lastSequence: Int, bytes: Int) {
        self.row = row
        self.session = session
        self.incarnation = incarnation
        self.isWalkStep = isWalkStep
        self.lastSequence = lastSequence
        self.bytes = bytes
    }
}

/// One session's stored rows, read on its first use: its snapshot, its idempotency answers (in the
/// order stored), and the operation and walk rows asked for, in row order. `nil` rows are rows
/// asked for that the store no longer holds.
public struct StoredSession: Sendable {
    public var record: SessionRecord
    public var keys: [IdempotencyRecord]
    public var operations: [StoredOperation]
    public var walkSteps: [StoredWalkStep]
}

extension DurableStore {
    /// Reads every stored storyboard (whole), then each session's id, incarnation, storyboard,
    /// revision and snapshot size in id order, then each row of the operations table without its
    /// body, in row order: what a start needs to know the sessions and to count them, in time
    /// proportional to their number rather than to what they hold. Call once, before writing.
    /// - Throws: ``StoreError/damaged(path:detail:)`` when a page read is damaged.
    public func loadIndex(
        storyboards: (StoryboardRecord) -> Void, sessions: (SessionIndexRecord) -> Void, rows: (StoredRowIndex) -> Void
    ) throws(StoreError) {
        try withLoaderConnection { connection throws(SQLiteError) in
            let boards = try connection.prepare("SELECT id, document, warnings FROM storyboards ORDER BY id")
            while try boards.step() {
                storyboards(StoryboardRecord(id: boards.text(0) ?? "", document: boards.blob(1), warnings: boards.blob(2)))
            }
            let stored = try connection.prepare(
                "SELECT id, incarnation, storyboard, revision, event_sequence, length(snapshot) FROM sessions ORDER BY id")
            while try stored.step() {
                sessions(SessionIndexRecord(
                    id: stored.text(0) ?? "", incarnation: stored.int(1), storyboardID: stored.text(2) ?? "", revision: stored.int(3),
                    eventSequence: stored.int(4), snapshotBytes: stored.int(5)))
            }
            let table = try connection.prepare(
                "SELECT rowid, session, incarnation, first_sequence, last_sequence, length(body) FROM operations ORDER BY rowid")
            while try table.step() {
                rows(StoredRowIndex(
                    row: table.int(0), session: table.text(1) ?? "", incarnation: table.int(2),
                    isWalkStep: table.int(3) == StoreSchema.walkStepSequence, lastSequence: table.int(4), bytes: table.int(5)))
            }
        }
    }
}
