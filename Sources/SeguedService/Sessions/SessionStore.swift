import Navigation
import Storyboard
import Synchronization

/// All live sessions, with the live-session limit and idle expiry.
///
/// Besides the sessions by id, the store keeps indexes as sessions come and go, so that no request
/// and no expiry tick does work in proportion to the number of sessions under the lock: the ids in
/// order (a page of `GET /v1/sessions` sorted every session: 0.4–0.9 s at a million), the number
/// of sessions per storyboard (`GET /v1/storyboards` counted every session for every storyboard),
/// and the sessions by last use as last seen (the reaper copied every session reference each tick).
///
/// With `--state-dir` the start enters stored sessions as ``DormantSession``s: a lookup restores
/// one (``lookup(_:)``) outside this store's lock, under the dormant session's own.
final class SessionStore: Sendable {
    enum InsertResult {
        case created(Session)
        /// `PUT` of an id that exists with the same configuration: the existing session.
        case existing(Session)
        case conflict
        case full
    }

    /// What a lookup found.
    enum Lookup {
        case found(Session)
        case absent
        /// A stored session whose restore on first use failed (why): it is not a session (as a
        /// session that does not restore at start is not), and each lookup of its id says so until
        /// a new session takes the id.
        case unrestorable(String)
    }

    /// Makes a dormant session a session (``SeguedService``'s restore), under the dormant's lock.
    typealias Restorer = @Sendable (DormantSession, DormantSession.State) -> Result<RestoredSession, RestoreFailure>

    struct RestoreFailure: Error {
        var reason: String
    }

    let limit: Int
    let idleTimeout: Duration
    private let held = Mutex<Held>(Held())
    private let restorer = Mutex<Restorer?>(nil)
    /// Dormant sessions restored (for tests and the start's figures).
    let restoredCount = Atomic<Int>(0)

    /// What a session id holds: a session, or a stored one not yet restored.
    enum Resident: Sendable {
        case live(Session)
        case dormant(DormantSession)

        var storyboardID: String {
            switch self {
            case .live(let session): session.configuration.storyboardID
            case .dormant(let dormant): dormant.storyboardID
            }
        }

        var lastUsed: ContinuousClock.Instant {
            switch self {
            case .live(let session): session.lastUsed
            case .dormant(let dormant): dormant.lastUsed
            }
        }
    }

    /// A session's place in the expiry index: its last use as last looked at (a use since only
    /// makes it later, so the index errs on the early side and expiry looks again), then a serial
    /// number that tells apart sessions used at the same instant and a session from a later one
    /// under the same id.
    struct ExpiryKey: Comparable, Sendable {
        var lastUsed: ContinuousClock.Instant
        var serial: UInt64
        var id: SessionID

        static func < (a: ExpiryKey, b: ExpiryKey) -> Bool { (a.lastUsed, a.serial) < (b.lastUsed, b.serial) }
        static func == (a: ExpiryKey, b: ExpiryKey) -> Bool { a.lastUsed == b.lastUsed && a.serial == b.serial }
    }

    private struct Entry {
        var resident: Resident
        var expiry: ExpiryKey
    }

    private struct Held {
        var byID: [SessionID: Entry] = [:]
        var ordered = SortedChunks<SessionID>()
        var byLastUse = SortedChunks<ExpiryKey>()
        var perStoryboard: [String: Int] = [:]
        var nextSerial: UInt64 = 0
        /// Ids whose stored session did not restore on first use, with why (few: damaged rows).
        var unrestorable: [SessionID: String] = [:]

        mutating func add(_ resident: Resident, id: SessionID) {
            nextSerial += 1
            let key = ExpiryKey(lastUsed: resident.lastUsed, serial: nextSerial, id: id)
            byID[id] = Entry(resident: resident, expiry: key)
            ordered.insert(id)
            byLastUse.insert(key)
            perStoryboard[resident.storyboardID, default: 0] += 1
            if !unrestorable.isEmpty { unrestorable[id] = nil }
        }

        mutating func remove(_ id: SessionID) -> Resident? {
            guard let entry = byID.removeValue(forKey: id) else { return nil }
            ordered.remove(id)
            byLastUse.remove(entry.expiry)
            let storyboard = entry.resident.storyboardID
            let users = (perStoryboard[storyboard] ?? 1) - 1
            perStoryboard[storyboard] = users > 0 ? users : nil
            return entry.resident
        }

        /// Whether `id` holds `dormant` (not a session made since, nor nothing).
        func holds(_ dormant: DormantSession) -> Bool {
            guard let index = byID.index(forKey: dormant.id), case .dormant(let held) = byID.values[index].resident else { return false }
            return held === dormant
        }

