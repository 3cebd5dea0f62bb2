import Logging
import Navigation
import Storyboard
import Store
import Synchronization

/// A stored session restored on its first use (`--state-dir`, issue 52): the start only indexes
/// sessions (``SeguedService/recover()``); the first request that names one reads its rows
/// (snapshot, idempotency answers, operations, walk) and rebuilds it here, under the dormant
/// session's lock (``SessionStore/lookup(_:)``), with the same checks and the same outcomes the
/// start gave when it restored every session: a session that does not restore is logged and
/// left in the store (its requests answer `session-not-restored`), and one whose replay disagrees
/// is left at the operation before, its walk given up.
extension SeguedService {
    /// Restores `dormant` from its rows in the store (``SessionStore/Restorer``).
    func restore(_ dormant: DormantSession, _ held: DormantSession.State) -> Result<RestoredSession, SessionStore.RestoreFailure> {
        guard let persistence else { return .failure(.init(reason: "there is no store")) }
        let result = restoreRows(dormant, held, persistence)
        if case .failure(let failure) = result {
            logger.warning("not restored from \(persistence.store.path): session \(dormant.id): \(failure.reason)")
            persistence.restored.withLock { $0.skipped.append("session \(dormant.id): \(failure.reason)") }
        }
        return result
    }

    private func restoreRows(
        _ dormant: DormantSession, _ held: DormantSession.State, _ persistence: Persistence
    ) -> Result<RestoredSession, SessionStore.RestoreFailure> {
        let rows: StoredSession?
        do throws(StoreError) {
            rows = try persistence.store.readSession(
                id: dormant.id.rawValue, incarnation: dormant.incarnation, operationRows: held.operationRows.map(\.row), walkRows: held.walkRows)
        } catch {
            return .failure(.init(reason: "its rows cannot be read: \(error)"))
        }
        guard let rows else { return .failure(.init(reason: "its row is no longer in the store")) }
        let session: Session
        switch makeSession(dormant.id, rows.record, persistence) {
        case .success(let made): session = made
        case .failure(let failure): return .failure(failure)
        }
        var figures = Recovery()
        figures.sessions = 1
        for record in rows.keys {
            let (key, response) = Persistence.answer(record)
            session.state.withLock { state in
                state.idempotency.store(response, for: key)
                state.idempotencyPosition = max(state.idempotencyPosition, record.position)
            }
            figures.keys += 1
        }
        var unused: [Int] = []
        var diverged = false
        for row in rows.operations {
            let outcome = restoreOperation(row, into: session, persistence.readings)
            if let failure = outcome.failure {
                logger.warning("not restored from \(persistence.store.path): session \(dormant.id): \(failure)")
                figures.skipped.append("session \(dormant.id): \(failure)")
                diverged = true
            }
            if outcome.taken { figures.operations += 1 } else { unused.append(row.row) }
            if outcome.replayed { figures.replayed += 1 }
        }
        var unusedWalkRows: [Int] = []
        for step in rows.walkSteps {
            if restoreWalkStep(step, into: session, persistence.readings) { figures.walkSteps += 1 } else { unusedWalkRows.append(step.row) }
        }
        var writes: [StoreWrite] = []
        // Rows its log did not take (after a replay that disagreed): deleted, so that none is read
        // before the session's later rows at the next start; queued before any change of it.
        if !unused.isEmpty { writes.append(.deleteOperations(rows: unused)) }
        if !unusedWalkRows.isEmpty { writes.append(.deleteWalkSteps(rows: unusedWalkRows)) }
        figures.deletedRows = unused.count + unusedWalkRows.count
        session.state.withLock { state in
            // Left at an operation before its last: its walk leads further than its state.
            if diverged {
                state.walk.giveUp("it was restored to an earlier state than it had reached (an operation replayed differently)")
                writes += persistence.walkWrites(session, &state, start: false)
            }
            session.account(&state)
        }
        if !writes.isEmpty {
            // Stored before the session is used (its next operation's rows would otherwise follow
            // rows its log did not take), and on this thread: a damaged page met here fails this
            // session alone (its rows left for an operator), where the writer would stop the daemon.
            do throws(StoreError) {
                try persistence.store.commitNow(writes)
            } catch {
                session.retire()
                return .failure(.init(reason: "its rows that did not restore cannot be deleted: \(error)"))
            }
        }
        persistence.restored.withLock { $0.add(figures) }
        return .success(RestoredSession(session: session))
    }

