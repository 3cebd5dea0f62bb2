/// The problems the service itself raises, one constructor per cause so that each `type` is stable.
extension Problem {
    static func notFound(_ path: String) -> Problem {
        Problem(.notFound, detail: "No resource at \(path).")
    }
    static func methodNotAllowed(_ method: String, allowed: [String]) -> Problem {
        Problem(.methodNotAllowed, detail: "\(method) is not allowed here; use \(allowed.joined(separator: ", ")).",
            headers: [("Allow", allowed.joined(separator: ", "))])
    }
    static func unknownSession(_ id: String) -> Problem {
        Problem(.unknownSession, detail: "No session \"\(id)\".")
    }
    /// A stored session whose rows did not restore on its first use (`--state-dir`).
    static func sessionNotRestored(_ id: String, why: String) -> Problem {
        Problem(.sessionNotRestored, detail: "The stored session \"\(id)\" could not be restored: \(why). Its rows are left in the state directory for an operator to look at (the daemon's log says the same); a new session may take the id.")
    }
    static func unknownStoryboard(_ id: String) -> Problem {
        Problem(.unknownStoryboard, detail: "No storyboard \"\(id)\".")
    }
    static func ambiguousStoryboard(_ name: String, ids: [String]) -> Problem {
        Problem(.ambiguousStoryboard, detail: "\(ids.count) storyboards are named \"\(name)\" (by their own name or their entry storyboard's): \(ids.joined(separator: ", ")); name one by its id.",
            extensions: [("storyboards", .strings(ids))])
    }
    static func malformedJSON(_ detail: String) -> Problem {
        Problem(.malformedJSON, detail: detail)
    }
    /// A well-formed body whose fields are wrong: every problem with its path.
    static func invalidRequest(_ issues: [(path: String, message: String)]) -> Problem {
        Problem(.invalidRequest, detail: issues.map { "\($0.path): \($0.message)" }.joined(separator: "; "),
            extensions: [("errors", .issues(issues.map { ($0.path, $0.message, nil, nil) }))])
    }
    static func unsupportedMediaType(_ found: String?, expected: [String]) -> Problem {
        Problem(.unsupportedMediaType, detail: "Content-Type \(found.map { "\"\($0)\"" } ?? "missing"); expected \(expected.joined(separator: " or ")).",
            headers: [("Accept-Post", expected.joined(separator: ", "))])
    }
    /// `what` names the requests the limit applies to (storyboard uploads have their own).
    static func bodyTooLarge(limit: Int, of what: String) -> Problem {
        Problem(.bodyTooLarge, detail: "\(what) are limited to \(limit) bytes.",
            extensions: [("limit", .int(limit))])
    }
    static func revisionConflict(expected: String, current: Int) -> Problem {
        Problem(.revisionConflict, detail: "If-Match \(expected) does not match the session's revision \(current).",
            extensions: [("currentRevision", .int(current))], headers: [("ETag", "\"\(current)\"")])
    }
    static func sessionExists(_ id: String) -> Problem {
        Problem(.sessionExists, detail: "Session \"\(id)\" exists with another configuration; DELETE it first or choose another id.")
    }
    /// A change to a session that deploy/cluster/migrate is moving: the node that holds it takes no
    /// change from the moment the move began, so that the copy is the whole session; the next node
    /// takes them a moment later (or this one again, when the move is called off).
    static func sessionMoving(_ id: String) -> Problem {
        Problem(.sessionMoving, detail: "Session \"\(id)\" is being moved to another node of the cluster and takes no change until it is there; nothing was changed: retry in a moment.",
            headers: [("Retry-After", "1")])
    }
    /// `DELETE …?moved=true` on a session no move fenced: a state of the session, not a bad request.
    static func sessionNotMoving(_ id: String) -> Problem {
        Problem(.sessionNotMoving, detail: "Session \"\(id)\" is not being moved: moved=true ends a session after POST /v1/sessions/{id}/move; nothing was changed.")
    }
    static func storyboardInUse(_ id: String, sessions: Int) -> Problem {
        Problem(.storyboardInUse, detail: "Storyboard \"\(id)\" is used by \(sessions) session(s); end them first.",
            extensions: [("sessions", .int(sessions))])
    }
    static func tooManySessions(limit: Int) -> Problem {
        Problem(.tooManySessions, detail: "The server holds its limit of \(limit) live sessions; end some or wait for idle ones to expire.",
            headers: [("Retry-After", "60")])
    }
    /// The service holds its memory budget (`--max-memory`): new sessions, uploads and commands
    /// that grow a session wait until sessions end or expire.
    static func memoryBudgetExceeded(limit: Int, held: Int, adding: Int) -> Problem {
        Problem(.memoryBudgetExceeded, detail: "The server holds about \(held) bytes of sessions and storyboards of its memory budget of \(limit) (--max-memory), and this would add about \(adding); end sessions or wait for idle ones to expire.",
            headers: [("Retry-After", "60")])
    }
    /// A response too large to hold for its client within the memory budget: the whole document
    /// would be kept until the client reads it, and the budget counts what clients are sent too.
    static func responseOverBudget(limit: Int, held: Int, adding: Int) -> Problem {
        Problem(.memoryBudgetExceeded, detail: "The server holds about \(held) bytes of its memory budget of \(limit) (--max-memory) for sessions, storyboards and responses clients have not read yet, and this response would hold about \(adding) more until read; retry later.",
            headers: [("Retry-After", "5")])
    }
    static func tooManyStoryboards(limit: Int) -> Problem {
        Problem(.tooManyStoryboards, detail: "The server holds its limit of \(limit) storyboards; delete unused ones (DELETE /v1/storyboards/{id}) first.")
    }
    static func storyboardsTooLarge(limit: Int, held: Int, size: Int) -> Problem {
        Problem(.tooManyStoryboards, detail: "The server holds \(held) bytes of storyboards (normalized JSON) of its limit of \(limit), and this one has \(size); delete unused ones (DELETE /v1/storyboards/{id}) first.")
    }
    static func tooManyInstances(limit: Int, live: Int, asked: Int) -> Problem {
        Problem(.tooManyInstances, detail: live >= limit
                ? "The session holds its limit of \(limit) live view controllers; pop, dismiss or unwind some first."
                : "The session holds \(live) live view controllers of its limit of \(limit), and this request asks for \(asked) more; pop, dismiss or unwind some first, or ask for fewer.")
    }
    static func tooMuchData(limit: Int, held: Int, adding: Int) -> Problem {
        Problem(.tooMuchData, detail: "The session's view controllers hold \(held) bytes of data of its limit of \(limit), and this request hands over \(adding); pop, dismiss or unwind the ones holding data, or send less.")
    }
    static func idempotencyKeyReused(_ key: String) -> Problem {
        Problem(.idempotencyKeyReused, detail: "Idempotency-Key \"\(key)\" was first used with a different request.")
    }
    static func invalidIdempotencyKey(length: Int, limit: Int) -> Problem {
        Problem(.invalidIdempotencyKey, detail: "Idempotency-Key must be 1 to \(limit) bytes; this one has \(length).")
    }
    static func notImplemented(_ what: String) -> Problem {
        Problem(.notImplemented, detail: what)
    }
    /// A path or query parameter (`parameter` names it): the session id of a `PUT` is one.
    static func invalidParameter(_ name: String, _ message: String) -> Problem {
        Problem(.invalidParameter, detail: "\(name): \(message)",
            extensions: [("parameter", .string(name))])
    }
    static func shuttingDown() -> Problem {
        Problem(.shuttingDown, detail: "The server is shutting down.")
    }
}