        /// Puts `session` in `dormant`'s place (its expiry entry kept: the dormant's last use errs early).
        mutating func replace(_ dormant: DormantSession, with session: Session) -> Bool {
            guard holds(dormant) else { return false }
            byID[dormant.id]?.resident = .live(session)
            let storyboard = session.configuration.storyboardID
            if storyboard != dormant.storyboardID {
                let users = (perStoryboard[dormant.storyboardID] ?? 1) - 1
                perStoryboard[dormant.storyboardID] = users > 0 ? users : nil
                perStoryboard[storyboard, default: 0] += 1
            }
            return true
        }
    }

    init(limit: Int, idleTimeout: Duration) {
        self.limit = limit
        self.idleTimeout = idleTimeout
    }

    var count: Int { held.withLock { $0.byID.count } }

    /// The session of `id`, restored first if it is dormant; `nil` when there is none (or it does
    /// not restore: ``lookup(_:)`` says why).
    subscript(id: SessionID) -> Session? {
        if case .found(let session) = lookup(id) { return session }
        return nil
    }

    /// Read through the values' index: `byID[id]?.session` copied the whole entry (its expiry key's
    /// id retained and released) on every request.
    func lookup(_ id: SessionID) -> Lookup {
        let found: Resident? = held.withLock { held in
            guard let index = held.byID.index(forKey: id) else { return nil }
            return held.byID.values[index].resident
        }
        switch found {
        case .live(let session)?: return .found(session)
        case .dormant(let dormant)?: return restore(dormant)
        case nil:
            let why = held.withLock { held in held.unrestorable.isEmpty ? nil : held.unrestorable[id] }
            return why.map(Lookup.unrestorable) ?? .absent
        }
    }

    /// Sets how dormant sessions are restored (once, at start, before any is entered).
    func restoreDormant(with restorer: @escaping Restorer) { self.restorer.withLock { $0 = restorer } }

    /// Enters a stored session to restore on first use (at start, in id order); `false` when the
    /// store is full (`--max-sessions`) or the id is taken.
    func insertDormant(_ dormant: DormantSession) -> InsertResult? {
        held.withLock { held in
            if held.byID[dormant.id] != nil { return .conflict }
            guard held.byID.count < limit else { return .full }
            held.add(.dormant(dormant), id: dormant.id)
            return nil
        }
    }

    /// The dormant session of `id`, if it is one (at start, to attach its rows).
    func dormant(_ id: SessionID) -> DormantSession? {
        held.withLock { held in
            guard let index = held.byID.index(forKey: id), case .dormant(let dormant) = held.byID.values[index].resident else { return nil }
            return dormant
        }
    }

    /// Restores `dormant` under its lock (a second first use waits for the first and takes its
    /// session), and puts the session in its place.
    private func restore(_ dormant: DormantSession) -> Lookup {
        dormant.state.withLock { state in
            switch state.phase {
            case .restored(let session): return .found(session)
            case .failed(let why): return .unrestorable(why)
            case .removed: return .absent
            case .dormant: break
            }
            guard let restorer = restorer.withLock({ $0 }) else { return .absent }
            switch restorer(dormant, state) {
            case .success(let restored):
                guard held.withLock({ $0.replace(dormant, with: restored.session) }) else {
                    // Ended meanwhile (expired): whoever ended it deletes its rows.
                    restored.session.retire()
                    state.phase = .removed
                    return .absent
                }
                DormantSession.release(&state, dormant.memory)
                state.phase = .restored(restored.session)
                restoredCount.add(1, ordering: .relaxed)
                return .found(restored.session)
            case .failure(let failure):
                let removed = held.withLock { held in
                    guard held.holds(dormant) else { return false }
                    _ = held.remove(dormant.id)
                    held.unrestorable[dormant.id] = failure.reason
                    return true
                }
                if removed { DormantSession.release(&state, dormant.memory) }
                state.phase = .failed(failure.reason)
                return .unrestorable(failure.reason)
            }
        }
    }

    /// Inserts a session made by `make` unless the id exists or the store is full; `make` runs
    /// under the lock only when an insert will happen, so a refused request launches nothing.
    /// A `nil` configuration (a fork, a restored snapshot) conflicts with any existing session.
    /// Every session enters the indexes here, whatever made it (launch, fork, restore).
    /// A dormant session under `id` is restored first when `configuration` is given (to compare it).
    func insert(id: SessionID, configuration: Session.Configuration?, make: () throws(Problem) -> Session) throws(Problem) -> InsertResult {
        while true {
            let outcome = try held.withLock { (held: inout Held) throws(Problem) -> InsertStep in
                switch held.byID[id]?.resident {
                case .live(let existing)?:
                    return .done(configuration != nil && existing.configuration == configuration ? .existing(existing) : .conflict)
                case .dormant(let dormant)?:
                    return configuration == nil ? .done(.conflict) : .restoreFirst(dormant)
                case nil: break
                }
                guard held.byID.count < limit else { return .done(.full) }
                let session = try make()
                held.add(.live(session), id: id)
                return .done(.created(session))
            }
            switch outcome {
            case .done(let result): return result
            case .restoreFirst(let dormant): _ = restore(dormant)
            }
        }
    }

