import HTTPServer

extension SeguedService {
    /// Matches a path to its route (spec/api.md's resources).
    ///
    /// Segments are `Substring`s of the path, compared with `==`, which compares ASCII bytes
    /// directly. Splitting the path into `String`s and building a table of handler closures per
    /// request cost 15,000 instructions; the generic `split` and `elementsEqual` over UTF-8 views
    /// that replaced them still cost 6,000, as much as the rest of a cached `GET …/stack`.
    func route(_ request: Request) -> Route? {
        var segments = PathSegments(request.path)
        guard let first = segments.next() else { return nil }
        guard first == "v1" else {
            guard segments.next() == nil else { return nil }
            switch first {
            case "healthz": return Route(endpoint: .health)
            case "readyz": return Route(endpoint: .readiness)
            case "metrics": return Route(endpoint: .metrics)
            case "openapi.yaml": return Route(endpoint: .openAPI)
            default: return nil
            }
        }
        guard let collection = segments.next() else { return nil }
        let isSessions = collection == "sessions"
        guard isSessions || collection == "storyboards" else { return nil }
        guard let id = segments.next() else { return Route(endpoint: isSessions ? .sessions : .storyboards) }
        guard let resource = segments.next() else {
            return Route(endpoint: isSessions ? .session : .storyboard, id: String(id))
        }
        guard isSessions else { return nil }
        let endpoint: Endpoint
        switch resource {
        case "stack": endpoint = .stack
        case "segues": endpoint = .segues
        case "unwind": endpoint = .unwind
        case "actions": endpoint = .actions
        case "events":
            guard let stream = segments.next() else { return Route(endpoint: .events, id: String(id)) }
            guard stream == "stream", segments.next() == nil else { return nil }
            return Route(endpoint: .eventStream, id: String(id))
        default: return nil
        }
        guard segments.next() == nil else { return nil }
        return Route(endpoint: endpoint, id: String(id))
    }

    /// Runs the handler of `request.method` on `route`: HEAD runs GET (libmicrohttpd drops the
    /// body), OPTIONS answers with `Allow`, anything else is 405.
    func run(_ route: Route, _ request: Request) throws(Problem) -> Response {
        let id = route.id
        switch (route.endpoint, request.method == "HEAD" ? "GET" : request.method) {
        case (.health, "GET"): return health()
        case (.readiness, "GET"): return readiness()
        case (.metrics, "GET"): return metricsResponse()
        case (.openAPI, "GET"): return openAPIResponse()
        case (.storyboards, "GET"): return listStoryboards()
        case (.storyboards, "POST"): return try uploadStoryboard(request)
        case (.storyboard, "GET"): return try getStoryboard(id)
        case (.storyboard, "DELETE"): return try deleteStoryboard(id)
        case (.sessions, "GET"): return listSessions()
        case (.sessions, "POST"): return try createSession(request, id: nil)
        case (.session, "GET"): return try getSession(id)
        case (.session, "PUT"): return try createSession(request, id: id)
        case (.session, "DELETE"): return try deleteSession(id)
        case (.stack, "GET"): return try getStack(id)
        case (.segues, "GET"): return try listTriggerable(id)
        case (.segues, "POST"): return try operate(request, sessionID: id, kind: .segue)
        case (.unwind, "POST"): return try operate(request, sessionID: id, kind: .unwind)
        case (.actions, "POST"): return try operate(request, sessionID: id, kind: .action)
        case (.events, "GET"): return try getEvents(id, request)
        case (.eventStream, "GET"):
            throw .notImplemented("The Server-Sent Events stream is not available yet; poll GET /v1/sessions/{id}/events?after=SEQ.")
        default:
            let allowed = route.endpoint.allowed
            if request.method == "OPTIONS" { return Response(status: 204, headers: [("Allow", allowed.joined(separator: ", "))]) }
            throw .methodNotAllowed(request.method, allowed: allowed)
        }
    }
}
