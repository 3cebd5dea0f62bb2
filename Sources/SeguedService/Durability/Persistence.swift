import Flows
import Foundation
import HTTPServer
import Navigation
import Storyboard
import Store
import Synchronization

/// What the service writes to its ``DurableStore`` (`--state-dir`), and how the store's failures
/// answer: a session is stored as its latest snapshot (the `segued.snapshot/1` document), written
/// after every change and committed before the change is answered, with the walk that reached it
/// (``WalkCoding``); a storyboard as its normalized document, with its id and warnings.
///
/// Without `--state-dir` the service has none, and no request pays anything for it.
final class Persistence: Sendable {
    let store: DurableStore
    /// False until ``SeguedService/recover()`` has read the store: until then `/readyz` answers 503
    /// and `/v1/` requests `loading`, so that nobody sees (or changes) a half-loaded daemon.
    private let loaded = Atomic<Bool>(false)

    /// The next ``Session/incarnation``: from the wall clock in microseconds at start, so that it
    /// grows across restarts, and past every incarnation loaded (``noteLoaded(incarnation:)``).
    private let incarnations: Atomic<Int>
    /// What recent command lines read back to: the check of ``stage(_:_:_:)`` without a parse.
    let readings = CommandLineReadings()
    /// The last ``StoredOperation/row`` given: rows grow in the order operations are made, so that
    /// each is appended to the table (past every row loaded: ``noteLoaded(row:)``).
    private let rows = Atomic<Int>(0)
    /// What the first uses of stored sessions restored (``SeguedService/restoredOnFirstUse``).
    let restored = Mutex(SeguedService.Recovery())

    init(store: DurableStore) {
        self.store = store
        incarnations = Atomic(Int(Date().timeIntervalSince1970 * 1_000_000))
    }

    func nextIncarnation() -> Int { incarnations.wrappingAdd(1, ordering: .relaxed).newValue }

    func noteLoaded(incarnation: Int) { _ = incarnations.max(incarnation, ordering: .relaxed) }

    func noteLoaded(row: Int) { _ = rows.max(row, ordering: .relaxed) }

    /// A stored operation of `session` with the next row, which `state` keeps to delete it by.
    private func stored(
        _ session: Session, _ state: inout Session.State, first: Int, last: Int, body: [UInt8]
    ) -> StoreWrite {
        let row = rows.wrappingAdd(1, ordering: .relaxed).newValue
        state.stored.hold(StoredRow(row: row, lastSequence: last))
        return .operation(StoredOperation(
            row: row, session: session.id.rawValue, incarnation: session.incarnation, firstSequence: first, lastSequence: last, body: body))
    }

    var isLoaded: Bool { loaded.load(ordering: .acquiring) }
    func markLoaded() { loaded.store(true, ordering: .releasing) }

    /// The session as the store keeps it: its configuration and state as a snapshot document.
    static func record(_ session: Session, _ navigation: NavigationState) -> SessionRecord {
        let document = SnapshotDocument(
            storyboardID: session.configuration.storyboardID, initialScene: session.configuration.initialScene,
            navigation: navigation.snapshot())
        var writer = JSONWriter(capacity: 1024 + 256 * navigation.liveCount)
        writer.snapshot(document)
        return SessionRecord(
            id: session.id.rawValue, incarnation: session.incarnation, storyboardID: session.configuration.storyboardID, revision: navigation.revision,
            eventSequence: navigation.nextEventSequence, snapshot: writer.bytes)
    }

    static func record(_ stored: StoredStoryboard) -> StoryboardRecord {
        var writer = JSONWriter(capacity: 256)
        writer.array { w in for warning in stored.warnings { w.string(warning) } }
        return StoryboardRecord(id: stored.id, document: stored.normalized, warnings: writer.bytes)
    }