    /// The session a stored snapshot describes, with an empty log from its next event sequence.
    private func makeSession(_ id: SessionID, _ record: SessionRecord, _ persistence: Persistence) -> Result<Session, SessionStore.RestoreFailure> {
        // Bytes segued wrote itself: parsed without Foundation (JSONByteParser says what that saves).
        guard let value = try? JSONByteParser.parse(record.snapshot) else { return .failure(.init(reason: "the snapshot is not JSON")) }
        var reader = JSONFieldReader()
        guard let document = SnapshotDocument.read(value, at: "snapshot", reader: &reader) else {
            return .failure(.init(reason: "the snapshot does not read"))
        }
        guard let stored = try? storyboards.find(document.storyboardID), stored.id == document.storyboardID else {
            return .failure(.init(reason: "its storyboard \(document.storyboardID) is not stored"))
        }
        let navigation: NavigationState
        do {
            navigation = try NavigationState(restoring: document.navigation, storyboard: stored.shared)
        } catch {
            return .failure(.init(reason: "\(error.path): \(error.message)"))
        }
        let limits = configuration.sessionLimits
        let sessionConfiguration = Session.Configuration(
            storyboardID: stored.id, profile: navigation.profile, traits: navigation.traits, initialScene: document.initialScene)
        let session = Session(
            id: id, configuration: sessionConfiguration, eventHeaders: stored.eventHeaders, navigation: navigation,
            log: EventLog(capacity: limits.logCapacity, byteCapacity: limits.logBytes),
            limits: limits, memory: memory, persistence: persistence, incarnation: record.incarnation)
        session.state.withLock { state in
            state.stored.snapshotSequence = navigation.nextEventSequence
            state.stored.snapshotBytes = record.snapshot.count
        }
        return .success(session)
    }

    /// What restoring one stored operation did.
    struct OperationOutcome: Sendable {
        /// Its session's log took it (its row is then the session's, to prune and delete by).
        var taken = false
        /// It was made after its session's snapshot, and replayed through the engine.
        var replayed = false
        /// Why it was left out, when that is worth reporting.
        var failure: String?
    }

    /// Puts a stored operation back in its session's log; one made after the session's stored
    /// snapshot is replayed through the engine first (commands are deterministic), and must give the
    /// same revision and the same events as it did, or the session is left at the operation before
    /// (and reported): a replay that disagrees would answer what nobody was told.
    private func restoreOperation(_ row: StoredOperation, into session: Session, _ readings: CommandLineReadings) -> OperationOutcome {
        var outcome = OperationOutcome()
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
            outcome.taken = true
            return nil
        }
        return outcome
    }

    /// Continues a restored session's walk with a stored step (a session without any keeps the
    /// walk it was restored with: not known, as for a store written before walks were kept);
    /// whether it took it.
    private func restoreWalkStep(_ step: StoredWalkStep, into session: Session, _ readings: CommandLineReadings) -> Bool {
        guard session.incarnation == step.incarnation, let decoded = WalkCoding.decode(step.body) else { return false }
        session.state.withLock { state in
            state.walk.restore(decoded, command: readings.command(of:))
            state.stored.walkRows.append(step.row)
            state.stored.walkStored = state.walk.gap == nil ? state.walk.commands.count : StoredProgress.walkGapStored
        }
        return true
    }
}

extension SeguedService.Recovery {
    /// Adds one first use's figures.
    mutating func add(_ other: Self) {
        storyboards += other.storyboards
        sessions += other.sessions
        keys += other.keys
        operations += other.operations
        replayed += other.replayed
        walkSteps += other.walkSteps
        deletedRows += other.deletedRows
        rows += other.rows
        skipped += other.skipped
    }
}
