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
        let started = segued_mhd_start(
            configuration.host, UInt16(clamping: configuration.port), UInt32(configuration.threads),
            UInt32(configuration.connectionTimeout), UInt32(configuration.connectionLimit),
            configuration.connectionMemoryLimit, mhdAccessHandler, retained.toOpaque(), mhdRequestCompleted,
            retained.toOpaque(), &badAddress)
        guard let started else {
            retained.release()
            if badAddress != 0 { throw HTTPServerError(.invalidAddress, "\(configuration.host) is not an IP address") }
            throw HTTPServerError(.startFailed, "cannot listen on \(configuration.host):\(configuration.port)")
        }
        daemon = started
        self.core = retained
        port = Int(segued_mhd_bound_port(started))
    }

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
        while server.inFlight.load(ordering: .relaxed) > 0, ContinuousClock.now < deadline {
            usleep(5_000)
        }
        MHD_stop_daemon(daemon)
        segued_close_socket(listenSocket)
        core.release()
    }

    var requestsInFlight: Int { core.takeUnretainedValue().inFlight.load(ordering: .relaxed) }
}
