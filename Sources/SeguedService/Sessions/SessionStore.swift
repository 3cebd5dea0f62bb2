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
    func insert(id: SessionID, configuration: Session.Configuration, make: () throws(Problem) -> Session) throws(Problem) -> InsertResult {
        try sessions.withLock { (sessions: inout [SessionID: Session]) throws(Problem) -> InsertResult in
            if let existing = sessions[id] {
                return existing.configuration == configuration ? .existing(existing) : .conflict
            }
            guard sessions.count < limit else { return .full }
            let session = try make()
            sessions[id] = session
            return .created(session)
        }
    }

    func remove(_ id: SessionID) -> Session? { sessions.withLock { $0.removeValue(forKey: id) } }

    /// Sessions sorted by id, for listing.
    var all: [Session] { sessions.withLock { Array($0.values) }.sorted { $0.id.rawValue < $1.id.rawValue } }

    func count(usingStoryboard id: String) -> Int {
        sessions.withLock { $0.values.filter { $0.configuration.storyboardID == id }.count }
    }

    /// Removes sessions idle for longer than the timeout; returns their ids.
    func expireIdle(now: ContinuousClock.Instant = .now) -> [SessionID] {
        let candidates = sessions.withLock { Array($0.values) }
        let expired = candidates.filter { now - $0.lastUsed > idleTimeout }.map(\.id)
        sessions.withLock { sessions in
            for id in expired { sessions[id] = nil }
        }
        return expired
    }
}
