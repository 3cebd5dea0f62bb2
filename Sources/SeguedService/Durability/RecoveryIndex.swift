import Dispatch
import Store
import Synchronization

/// The start's index of stored sessions, entered on a thread of its own while the store is read
/// (``SeguedService/recover()``): the reading thread steps SQLite, makes the records' strings,
/// checks the ids and storyboards and makes each ``DormantSession``; this one enters them in the
/// sessions' indexes and attaches their rows, in the order read (so that which sessions
/// `--max-sessions` leaves out, and what is reported, do not depend on timing). At a million
/// sessions the two halves cost about the same, and each runs on a core of its own.
final class RecoveryIndex: Sendable {
    enum Item: Sendable {
        case session(DormantSession)
        case skipped(String)
        case row(StoredRowIndex)
    }

    /// What entering found, read once everything is entered (``finish()``).
    struct Entered: Sendable {
        var recovery = SeguedService.Recovery()
        /// Rows of an indexed session's earlier incarnation, to delete.
        var unused: [Int] = []
        var unusedWalkRows: [Int] = []
        /// A change's rows are next to each other: the last session found is asked first.
        var lastDormant: DormantSession?
    }

    static let batchSize = 4096
    private let sessions: SessionStore
    private let queue = DispatchQueue(label: "segued.recovery.index")
    /// Batches handed over and not yet entered, at most: the reader waits beyond them.
    private let slots = DispatchSemaphore(value: 4)
    private let entered = Mutex(Entered())

    init(sessions: SessionStore) {
        self.sessions = sessions
    }

    /// Hands `batch` over (in order); waits while four are not yet entered.
    func send(_ batch: [Item]) {
        guard !batch.isEmpty else { return }
        slots.wait()
        queue.async { [self] in
            entered.withLock { entered in
                for item in batch { enter(item, &entered) }
            }
            slots.signal()
        }
    }

    /// Waits until every batch sent is entered; what entering found.
    func finish() -> Entered {
        queue.sync {}
        return entered.withLock { $0 }
    }

    private func enter(_ item: Item, _ entered: inout Entered) {
        switch item {
        case .skipped(let why): entered.recovery.skipped.append(why)
        case .session(let dormant):
            switch sessions.insertDormant(dormant) {
            case nil: entered.recovery.sessions += 1
            case .full?:
                _ = dormant.end()
                entered.recovery.skipped.append("session \(dormant.id): --max-sessions (\(sessions.limit)) reached")
            default:
                _ = dormant.end()
                entered.recovery.skipped.append("session \(dormant.id): the id is taken")
            }
        case .row(let row):
            // Rows of sessions not indexed stay, with them, for an operator to look at; those of an
            // earlier incarnation of an indexed session are deleted.
            let dormant: DormantSession
            if let last = entered.lastDormant, last.id.rawValue == row.session {
                dormant = last
            } else {
                guard let id = SessionID(validating: row.session), let found = sessions.dormant(id) else { return }
                dormant = found
                entered.lastDormant = found
            }
            guard dormant.incarnation == row.incarnation else {
                if row.isWalkStep { entered.unusedWalkRows.append(row.row) } else { entered.unused.append(row.row) }
                return
            }
            dormant.attach(row: row.row, lastSequence: row.lastSequence, isWalkStep: row.isWalkStep, bytes: row.bytes)
            entered.recovery.rows += 1
        }
    }
}
