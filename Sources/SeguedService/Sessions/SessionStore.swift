import Algorithms
import Navigation
import Storyboard
import Synchronization

/// All live sessions, with the live-session limit and idle expiry.
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
    private let sessions = Mutex<[SessionID: Session]>([:])

    init(limit: Int, idleTimeout: Duration) {
        self.limit = limit
        self.idleTimeout = idleTimeout
    }

    var count: Int { sessions.withLock { $0.count } }

    subscript(id: SessionID) -> Session? { sessions.withLock { $0[id] } }

    /// Inserts a session made by `make` unless the id exists or the store is full; `make` runs
    /// under the lock only when an insert will happen, so a refused request launches nothing.
    /// A `nil` configuration (a fork, a restored snapshot) conflicts with any existing session.
    func insert(id: SessionID, configuration: Session.Configuration?, make: () throws(Problem) -> Session) throws(Problem) -> InsertResult {
        try sessions.withLock { (sessions: inout [SessionID: Session]) throws(Problem) -> InsertResult in
            if let existing = sessions[id] {
                return configuration != nil && existing.configuration == configuration ? .existing(existing) : .conflict
            }
            guard sessions.count < limit else { return .full }
            let session = try make()
            sessions[id] = session
            return .created(session)
        }
    }

    func remove(_ id: SessionID) -> Session? { sessions.withLock { $0.removeValue(forKey: id) } }

    /// A page of the sessions sorted by id: the first `limit` whose id sorts after `after` (from the
    /// first when `nil`), and whether more follow. Only the references are copied under the lock;
    /// the page is chosen outside it by a partial sort, O(n log limit): sorting 100,000 sessions
    /// for each page, and writing them all in one response, took half a second of a server thread.
    func page(after: String?, limit: Int) -> (sessions: [Session], more: Bool) {
        let all = sessions.withLock { Array($0.values) }
        let candidates = after.map { after in all.filter { $0.id.rawValue > after } } ?? all
        let first = candidates.min(count: limit + 1) { $0.id.rawValue < $1.id.rawValue }
        return (Array(first.prefix(limit)), first.count > limit)
    }

    func count(usingStoryboard id: String) -> Int {
        sessions.withLock { $0.values.filter { $0.configuration.storyboardID == id }.count }
    }

    /// Runs `remove` if no session uses the storyboard `id`; returns the number that do (0: removed).
    /// Decided under the lock sessions are inserted under, and a creation checks there that its
    /// storyboard is still stored: counting first and removing after let a session that found the
    /// storyboard in between start on one that was gone.
    func removeStoryboardIfUnused(_ id: String, remove: () -> Void) -> Int {
        sessions.withLock { sessions in
            let users = sessions.values.count { $0.configuration.storyboardID == id }
            if users == 0 { remove() }
            return users
        }
    }

    /// Removes sessions idle for longer than the timeout; returns their ids. `betweenLooks` runs
    /// between finding the idle sessions and removing them (tests put requests there).
    /// `ended` is told of each session removed, once it is out of the store.
    func expireIdle(now: ContinuousClock.Instant = .now, betweenLooks: () -> Void = {}, ended: (Session) -> Void = { _ in }) -> [SessionID] {
        // Idle sessions are found outside the lock (each asks its own); under it, each is checked
        // again: between the two, a client may have used it, or ended it and started another
        // session under the same id, which must not be the one removed.
        let candidates = sessions.withLock { Array($0.values) }.filter { now - $0.lastUsed > idleTimeout }
        betweenLooks()
        let expired = sessions.withLock { sessions in
            candidates.filter { candidate in
                guard sessions[candidate.id] === candidate, now - candidate.lastUsed > idleTimeout else { return false }
                sessions[candidate.id] = nil
                return true
            }
        }
        expired.forEach(ended)
        return expired.map(\.id)
    }
}
