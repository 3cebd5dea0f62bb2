/// An uploaded storyboard as stored: its content id, its normalized JSON document and its import
/// warnings (bytes the service writes and reads; the store does not look into them).
public struct StoryboardRecord: Sendable, Equatable {
    public var id: String
    public var document: [UInt8]
    public var warnings: [UInt8]

    public init(id: String, document: [UInt8], warnings: [UInt8]) {
        self.id = id
        self.document = document
        self.warnings = warnings
    }
}

/// A session as stored: its latest snapshot (the service's `segued.snapshot/1` document plus what
/// the service adds), with the revision and next event sequence it describes. Each operation
/// replaces the row, so the store holds live state, not history.
public struct SessionRecord: Sendable, Equatable {
    public var id: String
    /// Which session under this id (a deleted id may be given to a new session): increasing with
    /// each session made, across restarts, so that the writes of a deleted session never replace
    /// or delete its successor's.
    public var incarnation: Int
    public var storyboardID: String
    public var revision: Int
    public var eventSequence: Int
    public var snapshot: [UInt8]

    public init(id: String, incarnation: Int, storyboardID: String, revision: Int, eventSequence: Int, snapshot: [UInt8]) {
        self.id = id
        self.incarnation = incarnation
        self.storyboardID = storyboardID
        self.revision = revision
        self.eventSequence = eventSequence
        self.snapshot = snapshot
    }
}

/// The answer a session gave to an `Idempotency-Key`: the request's fingerprint and the response
/// (status, header fields as name NUL value NUL …, body), numbered in the order they were stored.
public struct IdempotencyRecord: Sendable, Equatable {
    public var session: String
    public var incarnation: Int
    public var key: String
    public var position: Int
    public var fingerprint: Int
    public var status: Int
    public var headers: [UInt8]
    public var body: [UInt8]

    public init(
        session: String, incarnation: Int, key: String, position: Int, fingerprint: Int, status: Int, headers: [UInt8], body: [UInt8]
    ) {
        self.session = session
        self.incarnation = incarnation
        self.key = key
        self.position = position
        self.fingerprint = fingerprint
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Keys a session keeps: older ones are deleted as new ones are stored (the service's cache
    /// keeps at most as many).
    public static let keptPerSession = 256
}

/// One change to the store; a batch of them commits in one transaction.
public enum StoreWrite: Sendable {
    case storyboard(StoryboardRecord)
    case deleteStoryboard(id: String)
    /// Replaces the stored session unless the stored one is later (incarnation, revision, then
    /// event sequence).
    case session(SessionRecord)
    /// Deletes the session of that incarnation or an earlier one, with its idempotency keys (its
    /// operations go by their rows: ``deleteOperations(rows:)``).
    case deleteSession(id: String, incarnation: Int)
    /// Stores one operation of a session (``StoredOperation``), replacing any row of its `row`.
    case operation(StoredOperation)
    /// Deletes these rows of the operations table (a session's pruned or ended operations).
    case deleteOperations(rows: [Int])
    /// Stores one step of a session's walk (``StoredWalkStep``), replacing any row of its `row`.
    case walkStep(StoredWalkStep)
    /// Deletes these walk rows (a session's walk given up, or ended).
    case deleteWalkSteps(rows: [Int])
    /// Stores an idempotency key's answer (and forgets the session's keys older than the last
    /// ``IdempotencyRecord/keptPerSession``).
    case idempotent(IdempotencyRecord)
}
