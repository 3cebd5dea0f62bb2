import Synchronization

/// What the C callbacks reach through the daemon's `cls` pointer: the handler, the configuration
/// and the count of requests in flight (for graceful shutdown).
///
/// `Sendable` without `@unchecked`: every stored property is immutable or atomic.
final class ServerCore: Sendable {
    let configuration: ServerConfiguration
    let handler: @Sendable (Request) -> Response
    /// Requests whose first callback has come and whose completion has not.
    let inFlight = Atomic<Int>(0)
    /// Per-request contexts not yet released (a leak check for tests).
    let liveContexts = Atomic<Int>(0)
    /// Open connections against the configured limits.
    let connections: ConnectionTable
    /// Open streams and the bytes queued in them.
    let streams: StreamHost
    /// Responses queued from their prepared form (``PreparedResponse``), since the start.
    let preparedResponsesSent = Atomic<Int>(0)
    /// Connections suspended until their response's gate opens.
    let held = HeldConnections()
    /// Set when a graceful stop begins: responses then close their connection.
    let draining = Atomic<Bool>(false)

    init(configuration: ServerConfiguration, handler: @escaping @Sendable (Request) -> Response) {
        self.configuration = configuration
        self.handler = handler
        connections = ConnectionTable(limit: configuration.connectionLimit, perAddressLimit: configuration.connectionsPerAddress)
        streams = StreamHost(limit: configuration.maxStreamBytes, budget: configuration.heldBytesBudget)
    }

    /// Runs the handler with CORS applied: preflights from allowed origins are answered here.
    func respond(to request: Request) -> Response {
        if var preflight = configuration.cors.preflight(request) {
            if draining.load(ordering: .relaxed) { preflight.setRequestHeader("Connection", "close") }
            return preflight
        }
        var response = handler(request)
        configuration.cors.apply(to: &response, for: request)
        if draining.load(ordering: .relaxed) { response.setRequestHeader("Connection", "close") }
        return response
    }
}
