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

    init(configuration: ServerConfiguration, handler: @escaping @Sendable (Request) -> Response) {
        self.configuration = configuration
        self.handler = handler
        connections = ConnectionTable(limit: configuration.connectionLimit, perAddressLimit: configuration.connectionsPerAddress)
        streams = StreamHost(limit: configuration.maxStreamBytes)
    }

    /// Runs the handler with CORS applied: preflights from allowed origins are answered here.
    func respond(to request: Request) -> Response {
        if let preflight = configuration.cors.preflight(request) { return preflight }
        var response = handler(request)
        configuration.cors.apply(to: &response, for: request)
        return response
    }
}
