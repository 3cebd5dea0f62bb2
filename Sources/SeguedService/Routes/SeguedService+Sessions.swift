import HTTPServer
import Logging
import Navigation
import Storyboard
import Store

extension SeguedService {
    /// `POST /v1/sessions` (server-chosen id) and `PUT /v1/sessions/{id}` (client-chosen id):
    /// `{storyboard, profile?, traits?, initialScene?}`. 201 with the session and the launch events;
    /// a PUT of an existing id with the same configuration answers 200 with the session as it is.
    /// `{from}` forks a live session, `{snapshot}` restores a snapshot and `{storyboard, replay}`
    /// replays a live session's walk on another upload instead (``forkSession(_:id:)``,
    /// ``restoreSession(_:id:)``, ``replaySession(_:id:isPut:)``).
    func createSession(_ request: Request, id requestedID: String?) throws(Problem) -> Response {
        let id: SessionID
        if let requestedID {
            guard let valid = SessionID(validating: requestedID) else {
                throw .invalidParameter("id", "session ids are 1-64 characters from A-Z a-z 0-9 . _ -")
            }
            id = valid
        } else {
            id = SessionID.random(node: configuration.nodeID)
        }
        var body = try RequestBody(request)
        if !body.isMissing("from") { return try forkSession(&body, id: id, isPut: requestedID != nil) }
        if !body.isMissing("snapshot") { return try restoreSession(&body, id: id, isPut: requestedID != nil) }
        if !body.isMissing("replay") { return try replaySession(&body, id: id, isPut: requestedID != nil) }
        body.only(["storyboard", "profile", "traits", "initialScene", "from", "snapshot", "replay"])
        let reference = body.required("storyboard")
        let profile = body.enumeration(Profile.self, "profile") ?? configuration.defaultProfile
        let traits = readTraits(&body)
        let initialScene = body.string("initialScene").map { SceneID($0) }
        let storyboardReference = try body.finish(reference)
        let stored: StoredStoryboard
        do {
            stored = try storyboard(storyboardReference)
        } catch {
            // A PUT of an id in use answers for that id: no storyboard makes its configuration.
            if requestedID != nil, sessions[id] != nil { throw .sessionExists(id.rawValue) }
            throw error
        }
        if let initialScene, stored.storyboard.scenes[initialScene] == nil {
            throw .invalidRequest([("initialScene", "unknown scene \"\(initialScene)\"")])
        }
        let sessionConfiguration = Session.Configuration(
            storyboardID: stored.id, profile: profile, traits: traits, initialScene: initialScene)
        var launch: Transcript?
        let result = try sessions.insert(id: id, configuration: sessionConfiguration) { () throws(Problem) -> Session in
            // Checked again under the store's lock, where a storyboard's delete is decided: it may
            // have been deleted since it was found.
            guard storyboards.contains(id: stored.id) else { throw .unknownStoryboard(storyboardReference) }
            guard !memory.wouldPass(adding: Session.baseBytes) else {
                throw .memoryBudgetExceeded(limit: memory.limit, held: memory.accounted, adding: Session.baseBytes)
            }
            let (state, transcript) = try Self.launch(stored.shared, sessionConfiguration)
            launch = transcript
            return Session(id: id, configuration: sessionConfiguration, eventHeaders: stored.eventHeaders, navigation: state, launch: transcript,
                           limits: configuration.sessionLimits, memory: memory, persistence: persistence)
        }
        metrics.setSessions(sessions.count)
        switch result {
        case .full: throw .tooManySessions(limit: sessions.limit)
        case .conflict: throw .sessionExists(id.rawValue)
        case .existing(let session):
            return session.read { state in sessionResponse(session, state: state, status: 200, launch: nil) }
        case .created(let session):
            let staged = storeNew(session)
            logger.info("session \(id) started on \(stored.id) (\(profile.rawValue))")
            metrics.recordOperation("launch", performed: true)
            return acknowledging(session.read { state in sessionResponse(session, state: state, status: 201, launch: launch) }, after: staged)
        }
    }

    /// Internal: a replay (Replays/) launches the same way before it performs the walk.
    static func launch(_ storyboard: SharedStoryboard, _ configuration: Session.Configuration) throws(Problem) -> (NavigationState, Transcript) {
        do {
            return try Navigator.launch(storyboard, profile: configuration.profile, traits: configuration.traits, initialScene: configuration.initialScene)
        } catch {
            throw error.problem
        }
    }

    func readTraits(_ body: inout RequestBody) -> Traits {
        guard let object = body.objectMember("traits") else { return .phone }
        body.reader.rejectUnknownKeys(object, known: ["horizontalSizeClass", "idiom"], at: "traits")
        let size = body.reader.enumeration(Traits.SizeClass.self, object, "horizontalSizeClass", at: "traits")
        let idiom = body.reader.enumeration(Traits.Idiom.self, object, "idiom", at: "traits") ?? .phone
        return Traits(horizontalSizeClass: size, idiom: idiom)
    }

    func sessionResponse(_ session: Session, state: Session.State, status: Int, launch: Transcript?) -> Response {
        var response = Self.json(status) { w in w.session(session, state: state, launchEvents: launch?.events) }
        response.setHeader("ETag", ETag.value(state.navigation.revision))
        response.setHeader("Location", "/v1/sessions/\(session.id)")
        return response
    }

