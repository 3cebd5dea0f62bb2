import HTTPServer
import Storyboard
import Navigation

extension SeguedService {
    enum OperationEndpoint {
        case segue, unwind, action
    }

    /// `POST …/segues`, `…/unwind`, `…/actions`: decode the command, apply it under the session's
    /// lock (with `If-Match` and `Idempotency-Key`), answer with the transcript and the new `ETag`.
    func operate(_ request: Request, sessionID: String, kind endpoint: OperationEndpoint) throws(Problem) -> Response {
        let session = try lookupSession(sessionID)
        let idempotencyKey = try Self.idempotencyKey(request)
        let ifMatch = try Self.ifMatch(request)
        let command: Command
        switch endpoint {
        case .segue: command = try Command.segue(request)
        case .unwind: command = try Command.unwind(request)
        case .action: command = try Command.action(request)
        }
        let idempotency = idempotencyKey.map { IdempotencyCache.Key(key: $0, request: request) }
        let operation = Self.operationName(command)
        return session.perform(command, ifMatch: ifMatch, idempotency: idempotency) { transcript, state in
            metrics.recordOperation(operation, performed: transcript.performed)
            return Self.json(200, capacity: 8192, headers: [("ETag", ETag.value(state.revision))]) { w in
                w.transcript(transcript, state: state, headers: session.eventHeaders)
            }
        }
    }

    /// The `Idempotency-Key`, if sent: 1 to ``IdempotencyCache/maximumKeyLength`` bytes. An empty key
    /// would make every client that sends one share a single slot, and a long one is memory a client
    /// could make the server keep.
    static func idempotencyKey(_ request: Request) throws(Problem) -> String? {
        guard let key = request.header("idempotency-key") else { return nil }
        guard !key.isEmpty, key.utf8.count <= IdempotencyCache.maximumKeyLength else {
            throw .invalidIdempotencyKey(length: key.utf8.count, limit: IdempotencyCache.maximumKeyLength)
        }
        return key
    }

    static func operationName(_ command: Command) -> String {
        switch command {
        case .performSegue: "performSegue"
        case .performCodeSegue: "performCodeSegue"
        case .unwind: "unwind"
        case .pop: "pop"
        case .popToRoot: "popToRoot"
        case .popTo: "popTo"
        case .setViewControllers: "setViewControllers"
        case .push: "push"
        case .present: "present"
        case .dismiss: "dismiss"
        case .selectTab: "selectTab"
        case .setTraits, .transitionToSize: "setTraits"
        case .interactivePop: "interactivePop"
        case .pullDown: "pullDown"
        case .tapOutside: "tapOutside"
        case .tap: "tap"
        case .end: "end"
        }
    }

    /// `GET …/segues`: what can be triggered now, as the engine decides it
    /// (``NavigationState/triggerableSegues()``: touchable sources first, nearest to the visible
    /// instance first, then those on screen under a sheet). Each is listed with its `identifier` and
    /// its `id` in the storyboard file, either of which may be null (Interface Builder files often
    /// leave a control's segue without an identifier; segued JSON has ids only where given).
    func listTriggerable(_ id: String) throws(Problem) -> Response {
        let session = try lookupSession(id)
        return session.read { state in
            let navigation = state.navigation
            let triggerable = navigation.triggerableSegues()
            return Self.json(200) { w in
                w.object { w in
                    w.key("revision"); w.int(navigation.revision)
                    w.key("segues")
                    w.array { w in
                        for entry in triggerable where entry.segue.kind != .unwind {
                            w.object { w in
                                w.key("source"); w.controller(entry.source)
                                w.key("scene"); w.string(entry.scene.rawValue)
                                w.key("identifier"); w.string(entry.segue.identifier?.rawValue)
                                w.key("id"); w.string(entry.segue.id)
                                w.key("kind"); w.string(entry.segue.kind.rawValue)
                                w.key("destination"); w.string(entry.segue.destination?.rawValue)
                                w.key("trigger"); w.string(entry.segue.hasTrigger ? "control" : "controller")
                            }
                        }
                    }
                    w.key("unwinds")
                    w.array { w in
                        for entry in triggerable where entry.segue.kind == .unwind {
                            w.object { w in
                                w.key("source"); w.controller(entry.source)
                                w.key("scene"); w.string(entry.scene.rawValue)
                                w.key("identifier"); w.string(entry.segue.identifier?.rawValue)
                                w.key("id"); w.string(entry.segue.id)
                                w.key("action"); w.string(entry.segue.action ?? "")
                            }
                        }
                    }
                }
            }
        }
    }

