internal import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Owns one running libmicrohttpd daemon and the retained ``ServerCore`` its callbacks use.
///
/// `@unchecked Sendable`: `daemon` is written once in `init` and then only read; MHD's own API is
/// thread-safe for the calls made here (`MHD_get_daemon_info`, `MHD_quiesce_daemon`, `MHD_stop_daemon`), and `stopped`
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
        // reached, it would leave connections in the backlog or close them unanswered. Each thread
        // may hold the whole of ours twice over: connections ended to make room (a flood of
        // slowloris connections) count until libmicrohttpd has closed them, and a canary was
        // closed unanswered when a busy thread's closing ones filled a margin of 32 (CI, the
        // many-address slowloris test).
        let mhdConnectionLimit = UInt32(clamping: (2 * configuration.connectionLimit + 64) * configuration.threads)
        let started = MHDDaemon.withSecurityOptions(configuration.tls, core: retained.toOpaque()) { flags, options in
            segued_mhd_start(
                configuration.host, UInt16(clamping: configuration.port), UInt32(configuration.threads),
                UInt32(configuration.connectionTimeout), mhdConnectionLimit,
                configuration.connectionMemoryLimit, mhdAccessHandler, retained.toOpaque(), mhdRequestCompleted,
                retained.toOpaque(), mhdAcceptPolicy, mhdNotifyConnection, retained.toOpaque(), flags, options,
                configuration.usesEpoll ? 1 : 0, &badAddress)
        }
        guard let started else {
            retained.release()
            if badAddress != 0 { throw HTTPServerError(.invalidAddress, "\(configuration.host) is not an IP address") }
            if configuration.tls != nil {
                throw HTTPServerError(.startFailed, "cannot listen on \(configuration.host):\(configuration.port) with TLS (is the certificate and key a PEM pair?)")
            }
            let reason = segued_bind_errno(configuration.host, UInt16(clamping: configuration.port))
            throw HTTPServerError(.startFailed, "cannot listen on \(configuration.host):\(configuration.port)" + MHDDaemon.because(reason))
        }
        daemon = started
        self.core = retained
        port = Int(segued_mhd_bound_port(started))
        let buffer = Int32(clamping: configuration.socketBufferSize)
        segued_mhd_cap_socket_buffers(started, buffer, buffer)
        ticker = ServerTicker(core: core)
    }

    private let ticker: ServerTicker

    /// ": address already in use" and the like for a bind's errno; for none (the address binds
    /// now, so libmicrohttpd failed for another reason) what is left to check.
    private static func because(_ reason: Int32) -> String {
        guard reason != 0 else { return " (the address is free: libmicrohttpd could not start its threads or sockets)" }
        var buffer = [CChar](repeating: 0, count: 128)
        let text = buffer.withUnsafeMutableBufferPointer { String(cString: segued_errno_text(reason, $0.baseAddress, $0.count)) }
        let hint: String
        switch reason {
        case EADDRINUSE: hint = " (another process listens there: choose another --port, or 0 for a free one)"
        case EACCES: hint = " (ports below 1024 need privileges)"
        case EADDRNOTAVAIL: hint = " (no interface of this machine has that address)"
        default: hint = ""
        }
        return ": " + text.prefix(1).lowercased() + text.dropFirst() + hint
    }

    /// Graceful stop (pitfall 11): stop accepting (the listening socket released, so that new
    /// connections are refused), end the streams, let in-flight requests finish until `deadline`,
    /// then stop the daemon.
    func stop(waitingUntil deadline: ContinuousClock.Instant) {
        let first = stopped.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        let server = core.takeUnretainedValue()
        // From now on responses say `Connection: close`, so keep-alive clients leave after their request.
        server.draining.store(true, ordering: .relaxed)
        // The listening socket is released at once rather than after the drain: left open,
        // connections kept arriving in its backlog and waited there for the whole grace period,
        // unanswered, before being reset.
        //
        // With epoll, not through MHD_quiesce_daemon, which races with the workers and aborts the
        // process ("Failed to remove listen FD from epoll set.", libmicrohttpd's daemon.c, 0.9.75 and
        // 1.0.1; met in CI on 2026-11-26, EventStreamTests, streams keeping the workers busy; about 1
        // stop in 400 under load, tests/mhd-stop): segued_mhd_stop_listening points the listen
        // descriptor at a socket that never accepts. With poll, quiescing has no such race.
        if segued_mhd_stop_listening(daemon) != 0 {
            segued_close_socket(MHD_quiesce_daemon(daemon))
        }
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
        // No connection is suspended from now on (a kept-alive client's next request may come after
        // the drain, CI's crash suite); held responses get until halfway to the deadline for their
        // gate, then go out as a 503, so that every one has been resumed before the daemon stops.
        let drained = ContinuousClock.now
        server.held.stop(releasingBy: drained + max(.zero, (deadline - drained) / 2))
        drain(until: deadline)
        ticker.stop()
        MHD_stop_daemon(daemon)
        core.release()
    }

    // MARK: Request validation and TLS

    /// Runs `start` with the flags and the MHD_OPTION_ARRAY of request validation and TLS
    /// (segued_mhd_security_options): the URI log callback that makes each request's context, and
    /// with `tls` MHD_USE_TLS plus the PEM certificate and key (libmicrohttpd's own TLS, GnuTLS in
    /// Debian's build), which MHD_start_daemon loads before it returns.
    private static func withSecurityOptions<Result>(
        _ tls: TLSConfiguration?, core: UnsafeMutableRawPointer,
        _ start: (UInt32, UnsafePointer<MHD_OptionItem>) -> Result
    ) -> Result {
        // The client discipline where the running library has the setting (MHDLibrary), else none.
        let discipline = MHDLibrary.running.hasClientDiscipline ? MHDLibrary.clientDiscipline : Int32.min
        var items = [MHD_OptionItem](repeating: MHD_OptionItem(), count: 7)
        return items.withUnsafeMutableBufferPointer { items in
            guard let tls else {
                segued_mhd_security_options(items.baseAddress, discipline, nil, nil, nil, mhdURILogged, core)
                return start(0, UnsafePointer(items.baseAddress!))
            }
            return tls.certificatePEM.withCString { cert in
                tls.keyPEM.withCString { key in
                    tls.priorities.withCString { priorities in
                        segued_mhd_security_options(items.baseAddress, discipline, cert, key, priorities, mhdURILogged, core)
                        return start(MHD_USE_TLS.rawValue, UnsafePointer(items.baseAddress!))
                    }
                }
            }
        }
    }

    /// The event loop libmicrohttpd runs, as it reports its flags.
    var eventLoop: ServerConfiguration.EventLoop { segued_mhd_uses_epoll(daemon) != 0 ? .epoll : .poll }

    var requestsInFlight: Int { core.takeUnretainedValue().inFlight.load(ordering: .relaxed) }
}
