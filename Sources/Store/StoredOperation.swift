/// One operation of a session as stored (schema 4): its row, its events, the record the event stream's
/// backlog tells a late client, and the command that made it, in bytes the service writes and reads
/// (the store does not look into them). Rows live as long as the session's event log holds their
/// events, or as long as its stored snapshot does not yet include them: a session is its latest
/// snapshot plus the operations after it, replayed through the engine at start.
public struct StoredOperation: Sendable, Equatable {
    /// Its `rowid`, which the service gives (growing in the order operations are made, so that rows
    /// are appended) and keeps with its session, to delete the row by it: the table has no index.
    public var row: Int
    public var session: String
    public var incarnation: Int
    /// The sequence numbers of the first and last event the row holds.
    public var firstSequence: Int
    public var lastSequence: Int
    public var body: [UInt8]

    public init(row: Int, session: String, incarnation: Int, firstSequence: Int, lastSequence: Int, body: [UInt8]) {
        self.row = row
        self.session = session
        self.incarnation = incarnation
        self.firstSequence = firstSequence
        self.lastSequence = lastSequence
        self.body = body
    }
}

/// One step of a session's walk as stored (schema 5; schema 6 keeps it in the operations table): the commands a change performed, as flow
/// lines, or where the walk starts or is given up, in bytes the service writes and reads (the store
/// does not look into them). A session's rows, in row order, give its walk from launch.
public struct StoredWalkStep: Sendable, Equatable {
    /// Its `rowid`, given by the service as for ``StoredOperation/row``, to delete the row by.
    public var row: Int
    public var session: String
    public var incarnation: Int
    public var body: [UInt8]

    public init(row: Int, session: String, incarnation: Int, body: [UInt8]) {
        self.row = row
        self.session = session
        self.incarnation = incarnation
        self.body = body
    }
}
