import HTTPServer
import Logging
import Navigation
import Storyboard
import Store

extension SeguedService {
    /// `POST /v1/sessions {"from": ID}` (or `PUT /v1/sessions/{id}` with it): a new session that is a
    /// copy of a live one: the same storyboard, profile, traits, instances with the same ids,
    /// revision, event sequence and event log. The same operations on both then give the same
    /// transcripts. 201 with the session, without events (nothing launched).
    /// A `PUT` (`isPut`) of an id in use is 409 `session-exists` whatever `from` names (a fork is
    /// never the configuration of a session that exists), before `from` is looked up: the 404 of an
    /// unknown `from` would read as the id's.
    func forkSession(_ body: inout RequestBody, id: SessionID, isPut: Bool) throws(Problem) -> Response {
        body.only(["from"])
        let reference = body.required("from")
        let from = try body.finish(reference)
        if isPut, sessions[id] != nil { throw .sessionExists(id.rawValue) }
        let source = try lookupSession(from)
        let (navigation, log, walk) = source.read { ($0.navigation, $0.log, $0.walk) }
        let stored = try storyboards.find(source.configuration.storyboardID)
        let session = try insertCopy(id: id, storyboard: stored, adding: Session.footprint(navigation, log)) {
            Session(
                id: id, configuration: source.configuration, eventHeaders: stored.eventHeaders, navigation: navigation, log: log,
                walk: walk, limits: configuration.sessionLimits, memory: memory, persistence: persistence,
                incarnation: persistence?.nextIncarnation() ?? 0)
        }
        let staged = storeNew(session)
        logger.info("session \(id) forked from \(source.id) at revision \(navigation.revision)")
        return acknowledging(session.read { state in sessionResponse(session, state: state, status: 201, launch: nil) }, after: staged)
    }

    /// `POST /v1/sessions {"snapshot": …}` (or `PUT` with it): a session restored from a
    /// `segued.snapshot/1` document (``SnapshotDocument``), in this daemon or another holding the same
    /// storyboard. The document is untrusted: its shape is read here, its meaning checked by the
    /// engine (``NavigationState/init(restoring:storyboard:)``); either fault is a 422 naming its path.
    /// The restored session's event log starts empty, after the snapshot's last sequence number.
    /// A `PUT` of an id in use is 409 `session-exists`, as for a fork, once the document reads.
    func restoreSession(_ body: inout RequestBody, id: SessionID, isPut: Bool) throws(Problem) -> Response {
        body.only(["snapshot"])
        let document = SnapshotDocument.read(body.object["snapshot"] ?? .null, at: "snapshot", reader: &body.reader)
        let snapshot = try body.finish(document)
        if isPut, sessions[id] != nil { throw .sessionExists(id.rawValue) }
        let stored: StoredStoryboard
        do {
            stored = try storyboard(snapshot.storyboardID)
        } catch {
            throw .snapshotStoryboardMissing(snapshot.storyboardID)
        }
        guard stored.id == snapshot.storyboardID else { throw .snapshotStoryboardMissing(snapshot.storyboardID) }
        if let initialScene = snapshot.initialScene, stored.storyboard.scenes[initialScene] == nil {
            throw .invalidSnapshot(path: "snapshot.initialScene", "the storyboard has no scene \"\(initialScene)\"")
        }
        let navigation: NavigationState
        do {
            navigation = try NavigationState(restoring: snapshot.navigation, storyboard: stored.shared)
        } catch {
            throw .invalidSnapshot(path: "snapshot." + error.path, error.message)
        }
        let limits = configuration.sessionLimits
        if navigation.liveCount > limits.instances { throw .tooManyInstances(limit: limits.instances, live: 0, asked: navigation.liveCount) }
        if navigation.dataSize > limits.dataBytes { throw .tooMuchData(limit: limits.dataBytes, held: 0, adding: navigation.dataSize) }
        let sessionConfiguration = Session.Configuration(
            storyboardID: stored.id, profile: navigation.profile, traits: navigation.traits, initialScene: snapshot.initialScene)
        let log = EventLog(capacity: limits.logCapacity, byteCapacity: limits.logBytes)
        let session = try insertCopy(id: id, storyboard: stored, adding: Session.footprint(navigation, log)) {
            Session(
                id: id, configuration: sessionConfiguration, eventHeaders: stored.eventHeaders, navigation: navigation,
                log: log, walk: SessionWalk(gap: "it was restored from a snapshot, which holds its state but not how it was reached"),
                limits: limits, memory: memory, persistence: persistence, incarnation: persistence?.nextIncarnation() ?? 0)
        }
        let staged = storeNew(session)
        logger.info("session \(id) restored from a snapshot at revision \(navigation.revision)")
        return acknowledging(session.read { state in sessionResponse(session, state: state, status: 201, launch: nil) }, after: staged)
    }

    /// Inserts a fork, a restored session or a replay (Replays/). Unlike a launch, an existing id is always a conflict:
    /// the session under it has moved on from what the request copies. Refused (503) when the copy's
    /// share, `adding`, would take the service past its memory budget, as a launch is.
    func insertCopy(id: SessionID, storyboard: StoredStoryboard, adding: Int, make: () -> Session) throws(Problem) -> Session {
        let result = try sessions.insert(id: id, configuration: nil) { () throws(Problem) -> Session in
            guard storyboards.contains(id: storyboard.id) else { throw .unknownStoryboard(storyboard.id) }
            guard !memory.wouldPass(adding: adding) else {
                throw .memoryBudgetExceeded(limit: memory.limit, held: memory.accounted, adding: adding)
            }
            return make()
        }
        metrics.setSessions(sessions.count)
        switch result {
        case .full: throw .tooManySessions(limit: sessions.limit)
        case .conflict, .existing: throw .sessionExists(id.rawValue)
        case .created(let session): return session
        }
    }

    /// `GET /v1/sessions/{id}/snapshot`: the session as a `segued.snapshot/1` document, with its
    /// revision as the `ETag`.
    func getSnapshot(_ id: String) throws(Problem) -> Response {
        let session = try lookupSession(id)
        return snapshotResponse(session, session.read { $0.navigation })
    }

    /// `navigation` of `session` as a `segued.snapshot/1` document, its revision as the `ETag`.
    func snapshotResponse(_ session: Session, _ navigation: NavigationState) -> Response {
        let document = SnapshotDocument(
            storyboardID: session.configuration.storyboardID, initialScene: session.configuration.initialScene,
            navigation: navigation.snapshot())
        return Self.json(200, capacity: 1024 + 256 * navigation.liveCount, headers: [("ETag", ETag.value(navigation.revision))]) { w in
            w.snapshot(document)
        }
    }
}

extension Problem {
    /// A snapshot that names a storyboard this daemon does not hold (upload it first: ids are content hashes).
    static func snapshotStoryboardMissing(_ id: String) -> Problem {
        Problem(.unknownStoryboard, detail: "The snapshot names storyboard \"\(id)\", which this daemon does not hold; upload the same storyboard (its id is a hash of its content) and retry.",
            extensions: [("storyboard", .string(id))])
    }

    /// A snapshot whose values do not make a state the engine could have produced.
    static func invalidSnapshot(path: String, _ message: String) -> Problem {
        Problem(.invalidSnapshot, detail: "\(path): \(message)",
            extensions: [("errors", .issues([(path, message, nil, nil)]))])
    }
}