    /// Operations stored after a snapshot before the next one is written, at most: what a session
    /// may have to replay at start (the snapshot is also folded once their bytes are
    /// ``foldWeight`` times its own).
    ///
    /// 64 and 4 (16 and 1 before, issue 52): under bench/durability's cycle a demo session's
    /// snapshot (about 2.9 KB, on 1 KiB pages: a leaf and its overflow pages, freed and allocated
    /// again at each write) was written every 11 operations, half of the log the store wrote per
    /// operation. Replaying an operation at start costs about what reading its events back does,
    /// and the rows are read anyway while the event log holds their events.
    static let foldEvery = 64
    static let foldWeight = 4

    /// Queues what a change did (its operations, already appended to `state.log`): each operation
    /// with its events and command (``OperationCoding``), and the whole snapshot only every
    /// ``foldEvery`` operations, once their bytes outweigh it, or when an operation could not be
    /// replayed from its row (one without events, or a command whose flow line does not read back
    /// to it). Called under the session's lock, so that the writes of one session reach the writer
    /// in the order they were made.
    ///
    /// Writing the ~4.7 KB snapshot of a demo session at every operation held the push/pop cycle
    /// to 0.28-0.45x of the in-memory rate under `--fsync everysec` (bench/durability).
    func stage(_ session: Session, _ state: inout Session.State, _ appended: [AppendedOperation]) -> CommitTicket {
        var writes: [StoreWrite] = []
        writes.reserveCapacity(appended.count + 2)
        var fold = false
        // Each command's line, and whether it reads back, for the walk's row too (written once).
        var lines: [KnownLine] = []
        for operation in appended {
            guard let record = operation.record, let command = record.command,
                let first = operation.events.first?.sequence, let last = operation.events.last?.sequence
            else {
                fold = true
                continue
            }
            let line = FlowCommandWriter.line(command)
            let reads = readings.reads(line, as: command)
            if !reads { fold = true }
            lines.append(KnownLine(command: command, line: line, reads: reads))
            let packed = operation.appendedAt.flatMap { state.log.packedEvents(from: $0, first: first, count: operation.events.count) }
            let body = OperationCoding.encode(record, line: line, events: operation.events[...], packed: packed)
            writes.append(stored(session, &state, first: first, last: last, body: body))
            state.stored.operations += 1
            state.stored.bytes += body.count
        }
        if fold || state.stored.operations >= Self.foldEvery || state.stored.bytes >= Self.foldWeight * state.stored.snapshotBytes {
            writes.append(snapshot(session, &state))
        }
        writes += walkWrites(session, &state, start: false, known: lines)
        if let prune = prune(session, &state) { writes.append(prune) }
        return store.commit(writes)
    }

    /// Queues a session just made (launched, forked, restored): its snapshot, the operations its log
    /// holds (a launch's, a fork's copy), and the end of any earlier session under its id.
    func stageNew(_ session: Session, _ state: inout Session.State) -> CommitTicket {
        var writes: [StoreWrite] = [.deleteSession(id: session.id.rawValue, incarnation: session.incarnation - 1)]
        let held = state.stored.releaseAll()
        if !held.isEmpty { writes.append(.deleteOperations(rows: held)) }
        writes.append(snapshot(session, &state))
        for (record, events) in state.log.operationRuns() {
            guard let first = events.first?.sequence, let last = events.last?.sequence else { continue }
            let body = OperationCoding.encode(record, line: record.command.map(FlowCommandWriter.line), events: events[...])
            writes.append(stored(session, &state, first: first, last: last, body: body))
        }
        state.stored.prunedBefore = state.log.firstSequence ?? state.navigation.nextEventSequence
        let heldWalk = state.stored.releaseWalk()
        if !heldWalk.isEmpty { writes.append(.deleteWalkSteps(rows: heldWalk)) }
        state.stored.walkStored = 0
        writes += walkWrites(session, &state, start: true)
        return store.commit(writes)
    }

