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
final class SessionStore: Sendable {
    enum InsertResult {
        case created(Session)
        /// `PUT` of an id that exists with the same configuration: the existing session.
        case existing(Session)
        case conflict
        case full
    }

    let limit: Int
    let idleTimeout: Duration
    private let held = Mutex<Held>(Held())

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
        let session: Session
        var expiry: ExpiryKey
    }

    private struct Held {
        var byID: [SessionID: Entry] = [:]
        var ordered = SortedChunks<SessionID>()
        var byLastUse = SortedChunks<ExpiryKey>()
        var perStoryboard: [String: Int] = [:]
        var nextSerial: UInt64 = 0

        mutating func add(_ session: Session) {
            nextSerial += 1
            let key = ExpiryKey(lastUsed: session.lastUsed, serial: nextSerial, id: session.id)
            byID[session.id] = Entry(session: session, expiry: key)
            ordered.insert(session.id)
            byLastUse.insert(key)
            perStoryboard[session.configuration.storyboardID, default: 0] += 1
        }

        mutating func remove(_ id: SessionID) -> Session? {
            guard let entry = byID.removeValue(forKey: id) else { return nil }
            ordered.remove(id)
            byLastUse.remove(entry.expiry)
            let storyboard = entry.session.configuration.storyboardID
            let users = (perStoryboard[storyboard] ?? 1) - 1
            perStoryboard[storyboard] = users > 0 ? users : nil
            return entry.session
        }
    }

    init(limit: Int, idleTimeout: Duration) {
        self.limit = limit
        self.idleTimeout = idleTimeout
    }

    var count: Int { held.withLock { $0.byID.count } }

    /// Read through the values' index: `byID[id]?.session` copied the whole entry (its expiry key's
    /// id retained and released) on every request.
    subscript(id: SessionID) -> Session? {
        held.withLock { held in
            guard let index = held.byID.index(forKey: id) else { return nil }
            return held.byID.values[index].session
        }
    }

    /// Inserts a session made by `make` unless the id exists or the store is full; `make` runs
    /// under the lock only when an insert will happen, so a refused request launches nothing.
    /// A `nil` configuration (a fork, a restored snapshot) conflicts with any existing session.
    /// Every session enters the indexes here, whatever made it (launch, fork, restore).
    func insert(id: SessionID, configuration: Session.Configuration?, make: () throws(Problem) -> Session) throws(Problem) -> InsertResult {
        try held.withLock { (held: inout Held) throws(Problem) -> InsertResult in
            if let existing = held.byID[id]?.session {
                return configuration != nil && existing.configuration == configuration ? .existing(existing) : .conflict
            }
            guard held.byID.count < limit else { return .full }
            let session = try make()
            held.add(session)
            return .created(session)
        }
    }

    func remove(_ id: SessionID) -> Session? { held.withLock { $0.remove(id) } }

    /// A page of the sessions sorted by id: the first `limit` whose id sorts after `after` (from the
    /// first when `nil`), and whether more follow. Read from the ordered index: O(log n + limit).
    func page(after: String?, limit: Int) -> (sessions: [Session], more: Bool) {
        held.withLock { held in
            let ids = held.ordered.elements(after: after.map { SessionID(rawValue: $0) }, limit: limit + 1)
            let sessions = ids.prefix(limit).compactMap { held.byID[$0]?.session }
            return (sessions, ids.count > limit)
        }
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
    func expireIdle(now: ContinuousClock.Instant = .now, betweenLooks: () -> Void = {}, ended: (Session) -> Void = { _ in }) -> [SessionID] {
        var expired: [SessionID] = []
        var retired: [Session] = []
        // Outside the lock: each takes its session's.
        defer {
            for session in retired {
                session.retire()
                ended(session)
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
                    let lastUsed = entry.session.lastUsed
                    if now - lastUsed > idleTimeout {
                        if let session = held.remove(candidate.id) { retired.append(session) }
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
