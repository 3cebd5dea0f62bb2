import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that hands every request to a synchronous handler.
///
/// ```swift
/// let server = Server(configuration: .init(port: 0)) { request in
///     Response(status: 200, body: Array("ok".utf8))
/// }
/// try server.start()
/// print(server.port)
/// server.shutdown(gracePeriod: .seconds(5))
/// ```
/// The handler runs on libmicrohttpd's pool threads; it must not block on async work.
public final class Server: Sendable {
    private let core: ServerCore
    private let daemon = Mutex<MHDDaemon?>(nil)

    public init(configuration: ServerConfiguration, handler: @escaping @Sendable (Request) -> Response) {
        core = ServerCore(configuration: configuration, handler: handler)
    }

    /// Binds and starts serving.
    /// - Throws: ``HTTPServerError`` when the address is invalid or cannot be bound.
    public func start() throws(HTTPServerError) {
        try daemon.withLock { (daemon: inout MHDDaemon?) throws(HTTPServerError) in
            guard daemon == nil else { throw HTTPServerError(.alreadyStarted, "the server is running") }
            daemon = try MHDDaemon(core: core)
        }
    }

    /// The bound port (the ephemeral one when configured with 0); 0 before `start()`.
    public var port: Int { daemon.withLock { $0?.port ?? 0 } }

    /// The event loop libmicrohttpd runs (``ServerConfiguration/eventLoop``, or poll for one
    /// thread); `nil` before `start()`.
    public var eventLoop: ServerConfiguration.EventLoop? { daemon.withLock { $0?.eventLoop } }

    /// Requests received and not yet completed.
    public var requestsInFlight: Int { daemon.withLock { $0?.requestsInFlight ?? 0 } }

    /// Per-request contexts retained and not yet released: 0 once the server is idle or stopped.
    var liveRequestContexts: Int { core.liveContexts.load(ordering: .relaxed) }

    /// Connections open now (counted against ``ServerConfiguration/connectionLimit``).
    public var openConnections: Int { core.connections.count }

    /// Connections refused by the connection limits since the start.
    public var refusedConnections: Int { core.connections.refused.load(ordering: .relaxed) }

    /// Responses sent from their prepared form (``Response/preparedForReuse()``) since the start:
    /// how often a kept response was reused rather than built again for the request.
    public var preparedResponsesSent: Int { core.preparedResponsesSent.load(ordering: .relaxed) }

    /// Streamed responses being sent now, and the bytes queued in them.
    public var openStreams: Int { core.streams.streams.count }
    public var queuedStreamBytes: Int { core.streams.current }
    /// Every byte queued in open streams, those no bound counts (a stream's first message) included.
    public var heldStreamBytes: Int { core.streams.streams.reduce(0) { $0 + $1.queuedBytes } }

    /// Stops accepting connections, lets in-flight requests finish (at most `gracePeriod`), then stops.
    public func shutdown(gracePeriod: Duration) {
        let running = daemon.withLock { daemon in
            defer { daemon = nil }
            return daemon
        }
        running?.stop(waitingUntil: .now + gracePeriod)
    }
}