    /// The rows that bring the stored walk to the session's (``WalkCoding``): its new commands as
    /// lines, all of them from launch when `start`, or its gap once it has one (the rows before go
    /// then). A command whose line does not read back to it gives the walk up in the store with
    /// ``FlowRecorder``'s words, since a restored session could not replay it.
    ///
    /// `known`: lines already written for the first new commands (by ``stage(_:_:_:)``), used for
    /// each that is the same command.
    func walkWrites(_ session: Session, _ state: inout Session.State, start: Bool, known: [KnownLine] = []) -> [StoreWrite] {
        let stored = state.stored.walkStored
        guard stored != StoredProgress.walkGapStored else { return [] }
        if let gap = state.walk.gap { return giveUpWalk(session, &state, gap) }
        let commands = state.walk.commands
        guard start || commands.count > stored else { return [] }
        var lines: [String] = []
        lines.reserveCapacity(commands.count - stored)
        for index in stored..<commands.count {
            let line: String, reads: Bool
            if index - stored < known.count, known[index - stored].command == commands[index] {
                (line, reads) = (known[index - stored].line, known[index - stored].reads)
            } else {
                line = FlowCommandWriter.line(commands[index])
                reads = readings.reads(line, as: commands[index])
            }
            guard reads else {
                return giveUpWalk(session, &state, WalkCoding.unreadable(step: index, line: line))
            }
            lines.append(line)
        }
        state.stored.walkStored = commands.count
        return [walkStep(session, &state, WalkCoding.encode(start ? .start : .lines, lines: lines))]
    }

    /// A command's flow line as ``stage(_:_:_:)`` wrote it, and whether it reads back to it.
    struct KnownLine {
        var command: Command
        var line: String
        var reads: Bool
    }

    private func giveUpWalk(_ session: Session, _ state: inout Session.State, _ why: String) -> [StoreWrite] {
        let held = state.stored.releaseWalk()
        state.stored.walkStored = StoredProgress.walkGapStored
        var writes: [StoreWrite] = held.isEmpty ? [] : [.deleteWalkSteps(rows: held)]
        writes.append(walkStep(session, &state, WalkCoding.encodeGap(why)))
        return writes
    }

    private func walkStep(_ session: Session, _ state: inout Session.State, _ body: [UInt8]) -> StoreWrite {
        let row = rows.wrappingAdd(1, ordering: .relaxed).newValue
        state.stored.walkRows.append(row)
        return .walkStep(StoredWalkStep(row: row, session: session.id.rawValue, incarnation: session.incarnation, body: body))
    }

    /// The session's snapshot, now: the operations stored before it need no replay.
    private func snapshot(_ session: Session, _ state: inout Session.State) -> StoreWrite {
        let record = Self.record(session, state.navigation)
        state.stored.snapshotSequence = state.navigation.nextEventSequence
        state.stored.snapshotBytes = record.snapshot.count
        state.stored.operations = 0
        state.stored.bytes = 0
        return .session(record)
    }

    /// The deletion of the operations the store no longer needs: those whose events the log has
    /// dropped and the snapshot includes. Only when that moved: the store stays proportional to the
    /// session's log and state, not its history.
    private func prune(_ session: Session, _ state: inout Session.State) -> StoreWrite? {
        let needed = min(state.log.firstSequence ?? state.navigation.nextEventSequence, state.stored.snapshotSequence)
        guard needed > state.stored.prunedBefore else { return nil }
        state.stored.prunedBefore = needed
        // Oldest first, and each row's last event after the one before it: the rows that may go
        // are the oldest.
        let rows = state.stored.release(before: needed)
        return rows.isEmpty ? nil : .deleteOperations(rows: rows)
    }

    /// The deletion of an ended session's rows: its snapshot and keys by its id and incarnation,
    /// its operations by their rows. Called once the session is retired, so that no operation can
    /// add a row after these were read.
    static func deletion(_ session: Session) -> [StoreWrite] {
        let (rows, walkRows) = session.state.withLock { state in (state.stored.releaseAll(), state.stored.releaseWalk()) }
        return deletion(id: session.id, incarnation: session.incarnation, rows: rows, walkRows: walkRows)
    }

