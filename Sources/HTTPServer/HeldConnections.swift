import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The connections suspended while their response waits for its ``ResponseGate``
/// (MHD/MHDDeferredResponse.swift), and whether the server is stopping.
///
/// libmicrohttpd aborts the process when a worker stops with a connection still suspended
/// (`MHD_PANIC` in `close_all_connections`, 0.9.75 and 1.0.1; notes/libmicrohttpd.md, pitfall 11).
/// The drain waits for the requests in flight, but a kept-alive client can send its next request
/// just after the count reached zero: CI's crash suite (SIGTERM under load) saw that request held
/// back, and the daemon abort. So once the server is stopping nothing is suspended any more (the
/// handler's thread waits for the gate itself), and what was suspended before is released by a
/// deadline: its gate opens, or it is opened with ``HTTPProblem/stoppedBeforeRelease``.
final class HeldConnections: Sendable {
    private struct State {
        var releaseBy: ContinuousClock.Instant?
        var held: [UInt: ResponseGate] = [:]
    }

    private let state = Mutex(State())

    enum Holding {
        case suspended
        /// The server is stopping: nothing was suspended; the response may wait for its gate until then.
        case stopping(releaseBy: ContinuousClock.Instant)
    }

    /// Runs `suspend` (under the lock, so that ``stop(releasingBy:)`` either sees the connection or
    /// is seen) and counts `connection` as held until ``released(_:)``, unless the server is stopping.
    func hold(_ connection: UInt, until gate: ResponseGate, suspend: () -> Void) -> Holding {
        state.withLock { state in
            if let releaseBy = state.releaseBy { return .stopping(releaseBy: releaseBy) }
            state.held[connection] = gate
            suspend()
            return .suspended
        }
    }

    /// `connection`'s gate opened: it is about to be resumed.
    func released(_ connection: UInt) { _ = state.withLock { $0.held.removeValue(forKey: connection) } }

    /// From now on nothing is held. Waits until `deadline` for the gates of what is, and opens those
    /// still closed then with a 503, so that every held connection has been resumed on return.
    func stop(releasingBy deadline: ContinuousClock.Instant) {
        let gates = state.withLock { state in
            state.releaseBy = deadline
            return Array(state.held.values)
        }
        for gate in gates { gate.wait(until: deadline) }
    }

    var count: Int { state.withLock { $0.held.count } }
}

extension ResponseGate {
    /// Waits (polling: this runs only while the server stops) until the gate opens or `deadline`
    /// passes; then opens it with ``HTTPProblem/stoppedBeforeRelease`` if it has not.
    func wait(until deadline: ContinuousClock.Instant) {
        while !outcome.opened, ContinuousClock.now < deadline { usleep(1_000) }
        open(replacing: HTTPProblem.stoppedBeforeRelease.response(
            detail: "The server stopped before this response was released: what the request changed may not have been stored."))
    }
}
