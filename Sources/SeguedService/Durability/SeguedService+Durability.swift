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

    /// What ``recover()`` found.
    public struct Recovery: Sendable {
        public var storyboards = 0
        public var sessions = 0
        /// Idempotency keys restored with their answers.
        public var keys = 0
        /// Operations whose events were put back in their session's log.
        public var operations = 0
        /// Of those, the ones made after their session's stored snapshot, replayed through the engine.
        public var replayed = 0
        /// Stored steps of sessions' walks (how they were reached) taken back.
        public var walkSteps = 0
        /// Rows of restored sessions that their logs did not take, deleted.
        public var deletedRows = 0
        /// Stored sessions that could not be restored (their storyboard gone, a snapshot the engine
        /// refuses), with why; they stay in the store, untouched, for an operator to look at.
        public var skipped: [String] = []
    }

    /// Reads the state directory into memory: every stored storyboard, then every session, then
    /// answers `/v1/` and `/readyz`. Call once, at start, with the server already listening
    /// (`/healthz` answers meanwhile; `/readyz` and `/v1/` answer 503 `loading`).
    /// - Throws: the store's error when it cannot be read (damage), with its message for the operator.
    public func recover() throws(StoreError) -> Recovery {
        guard let persistence else { return Recovery() }
        var recovery = Recovery()
        var unused: [Int] = []
        var unusedWalkRows: [Int] = []
        // Sessions left at an operation before their last (a replay that disagreed): their walk
        // leads further than their state, so it is given up.
        var diverged: Set<String> = []
        // Sessions and operations are worked on every core (RecoveryLanes), one batch at a time, a
        // session's records on the lane its id's hash gives; keys need their sessions, operations
        // their sessions and keys: each phase's last batch is finished before the next phase's
        // first record is taken.
        let lanes = RecoveryLanes<SessionRecord, String?>.available
        var restoring = RecoveryLanes<SessionRecord, String?>(lanes: lanes, key: { UInt64(bitPattern: Int64($0.id.hashValue)) }) { [self] record in
            restoreSession(record, persistence)
        }
        func collectSession(_ record: SessionRecord, _ failure: String?) {
            if let failure {
                recovery.skipped.append("session \(record.id): \(failure)")
            } else {
                recovery.sessions += 1
            }
        }
        var replaying = RecoveryLanes<StoredOperation, OperationOutcome>(lanes: lanes, key: { UInt64(bitPattern: Int64($0.session.hashValue)) }) { [self] row in
            restoreOperation(row, persistence.readings)
        }
        func collectOperation(_ row: StoredOperation, _ outcome: OperationOutcome) {
            if let failure = outcome.failure {
                recovery.skipped.append("session \(row.session): \(failure)")
                diverged.insert(row.session)
            }
            if outcome.taken { recovery.operations += 1 }
            if outcome.replayed { recovery.replayed += 1 }
            if !outcome.taken, outcome.sessionRestored { unused.append(row.row) }
        }
        try persistence.store.load { record in
            if restoreStoryboard(record) { recovery.storyboards += 1 } else { recovery.skipped.append("storyboard \(record.id): unreadable") }
        } sessions: { record in
            // Over --max-sessions, which sessions are left out must not depend on the lanes' timing.
            if sessions.count + restoring.batchSize >= sessions.limit {
                restoring.finish(collect: collectSession)
                collectSession(record, restoreSession(record, persistence))
            } else {
                restoring.add(record, collect: collectSession)
            }
        } keys: { record in
            restoring.finish(collect: collectSession)
            // In the order they were stored, so that the cache forgets the same ones it would have.
            guard let id = SessionID(validating: record.session), let session = sessions[id], session.incarnation == record.incarnation
            else { return }
            let (key, response) = Persistence.answer(record)
            session.state.withLock { state in
                state.idempotency.store(response, for: key)
                state.idempotencyPosition = max(state.idempotencyPosition, record.position)
                session.account(&state)
            }
            recovery.keys += 1
        } operations: { row in
            restoring.finish(collect: collectSession)
            persistence.noteLoaded(row: row.row)
            replaying.add(row, collect: collectOperation)
        } walks: { step in
            restoring.finish(collect: collectSession)
            persistence.noteLoaded(row: step.row)
            switch restoreWalkStep(step, persistence.readings) {
            case .taken: recovery.walkSteps += 1
            case .unused: unusedWalkRows.append(step.row)
            case .sessionNotRestored: break
            }
        }
        restoring.finish(collect: collectSession)
        replaying.finish(collect: collectOperation)
        var gaps: [StoreWrite] = []
        for name in diverged.sorted() {
            guard let id = SessionID(validating: name), let session = sessions[id] else { continue }
            gaps += session.state.withLock { state in
                state.walk.giveUp("it was restored to an earlier state than it had reached (an operation replayed differently)")
                session.account(&state)
                return persistence.walkWrites(session, &state, start: false)
            }
        }
        // Rows of a restored session that its log did not take (an earlier incarnation's, or after a
        // replay that disagreed): deleted, so that none is read before the session's later rows at
        // the next start. Rows of sessions not restored stay, with them, for an operator to look at.
        // Before `/readyz`: a damaged page refuses the start, naming the file, as a damaged read does.
        if !unused.isEmpty || !unusedWalkRows.isEmpty {
            try persistence.store.deleteOperationsAtStart(rows: unused, walkRows: unusedWalkRows)
            recovery.deletedRows = unused.count + unusedWalkRows.count
        }
        if !gaps.isEmpty { _ = persistence.store.commit(gaps) }
        metrics.setSessions(sessions.count)
        persistence.markLoaded()
        return recovery
    }

    /// What restoring one stored operation did.
    struct OperationOutcome: Sendable {
        /// Its session's log took it (its row is then the session's, to prune and delete by).
        var taken = false
        /// It was made after its session's snapshot, and replayed through the engine.
        var replayed = false
        /// Why it was left out, when that is worth reporting.
        var failure: String?
        /// Its session is restored (a row it did not take is then deleted).
        var sessionRestored = false
    }

    /// Puts a stored operation back in its session's log; one made after the session's stored
    /// snapshot is replayed through the engine first (commands are deterministic), and must give the
    /// same revision and the same events as it did, or the session is left at the operation before
    /// (and reported): a replay that disagrees would answer what nobody was told.
    private func restoreOperation(_ row: StoredOperation, _ readings: CommandLineReadings) -> OperationOutcome {
        var outcome = OperationOutcome()
        guard let id = SessionID(validating: row.session), let session = sessions[id] else { return outcome }
        outcome.sessionRestored = true
        guard session.incarnation == row.incarnation else { return outcome }
        guard let decoded = OperationCoding.decode(row.body, command: readings.command(of:)) else {
            outcome.failure = "the operation at \(row.firstSequence) does not read"
            return outcome
        }
        outcome.failure = session.state.withLock { state in
            let record = decoded.record
            if record.firstSequence < state.navigation.nextEventSequence {
                // Before the snapshot: only its events, for the log. A later one that does not follow
                // (after a replay that failed) is left out.
                guard record.lastSequence < state.navigation.nextEventSequence else { return nil }
            } else {
                guard record.firstSequence == state.navigation.nextEventSequence else { return nil }
                guard let command = record.command else { return "the operation at \(record.firstSequence) has no command to replay" }
                var navigation = state.navigation
                let transcript: Transcript
                do throws(NavigationError) {
                    transcript = try Navigator.apply(command, to: &navigation)
                } catch {
                    return "the operation at \(record.firstSequence) no longer replays: \(error)"
                }
                guard navigation.revision == record.revision, transcript.events == decoded.events else {
                    return "the operation at \(record.firstSequence) replays differently (revision \(navigation.revision), not \(record.revision))"
                }
                state.navigation = navigation
                state.stored.operations += 1
                state.stored.bytes += row.body.count
                outcome.replayed = true
            }
            state.log.append(contentsOf: decoded.events, operation: decoded.record)
            state.stored.hold(StoredRow(row: row.row, lastSequence: row.lastSequence))
            session.account(&state)
            outcome.taken = true
            return nil
        }
        return outcome
    }

    enum WalkStepOutcome { case taken, unused, sessionNotRestored }

    /// Continues a restored session's walk with a stored step (a session without any keeps the
    /// walk it was restored with: not known, as for a store written before walks were kept).
    private func restoreWalkStep(_ step: StoredWalkStep, _ readings: CommandLineReadings) -> WalkStepOutcome {
        guard let id = SessionID(validating: step.session), let session = sessions[id] else { return .sessionNotRestored }
        guard session.incarnation == step.incarnation, let decoded = WalkCoding.decode(step.body) else { return .unused }
        session.state.withLock { state in
            state.walk.restore(decoded, command: readings.command(of:))
            state.stored.walkRows.append(step.row)
            state.stored.walkStored = state.walk.gap == nil ? state.walk.commands.count : StoredProgress.walkGapStored
            session.account(&state)
        }
        return .taken
    }

    private func restoreStoryboard(_ record: StoryboardRecord) -> Bool {
        guard let imported = try? StoryboardDocument.loadJSON(record.document, swift: SwiftSyntaxSourceReader()) else { return false }
        var warnings: [String] = []
        if case .array(let values)? = try? JSONValue.parse(record.warnings) { warnings = values.compactMap(\.stringValue) }
        storyboards.restore(imported.storyboard, id: record.id, warnings: warnings)
        return true
    }

    /// Restores one stored session; the reason when it cannot be.
    private func restoreSession(_ record: SessionRecord, _ persistence: Persistence) -> String? {
        guard let id = SessionID(validating: record.id) else { return "not a session id" }
        // Bytes segued wrote itself: parsed without Foundation (JSONByteParser says what that saves).
        guard let value = try? JSONByteParser.parse(record.snapshot) else { return "the snapshot is not JSON" }
        var reader = JSONFieldReader()
        guard let document = SnapshotDocument.read(value, at: "snapshot", reader: &reader) else { return "the snapshot does not read" }
        guard let stored = try? storyboards.find(document.storyboardID), stored.id == document.storyboardID else {
            return "its storyboard \(document.storyboardID) is not stored"
        }
        let navigation: NavigationState
        do {
            navigation = try NavigationState(restoring: document.navigation, storyboard: stored.shared)
        } catch {
            return "\(error.path): \(error.message)"
        }
        let limits = configuration.sessionLimits
        let sessionConfiguration = Session.Configuration(
            storyboardID: stored.id, profile: navigation.profile, traits: navigation.traits, initialScene: document.initialScene)
        persistence.noteLoaded(incarnation: record.incarnation)
        let log = EventLog(capacity: limits.logCapacity, byteCapacity: limits.logBytes)
        let result = try? sessions.insert(id: id, configuration: nil) { () throws(Problem) -> Session in
            Session(
                id: id, configuration: sessionConfiguration, eventHeaders: stored.eventHeaders, navigation: navigation, log: log,
                limits: limits, memory: memory, persistence: persistence, incarnation: record.incarnation)
        }
        switch result {
        case .created(let session):
            session.state.withLock { state in
                state.stored.snapshotSequence = navigation.nextEventSequence
                state.stored.snapshotBytes = record.snapshot.count
            }
            return nil
        case .full: return "--max-sessions (\(sessions.limit)) reached"
        default: return "the id is taken"
        }
    }
}
