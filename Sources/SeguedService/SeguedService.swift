public import HTTPServer
public import Logging
import Navigation
public import Storyboard
public import Store
import Synchronization

/// The REST service (spec/api.md): storyboards, sessions and their operations, answered as JSON
/// with RFC 9457 problems for every failure. It knows HTTP only as ``Request`` and ``Response``
/// values, so tests call ``handle(_:)`` directly, without sockets.
///
/// ```swift
/// let service = SeguedService()
/// let server = Server(configuration: .init(port: 8080, routeBodyLimit: service.bodyLimit), handler: service.handle)
/// ```
public final class SeguedService: Sendable {
    /// The version `segued --version` prints and `segued_build_info` carries.
    public static let version = "0.1.0"
    let configuration: ServiceConfiguration
    let logger: Logger
    let storyboards: StoryboardStore
    let sessions: SessionStore
    let memory: MemoryBudget
    /// The state directory's store (`--state-dir`); `nil` in memory (the default).
    let persistence: Persistence?
    let metrics = ServiceMetrics(version: SeguedService.version)
    /// Open event streams (``openEventStream(_:_:)``).
    let streamCount = StreamCounter()
    private let shuttingDown = Atomic<Bool>(false)
    /// A cluster node's fetches of storyboards it lacks (``storyboard(_:)``); nil without a peer.
    let peerFetches: PeerFetches?
    /// Answers of keyed `POST /v1/sessions` (``createSessionOnce(_:)``).
    let creations = SessionCreations()
    /// The id of the built-in demo storyboard (also reachable as `"demo"`).
    public let demoStoryboardID: String

    /// - Parameter store: where storyboards and sessions are kept (`--state-dir`). With one, the
    ///   service answers `/v1/` only once ``recover()`` has read it, and every change is answered
    ///   after it is committed there.
    public init(configuration: ServiceConfiguration = ServiceConfiguration(), logger: Logger = Logger(label: "segued"), store: DurableStore? = nil) {
        self.configuration = configuration
        self.logger = logger
        persistence = store.map(Persistence.init(store:))
        memory = MemoryBudget(limit: configuration.maxMemory)
        // The store's page caches (the writer's, and those of the connections that read sessions on
        // their first use) are memory the daemon holds as surely as a session's: counted from the start.
        if store != nil { memory.adjust(by: DurableStore.pageCacheBytes + DurableStore.readerCacheBytes) }
        sessions = SessionStore(limit: configuration.maxSessions, idleTimeout: configuration.sessionTTL)
        storyboards = StoryboardStore(limit: configuration.maxStoryboards, byteLimit: configuration.maxStoryboardBytes, memory: memory)
        demoStoryboardID = storyboards.preload(DemoStoryboard.storyboard)
        peerFetches = configuration.storyboardPeer == nil ? nil : PeerFetches()
    }

    /// Adds a storyboard (from `--storyboard FILE` or `--app DIR`) with its import warnings; returns
    /// its id. The operator's storyboards are kept whatever ``ServiceConfiguration/maxStoryboards`` says.
    @discardableResult
    public func addStoryboard(_ storyboard: Storyboard, warnings: [String] = []) -> String {
        let id = storyboards.preload(storyboard, warnings: warnings)
        // Stored too, so that its sessions come back after a restart without the flag that loaded it.
        if let persistence, let stored = try? storyboards.find(id) { _ = persistence.store.commit([.storyboard(Persistence.record(stored))]) }
        return id
    }

    /// Answers one request. Never throws: every failure becomes a problem document.
    @Sendable
    public func handle(_ request: Request) -> Response {
        guard peerFetches != nil else { return answer(request) }
        // A node of a cluster: a storyboard the request needs and the node lacks is fetched from
        // the peer off this thread, and the request answered again then.
        let need = PeerFetchNeed()
        let first = PeerFetchNeed.$current.withValue(need) { answer(request) }
        guard let reference = need.reference.withLock({ $0 }) else { return first }
        return answerAfterFetching(reference, request, first: first)
    }

    func answer(_ request: Request) -> Response {
        let start = ContinuousClock.now
        var endpoint: Endpoint?
        var matched: Route?
        // One variable from the answer to its return: copying it into another cost a retain and a
        // release of each of its seven fields per request.
        var response: Response
        if let refusal = configuration.access.refusal(for: request) {
            response = refusal.response
        } else if let persistence, !persistence.isLoaded, request.path.hasPrefix("/v1/") {
            response = Problem.loading().response
        // The server drops a body past the limit; one handed over whole by another caller is held
        // to the same limit (matched only for bodies past the smaller limit, as most have none).
        } else if request.bodyExceededLimit
            || (request.body.count > min(configuration.maxBodySize, configuration.maxUploadSize)
                && request.body.count > bodyLimit(method: request.method, path: request.path)) {
            response = bodyTooLarge(request).response
        } else if let route = route(request) {
            endpoint = route.endpoint
            matched = route
            do {
                response = try run(route, request)
            } catch {
                response = error.response
            }
        } else {
            response = Problem.notFound(request.path).response
        }
        let duration = ContinuousClock.now - start
        metrics.recordRequest(route: endpoint, method: request.method, status: response.status, duration: duration)
        let requestID = RequestID.from(request.header(RequestID.header))
        // Per request: a response kept and prepared once (a session's stack) stays prepared.
        response.setRequestHeader(RequestID.header, requestID)
        // A cluster's clients and tests see which node answered (deploy/cluster).
        if let node = configuration.nodeID { response.setRequestHeader("Segued-Node", node) }
        // Moved, not copied: lent as a `var`, it was copied for the call.
        let answered = consume response
        if configuration.logRequests {
            logRequest(request, id: requestID, route: matched, response: answered, duration: duration)
        }
        return answered
    }

    /// Ends sessions idle for longer than the configured TTL; returns their ids.
    @discardableResult
    public func expireIdleSessions() -> [String] {
        var ended: [Session] = []
        var endedDormant: [StoreWrite] = []
        let expired = sessions.expireIdle(ended: { session in
            session.feed.end(.expired)
            if persistence != nil { ended.append(session) }
        }, endedDormant: { dormant, rows, walkRows in
            // Never used since the start: its rows go as they are, without a restore.
            endedDormant += Persistence.deletion(id: dormant.id, incarnation: dormant.incarnation, rows: rows, walkRows: walkRows)
        })
        // Not waited for: an expiry answers nobody, and a crash before its commit only brings the
        // session back to expire again.
        if let persistence, !ended.isEmpty || !endedDormant.isEmpty {
            _ = persistence.store.commit(ended.flatMap(Persistence.deletion) + endedDormant)
        }
        metrics.setSessions(sessions.count)
        metrics.recordReaperRun(expired: expired.count)
        for id in expired { logger.info("session \(id) expired after \(configuration.sessionTTL) idle") }
        return expired.map(\.rawValue)
    }

    /// From now on `/readyz` answers 503, so that load balancers stop sending work. Event streams
    /// are ended (`end` with reason `shutdown`) by the HTTP server as it stops.
    public func beginShutdown() { shuttingDown.store(true, ordering: .relaxed) }

    /// Event streams open now.
    public var openStreams: Int { streamCount.count }

    var isShuttingDown: Bool { shuttingDown.load(ordering: .relaxed) }
}
