import HTTPServer

extension SeguedService {
    /// Matches a path to its route (spec/api.md's resources).
    ///
    /// Segments are compared as bytes of the path (``PathSegments``). Splitting it into `String`s
    /// and building a table of handler closures per request cost 15,000 instructions; the generic
    /// `split` and `elementsEqual` over UTF-8 views that replaced them still cost 6,000, as much as
    /// the rest of a cached `GET …/stack`.
    func route(_ request: Request) -> Route? { route(path: request.path) }

    /// The route of a path, whatever the method.
    func route(path: String) -> Route? {
        let segments = PathSegments(path)
        guard !segments.overflowed else { return nil }
        func `is`(_ position: Int, _ literal: StaticString) -> Bool { segments.segment(position, is: literal) }
        if `is`(0, "ui") { return webAppRoute(segments) }
        switch segments.count {
        case 1:
            if `is`(0, "healthz") { return Route(endpoint: .health) }
            if `is`(0, "readyz") { return Route(endpoint: .readiness) }
            if `is`(0, "metrics") { return Route(endpoint: .metrics) }
            if `is`(0, "openapi.yaml") { return Route(endpoint: .openAPI) }
            return nil
        case 2 where `is`(0, "v1"):
            if `is`(1, "sessions") { return Route(endpoint: .sessions) }
            if `is`(1, "storyboards") { return Route(endpoint: .storyboards) }
            return nil
        case 3 where `is`(0, "v1"):
            if `is`(1, "sessions") { return Route(endpoint: .session, id: segments.string(2)) }
            if `is`(1, "storyboards") { return Route(endpoint: .storyboard, id: segments.string(2)) }
            return nil
        case 4 where `is`(0, "v1") && `is`(1, "sessions"):
            let endpoint: Endpoint
            if `is`(3, "stack") { endpoint = .stack }
            else if `is`(3, "segues") { endpoint = .segues }
            else if `is`(3, "unwind") { endpoint = .unwind }
            else if `is`(3, "actions") { endpoint = .actions }
            else if `is`(3, "events") { endpoint = .events }
            else if `is`(3, "snapshot") { endpoint = .snapshot }
            else if `is`(3, "batch") { endpoint = .batch }
            else if `is`(3, "flow") { endpoint = .flow }
            else if `is`(3, "move") { endpoint = .move }
            else { return nil }
            return Route(endpoint: endpoint, id: segments.string(2))
        case 5 where `is`(0, "v1") && `is`(1, "sessions") && `is`(3, "events") && `is`(4, "stream"):
            return Route(endpoint: .eventStream, id: segments.string(2))
        default:
            return nil
        }
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
        case (.sessions, "GET"): return try listSessions(request)
        case (.sessions, "POST"): return try createSessionOnce(request)
        case (.session, "GET"): return try getSession(request, id)
        case (.session, "PUT"): return try createSession(request, id: id)
        case (.session, "DELETE"): return try deleteSession(request, id)
        case (.stack, "GET"): return try getStack(request, id)
        case (.segues, "GET"): return try listTriggerable(id)
        case (.segues, "POST"): return try operate(request, sessionID: id, kind: .segue)
        case (.unwind, "POST"): return try operate(request, sessionID: id, kind: .unwind)
        case (.actions, "POST"): return try operate(request, sessionID: id, kind: .action)
        case (.events, "GET"): return try getEvents(id, request)
        case (.snapshot, "GET"): return try getSnapshot(id)
        case (.batch, "POST"): return try operateBatch(request, sessionID: id)
        case (.flow, "GET"): return try getFlow(request, id)
        case (.move, "POST"): return try beginMove(id)
        case (.move, "DELETE"): return try cancelMove(id)
        case (.webApp, "GET"): return try webApp(request, path: id)
        case (.eventStream, "GET"): return try openEventStream(request, id)
        default:
            let allowed = route.endpoint.allowed
            if request.method == "OPTIONS" { return Response(status: 204, headers: [("Allow", allowed.joined(separator: ", "))]) }
            throw .methodNotAllowed(request.method, allowed: allowed)
        }
    }

    /// `/ui/` and `/ui/sessions/{id}`: the page; `/ui/<path>`: an asset (looked up by its handler).
    private func webAppRoute(_ segments: PathSegments) -> Route {
        if segments.count == 1 || segments.count == 3 && segments.segment(1, is: "sessions") {
            return Route(endpoint: .webApp, id: Route.webAppPage)
        }
        return Route(endpoint: .webApp, id: (1..<segments.count).map { segments.string($0) }.joined(separator: "/"))
    }
}
