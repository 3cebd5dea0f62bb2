import HTTPServer
import Navigation
import SourceScanning
import Storyboard
public import Store
import Synchronization

extension SeguedService {
    /// Queues a session just made (launched, forked, restored) for the store: its state is read
    /// under its lock, so that an operation already made on it is in what is stored.
    func storeNew(_ session: Session) -> CommitTicket? {
        guard let persistence else { return nil }
        let ticket = session.state.withLock { state in persistence.stageNew(session, &state) }
        SessionCreations.Receipt.current?.ticket.withLock { $0 = ticket }
        return ticket
    }

    /// Queues a session's end, after its last operation (`end`) was queued.
    func storeDeleted(_ session: Session) -> CommitTicket? {
        persistence?.store.commit(Persistence.deletion(session))
    }

    /// `response`, held back until `ticket`'s batch has committed (as is, without a store).
    func acknowledging(_ response: Response, after ticket: CommitTicket?) -> Response {
        guard let ticket, let persistence else { return response }
        return persistence.acknowledging(response, after: ticket)
    }

    /// What ``recover()`` found at start, or (``restoredOnFirstUse``) what the first uses of
    /// stored sessions restored since.
    public struct Recovery: Sendable {
        public var storyboards = 0
        /// Sessions known: at start, indexed to restore on first use; on first use, restored.
        public var sessions = 0
        /// Idempotency keys restored with their answers.
        public var keys = 0
        /// Operations whose events were put back in their session's log.
        public var operations = 0
        /// Of those, the ones made after their session's stored snapshot, replayed through the engine.
        public var replayed = 0
        /// Stored steps of sessions' walks (how they were reached) taken back.
        public var walkSteps = 0
        /// Rows of sessions that their logs did not take (an earlier incarnation's at start, rows
        /// after a replay that disagreed on first use), deleted.
        public var deletedRows = 0
        /// Stored rows of the sessions indexed at start (operations and walk steps).
        public var rows = 0
        /// Stored sessions that could not be restored (their storyboard gone, a snapshot the engine
        /// refuses), or whose replay disagreed, with why; a session that does not restore stays in
        /// the store, untouched, for an operator to look at.
        public var skipped: [String] = []
    }

    /// What the first uses of stored sessions restored since the start (`--state-dir`).
    public var restoredOnFirstUse: Recovery { persistence?.restored.withLock { $0 } ?? Recovery() }

    /// Reads the state directory's index into memory: every stored storyboard, then each session's
    /// id, storyboard and rows (not what it holds: a session is restored on its first use,
    /// ``restore(_:_:)``), then answers `/v1/` and `/readyz`. Call once, at start, with the server
    /// already listening (`/healthz` answers meanwhile; `/readyz` and `/v1/` answer 503 `loading`).
    ///
    /// Restoring every session at start took 43.7 s for a million demo sessions (62.7 CPU s, on
    /// two cores: parsing snapshots 24%, building their documents 20%, checking the engine's state
    /// 18%), all before `/readyz`; reading the index costs what the rows' count does (issue 52).
    /// - Throws: the store's error when it cannot be read (damage), with its message for the operator.
    public func recover() throws(StoreError) -> Recovery {
        guard let persistence else { return Recovery() }
        var storyboardsFound = Recovery()
        sessions.restoreDormant { [self] dormant, state in restore(dormant, state) }
        let index = RecoveryIndex(sessions: sessions)
        var batch: [RecoveryIndex.Item] = []
        batch.reserveCapacity(RecoveryIndex.batchSize)
        func add(_ item: RecoveryIndex.Item) {
            batch.append(item)
            if batch.count == RecoveryIndex.batchSize {
                index.send(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        // Most sessions share a storyboard: the last one found is asked first.
        var lastStoryboard: StoredStoryboard?
        do {
            try persistence.store.loadIndex { record in
                if restoreStoryboard(record) {
                    storyboardsFound.storyboards += 1
                } else {
                    storyboardsFound.skipped.append("storyboard \(record.id): unreadable")
                }
            } sessions: { record in
                guard let id = SessionID(validating: record.id) else {
                    add(.skipped("session \(record.id): not a session id"))
                    return
                }
                if lastStoryboard?.id != record.storyboardID {
                    guard let stored = try? storyboards.find(record.storyboardID), stored.id == record.storyboardID else {
                        add(.skipped("session \(record.id): its storyboard \(record.storyboardID) is not stored"))
                        return
                    }
                    lastStoryboard = stored
                }
                guard let storyboard = lastStoryboard else { return }
                persistence.noteLoaded(incarnation: record.incarnation)
                add(.session(DormantSession(
                    id: id, incarnation: record.incarnation, storyboardID: storyboard.id, snapshotBytes: record.snapshotBytes,
                    memory: memory)))
            } rows: { row in
                persistence.noteLoaded(row: row.row)
                add(.row(row))
            }
        } catch {
            _ = index.finish()
            throw error
        }
        index.send(batch)
        let entered = index.finish()
        var recovery = entered.recovery
        recovery.storyboards = storyboardsFound.storyboards
        recovery.skipped = storyboardsFound.skipped + recovery.skipped
        let unused = entered.unused, unusedWalkRows = entered.unusedWalkRows
        // Rows of an indexed session that are not its own (an earlier incarnation's): deleted, so
        // that none is read before the session's later rows at the next start. Before `/readyz`: a
        // damaged page refuses the start, naming the file, as a damaged read does.
        if !unused.isEmpty || !unusedWalkRows.isEmpty {
            try persistence.store.deleteOperationsAtStart(rows: unused, walkRows: unusedWalkRows)
            recovery.deletedRows = unused.count + unusedWalkRows.count
        }
        metrics.setSessions(sessions.count)
        persistence.markLoaded()
        return recovery
    }

    private func restoreStoryboard(_ record: StoryboardRecord) -> Bool {
        guard let imported = try? StoryboardDocument.loadJSON(record.document, swift: SwiftSyntaxSourceReader()) else { return false }
        var warnings: [String] = []
        if case .array(let values)? = try? JSONValue.parse(record.warnings) { warnings = values.compactMap(\.stringValue) }
        storyboards.restore(imported.storyboard, id: record.id, warnings: warnings)
        return true
    }
}