    /// `GET /v1/sessions/{id}`; with `If-None-Match` naming the current revision, 304 with the `ETag`
    /// and no body (RFC 9110 §13.1.2), as `GET …/stack` answers, while the document is the one the
    /// revision stands for (its configuration never changes; its `lastEventSeq` does with the
    /// callbacks of an operation that was not performed).
    func getSession(_ request: Request, _ id: String) throws(Problem) -> Response {
        let session = try lookupSession(id)
        let (response, revision, settled) = session.read { state in
            (sessionResponse(session, state: state, status: 200, launch: nil), state.navigation.revision, !state.hasEventsSinceRevision)
        }
        // Only while no event was logged since the revision changed: a refused segue's callbacks
        // move `lastEventSeq` under the same entity tag, and a 304 would keep an older one.
        guard settled, let ifNoneMatch = request.header("if-none-match"), ETag.matches(ifNoneMatch, revision: revision, weakly: true) else {
            return response
        }
        // As for the stack: `Content-Length` states the length of the 200's body.
        return Response(status: 304, headers: [("ETag", ETag.value(revision)), ("Content-Length", String(response.body.count))])
    }

    /// `GET /v1/sessions?after=ID&limit=N`: a page of the sessions by id (100 by default, at most
    /// 1,000), `next` to pass as `after` for the following page, `more` when one follows.
    func listSessions(_ request: Request) throws(Problem) -> Response {
        let after = request.queryValue("after")
        if let after, SessionID(validating: after) == nil { throw .invalidParameter("after", "expected a session id") }
        let limit = try Self.intParameter(request, "limit", default: 100, range: 1...1000)
        let page = sessions.page(after: after, limit: limit)
        return Self.json(200, capacity: 256 + 128 * page.sessions.count) { w in
            w.object { w in
                w.key("sessions")
                w.array { w in
                    for session in page.sessions {
                        session.peek { state in
                            w.object { w in
                                w.key("id"); w.string(session.id.rawValue)
                                w.key("storyboard"); w.string(session.configuration.storyboardID)
                                w.key("profile"); w.string(session.configuration.profile.rawValue)
                                w.key("revision"); w.int(state.navigation.revision)
                                w.key("visible"); w.controller(state.navigation.visible)
                            }
                        }
                    }
                }
                w.key("next"); w.string(page.sessions.last?.id.rawValue ?? after)
                w.key("more"); w.bool(page.more)
            }
        }
    }

    /// `DELETE /v1/sessions/{id}`: the session ends; its instances `deinit` (returned as events).
    /// `?moved=true` ends it as moved, the last step of a move (``beginMove(_:)``); a client's
    /// delete is refused while the session moves.
    func deleteSession(_ request: Request, _ id: String) throws(Problem) -> Response {
        let moved: Bool
        switch request.queryValue("moved") {
        case nil, "false": moved = false
        case "true": moved = true
        default: throw .invalidParameter("moved", "expected true or false")
        }
        let session = try lookupSession(id)
        if let refusal = session.claimDelete(moved: moved) { throw refusal }
        guard sessions.remove(session.id) != nil else { throw .unknownSession(id) }
        metrics.setSessions(sessions.count)
        // Retired first, so that the end is not stored as an operation of its own: the deletion is
        // one commit, whole or absent after a crash. Stored apart, a kill -9 between the two
        // commits brought the session back ended, one revision past what its client was answered
        // (the crash suite, once in about ten runs).
        session.retire()
        let response = session.perform(.end, ifMatch: nil, idempotency: nil) { transcript, state in
            Self.json(200) { w in
                w.object { w in
                    w.key("id"); w.string(session.id.rawValue)
                    w.key("ended"); w.bool(true)
                    w.key("events"); w.events(transcript.events, headers: session.eventHeaders)
                }
            }
        }
        session.feed.end(.deleted)
        let staged = storeDeleted(session)
        logger.info(moved ? "session \(session.id) ended here: it moved to another node" : "session \(session.id) ended")
        return acknowledging(response, after: staged)
    }

    /// `GET …/stack`; with `If-None-Match` naming the current revision, 304 and no body (RFC 9110
    /// §13.1.2), for clients that poll the stack.
    func getStack(_ request: Request, _ id: String) throws(Problem) -> Response {
        let session = try lookupSession(id)
        return session.stack(ifNoneMatch: request.header("if-none-match")) { revision, length in
            Response(status: 304, headers: [("ETag", ETag.value(revision)), ("Content-Length", String(length))])
        } respond: { state in
            Self.json(200, capacity: 2048, headers: [("ETag", ETag.value(state.revision))]) { w in w.stack(state) }
        }
    }

    /// The session `id`, restored first if the start left it in the store (`--state-dir`).
    func lookupSession(_ id: String) throws(Problem) -> Session {
        guard let sessionID = SessionID(validating: id) else { throw .unknownSession(id) }
        switch sessions.lookup(sessionID) {
        case .found(let session): return session
        case .absent: throw .unknownSession(id)
        case .unrestorable(let why): throw .sessionNotRestored(id, why: why)
        }
    }
}

extension JSONWriter {
    /// The whole state of a session: configuration, revision, the stack with every instance.
    mutating func session(_ session: Session, state: Session.State, launchEvents: [LifecycleEvent]? = nil) {
        object { w in
            w.key("id"); w.string(session.id.rawValue)
            w.key("storyboard"); w.string(session.configuration.storyboardID)
            w.key("profile"); w.string(session.configuration.profile.rawValue)
            w.key("traits")
            w.object { w in
                w.key("horizontalSizeClass"); w.string(state.navigation.traits.horizontalSizeClass.rawValue)
                w.key("idiom"); w.string(state.navigation.traits.idiom.rawValue)
            }
            w.key("initialScene"); w.string(session.configuration.initialScene?.rawValue)
            w.key("revision"); w.int(state.navigation.revision)
            w.key("lastEventSeq"); w.int(state.navigation.nextEventSequence - 1)
            w.key("stack"); w.stack(state.navigation)
            if let launchEvents { w.key("events"); w.events(launchEvents, headers: session.eventHeaders) }
        }
    }
}