    private enum InsertStep {
        case done(InsertResult)
        case restoreFirst(DormantSession)
    }

    /// Removes the session of `id` (a dormant one stays: a delete restores it first).
    func remove(_ id: SessionID) -> Session? {
        held.withLock { held in
            guard let index = held.byID.index(forKey: id), case .live = held.byID.values[index].resident,
                case .live(let session)? = held.remove(id) else { return nil }
            return session
        }
    }

    /// A page of the sessions sorted by id: the first `limit` whose id sorts after `after` (from the
    /// first when `nil`), and whether more follow. Read from the ordered index: O(log n + limit).
    /// Dormant sessions on the page are restored (outside the lock): one that does not is left out.
    func page(after: String?, limit: Int) -> (sessions: [Session], more: Bool) {
        let (residents, more) = held.withLock { held in
            let ids = held.ordered.elements(after: after.map { SessionID(rawValue: $0) }, limit: limit + 1)
            return (ids.prefix(limit).compactMap { held.byID[$0]?.resident }, ids.count > limit)
        }
        let sessions = residents.compactMap { resident -> Session? in
            switch resident {
            case .live(let session): return session
            case .dormant(let dormant):
                if case .found(let session) = restore(dormant) { return session }
                return nil
            }
        }
        return (sessions, more)
    }

    func count(usingStoryboard id: String) -> Int { held.withLock { $0.perStoryboard[id] ?? 0 } }

    /// Runs `remove` if no session uses the storyboard `id`; returns the number that do (0: removed).
    /// Decided under the lock sessions are inserted under, and a creation checks there that its
    /// storyboard is still stored: counting first and removing after let a session that found the
    /// storyboard in between start on one that was gone.
    func removeStoryboardIfUnused(_ id: String, remove: () -> Void) -> Int {
        held.withLock { held in
            let users = held.perStoryboard[id] ?? 0
            if users == 0 { remove() }
            return users
        }
    }

    /// How many index entries expiry looks at per hold of the lock.
    static let expiryBatch = 1024

    /// Removes sessions idle for longer than the timeout, giving their memory budget back; returns their ids. `betweenLooks` runs
    /// between finding the idle sessions and removing them (tests put requests there).
    /// `ended` is told of each session removed, once it is out of the store (and has given its
    /// memory back).
    ///
    /// The candidates are taken from the front of the last-use index, so a tick when nothing is
    /// idle costs one comparison. A candidate's index entry may be older than its last use (uses
    /// do not touch the store); it is looked at again under the lock, and one used since goes back
    /// into the index at its real last use. The lock is held for at most `expiryBatch` entries at
    /// a time.
    /// A dormant session expires as it is, without a restore: `endedDormant` is told of its rows
    /// to delete.
    func expireIdle(
        now: ContinuousClock.Instant = .now, betweenLooks: () -> Void = {}, ended: (Session) -> Void = { _ in },
        endedDormant: (DormantSession, _ operationRows: [Int], _ walkRows: [Int]) -> Void = { _, _, _ in }
    ) -> [SessionID] {
        var expired: [SessionID] = []
        var retired: [Resident] = []
        // Outside the lock: each takes its session's.
        defer {
            for resident in retired {
                switch resident {
                case .live(let session):
                    session.retire()
                    ended(session)
                case .dormant(let dormant):
                    if let rows = dormant.end() { endedDormant(dormant, rows.operationRows, rows.walkRows) }
                }
            }
        }
        while true {
            let candidates: [ExpiryKey] = held.withLock { held in
                held.byLastUse.elements(after: nil, limit: Self.expiryBatch).prefix { now - $0.lastUsed > idleTimeout }
                    .map { $0 }
            }
            if candidates.isEmpty { return expired }
            betweenLooks()
            held.withLock { held in
                for candidate in candidates {
                    // Ended in between (and perhaps replaced under the same id: the replacement has a serial of its own).
                    guard let entry = held.byID[candidate.id], entry.expiry == candidate else { continue }
                    let lastUsed = entry.resident.lastUsed
                    if now - lastUsed > idleTimeout {
                        if let resident = held.remove(candidate.id) { retired.append(resident) }
                        expired.append(candidate.id)
                    } else {
                        held.byLastUse.remove(candidate)
                        var key = candidate
                        key.lastUsed = lastUsed
                        held.byLastUse.insert(key)
                        held.byID[candidate.id]?.expiry = key
                    }
                }
            }
            if candidates.count < Self.expiryBatch { return expired }
        }
    }
}

extension SessionID: Comparable {
    /// By raw value: the order `GET /v1/sessions` pages in.
    public static func < (a: SessionID, b: SessionID) -> Bool { a.rawValue < b.rawValue }
}
