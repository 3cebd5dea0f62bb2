internal import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Owns one running libmicrohttpd daemon and the retained ``ServerCore`` its callbacks use.
///
/// `@unchecked Sendable`: `daemon` is written once in `init` and then only read; MHD's own API is
/// thread-safe for the calls made here (`MHD_quiesce_daemon`, `MHD_stop_daemon`), and `stopped`
/// is guarded by a `Mutex` so that stopping happens once.
final class MHDDaemon: @unchecked Sendable {
    private let daemon: OpaquePointer
    /// The `cls` handed to MHD: released after `MHD_stop_daemon`, which joins MHD's threads, so no
    /// callback can still be using it.
    private let core: Unmanaged<ServerCore>
    private let stopped = Mutex(false)
    let port: Int

    init(core: ServerCore) throws(HTTPServerError) {
        let configuration = core.configuration
        let retained = Unmanaged.passRetained(core)
        var badAddress: Int32 = 0
        // libmicrohttpd's own limit, per pool thread, stays above the server's (ConnectionTable):
        // reached, it would leave connections in the backlog instead of refusing them.
        let mhdConnectionLimit = UInt32(clamping: configuration.connectionLimit * configuration.threads + 64)
        let started = segued_mhd_start(
            configuration.host, UInt16(clamping: configuration.port), UInt32(configuration.threads),
            UInt32(configuration.connectionTimeout), mhdConnectionLimit,
            configuration.connectionMemoryLimit, mhdAccessHandler, retained.toOpaque(), mhdRequestCompleted,
            retained.toOpaque(), mhdAcceptPolicy, mhdNotifyConnection, retained.toOpaque(), &badAddress)
        guard let started else {
            retained.release()
            if badAddress != 0 { throw HTTPServerError(.invalidAddress, "\(configuration.host) is not an IP address") }
            throw HTTPServerError(.startFailed, "cannot listen on \(configuration.host):\(configuration.port)")
        }
        daemon = started
        self.core = retained
        port = Int(segued_mhd_bound_port(started))
        let buffer = Int32(clamping: configuration.socketBufferSize)
        segued_mhd_cap_socket_buffers(started, buffer, buffer)
        ticker = ServerTicker(core: core)
    }

    private let ticker: ServerTicker

    /// Graceful stop (pitfall 11): stop accepting (`MHD_quiesce_daemon`), let in-flight requests
    /// finish until `deadline`, stop the daemon, then close the listen socket quiesce handed back.
    func stop(waitingUntil deadline: ContinuousClock.Instant) {
        let first = stopped.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        let listenSocket = MHD_quiesce_daemon(daemon)
        let server = core.takeUnretainedValue()
        // Streams get their last message and end; what is still open near the deadline (a client
        // not reading) is ended with an error, since stopping with a suspended connection is an
        // API violation (pitfall 11).
        for stream in server.streams.streams {
            if let onShutdown = stream.onShutdown { onShutdown(stream) } else { stream.finish() }
        }
        let now = ContinuousClock.now
        let abortAt = deadline - min(.milliseconds(500), max(.zero, (deadline - now) / 4))
        func drain(until instant: ContinuousClock.Instant) {
            while server.inFlight.load(ordering: .relaxed) > 0, ContinuousClock.now < instant { usleep(5_000) }
        }
        drain(until: abortAt)
        server.streams.close()
        for stream in server.streams.streams { stream.abort() }
        drain(until: deadline)
        ticker.stop()
        MHD_stop_daemon(daemon)
        segued_close_socket(listenSocket)
        core.release()
    }

    var requestsInFlight: Int { core.takeUnretainedValue().inFlight.load(ordering: .relaxed) }
}