    /// What follows an event page's events when it is written in pieces (EventPageBody): the same
    /// members, in the same order, as the page written whole below.
    static func eventPageTail(next: Int, lastSeq: Int, gap: (firstAvailable: Int, dropped: Int)?) -> [UInt8] {
        var w = JSONWriter(capacity: 160)
        w.fragment("],")
        w.afterKey()
        writePageEnd(&w, next: next, lastSeq: lastSeq, gap: gap)
        w.fragment("}")
        return w.bytes
    }

    /// The members after an event page's `events`, the same whether the page is written whole or in
    /// pieces.
    private static func writePageEnd(_ w: inout JSONWriter, next: Int, lastSeq: Int, gap: (firstAvailable: Int, dropped: Int)?) {
        w.key("next"); w.int(next)
        w.key("lastSeq"); w.int(lastSeq)
        w.key("more"); w.bool(next < lastSeq)
        if let gap {
            w.key("gap")
            w.object { w in
                w.key("firstAvailable"); w.int(gap.firstAvailable)
                w.key("dropped"); w.int(gap.dropped)
            }
        }
    }

    /// `GET …/events?after=SEQ&limit=N`: the log in order. When `after` is older than what the
    /// bounded log still holds, `gap` says which events were dropped.
    func getEvents(_ id: String, _ request: Request) throws(Problem) -> Response {
        let session = try lookupSession(id)
        let after = try Self.intParameter(request, "after", default: 0, range: Self.sequenceRange)
        let limit = try Self.intParameter(request, "limit", default: 100, range: 1...1000)
        return session.read { state in
            let events = state.log.events(after: after, limit: limit)
            let last = state.navigation.nextEventSequence - 1
            // A session restored from a snapshot starts with an empty log: everything up to its
            // last sequence number is gone, as if dropped.
            let first = state.log.firstSequence ?? last + 1
            let next = events.last?.sequence ?? max(after, first - 1)
            let gap = after < first - 1 ? (firstAvailable: first, dropped: first - after - 1) : nil
            return Self.eventPage(events, session: session, next: next, lastSeq: last, gap: gap)
        }
    }

    /// An event page (`GET …/events`) of `events`, taken from `session`'s log under its lock: written
    /// whole up to `wholeUpTo` events, else from the log as the client reads it (EventPageBody), the
    /// same bytes either way (`events` is then only looked at here, not kept).
    static func eventPage(
        _ events: [LifecycleEvent], session: Session, next: Int, lastSeq: Int, gap: (firstAvailable: Int, dropped: Int)?,
        wholeUpTo: Int = EventPageBody.wholeUpTo
    ) -> Response {
        if events.count > wholeUpTo, let first = events.first {
            var response = Response(status: 200, headers: [("Content-Type", "application/json")])
            response.producer = EventPageBody(
                session: session, first: first.sequence, through: next, tail: eventPageTail(next: next, lastSeq: lastSeq, gap: gap))
            return response
        }
        let headers = session.eventHeaders
        return json(200) { w in
            w.object { w in
                w.key("events"); w.events(events, headers: headers)
                writePageEnd(&w, next: next, lastSeq: lastSeq, gap: gap)
            }
        }
    }

    static func intParameter(_ request: Request, _ name: String, default value: Int, range: ClosedRange<Int>) throws(Problem) -> Int {
        guard let text = request.queryValue(name) else { return value }
        guard let number = decimalInteger(text), range.contains(number) else {
            throw .invalidParameter(name, "expected an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }
}