    /// The deletion of a session's rows by its id and incarnation, its operations and walk by their rows.
    static func deletion(id: SessionID, incarnation: Int, rows: [Int], walkRows: [Int]) -> [StoreWrite] {
        var writes: [StoreWrite] = [.deleteSession(id: id.rawValue, incarnation: incarnation)]
        if !rows.isEmpty { writes.append(.deleteOperations(rows: rows)) }
        if !walkRows.isEmpty { writes.append(.deleteWalkSteps(rows: walkRows)) }
        return writes
    }

    /// Queues the answer to an `Idempotency-Key` (under the session's lock, after its state): a retry
    /// after a restart gets the same answer. The ticket covers the state queued before it too.
    func stageAnswer(_ session: Session, _ state: inout Session.State, _ key: IdempotencyCache.Key, _ response: Response) -> CommitTicket {
        state.idempotencyPosition += 1
        var headers: [UInt8] = []
        for field in response.headers {
            headers += Array(field.name.utf8) + [0] + Array(field.value.utf8) + [0]
        }
        return store.commit([.idempotent(IdempotencyRecord(
            session: session.id.rawValue, incarnation: session.incarnation, key: key.key, position: state.idempotencyPosition,
            fingerprint: key.fingerprint, status: response.status, headers: headers, body: response.body))])
    }

    /// A stored answer as the cache keeps it.
    static func answer(_ record: IdempotencyRecord) -> (IdempotencyCache.Key, Response) {
        let parts = record.headers.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var headers: [(name: String, value: String)] = []
        var index = 0
        while index + 1 < parts.count {
            headers.append((parts[index], parts[index + 1]))
            index += 2
        }
        return (IdempotencyCache.Key(key: record.key, fingerprint: record.fingerprint),
                Response(status: record.status, headers: headers, body: record.body))
    }

    /// `response`, held back until the batch of `ticket` has committed (the server suspends its
    /// connection meanwhile: no thread waits), or replaced with the problem of why it was not stored.
    /// `failed` runs with the replacement when the commit fails (an idempotency key's answer
    /// becomes it).
    func acknowledging(_ response: Response, after ticket: CommitTicket, failed: (@Sendable (Response) -> Void)? = nil) -> Response {
        let gate = ResponseGate()
        store.whenCommitted(ticket) { error in
            let replacement = error.map { Problem.notStored($0).response }
            if let replacement { failed?(replacement) }
            gate.open(replacing: replacement)
        }
        var held = response
        held.gate = gate
        return held
    }

    /// The refusal of a change before it is made, while the disk is full: reads go on.
    var refusal: Problem? {
        store.isRefusingWrites ? .insufficientStorage(directory: store.directory) : nil
    }
}

extension Problem {
    /// The disk of the state directory is full: nothing of the request was stored.
    static func insufficientStorage(directory: String) -> Problem {
        Problem(.insufficientStorage, detail: "The disk holding the state directory (\(directory)) is full: the change was not stored. Reads go on; writes resume once space is freed.")
    }

    /// A change that was made in memory but not stored (`error` says why): answered with this rather
    /// than as done, since a restart would not have it.
    static func notStored(_ error: StoreError) -> Problem {
        switch error {
        // After the change was made (the refusal before it is `insufficient-storage`): the client
        // must know it happened, so that it neither repeats it nor counts it as refused (issue 53).
        case .diskFull: Problem(.changeNotStored, detail: "The change was made (reads show it) but not stored: the disk holding the state directory is full (\(error)). It is stored once space is freed, and lost if segued stops before; do not repeat it.")
        default: Problem(.shuttingDown, detail: "The change was not stored: \(error).")
        }
    }

    /// `/v1/` while the store is read at start.
    static func loading() -> Problem {
        Problem(.loading, detail: "segued is reading its state directory; retry shortly (GET /readyz answers 200 once it has).")
    }
}
