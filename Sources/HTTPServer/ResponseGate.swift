import Synchronization

/// What holds a response back until something outside the handler has happened: with
/// `--state-dir`, the commit of the change the response acknowledges. The server sends the
/// response once the gate opens, or the replacement it opened with (the change could not be
/// stored); meanwhile the connection is suspended, holding no server thread, so that the thread
/// serves other requests while the commit runs (MHD/MHDDeferredResponse.swift).
///
/// A response without a gate (every response of a daemon without `--state-dir`) is sent at once.
public final class ResponseGate: Sendable {
    private struct State {
        var opened = false
        var replacement: Response?
        var waiter: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    public init() {}

    /// Lets the response go, or `replacement` in its place. From any thread; the first call decides
    /// (a stopping server opens what is still closed at its deadline, and the commit may come after).
    /// Runs the server's waiter (a connection's resume) outside the lock.
    public func open(replacing replacement: Response? = nil) {
        let waiter = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.opened else { return nil }
            state.opened = true
            state.replacement = replacement
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?()
    }

    /// Whether it has opened, and with what replacement.
    public var outcome: (opened: Bool, replacement: Response?) { state.withLock { ($0.opened, $0.replacement) } }

    /// Runs `waiter` once the gate opens: now, when it has already. One waiter per gate: the server's
    /// (the connection's resume), or, for a response that is not handed to the server but becomes
    /// another gate's replacement (a request answered again once a storyboard came from a peer),
    /// the code that opens that other gate.
    public func whenOpen(_ waiter: @escaping @Sendable () -> Void) {
        let openNow = state.withLock { state -> Bool in
            if state.opened { return true }
            state.waiter = waiter
            return false
        }
        if openNow { waiter() }
    }
}
