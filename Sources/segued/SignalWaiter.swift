import Foundation
import Logging

/// Blocks signals in the calling thread (and so in every thread started after it) and waits for
/// them with `sigwait`, the way a C daemon does: no async signal handler runs at all.
struct SignalWaiter: Sendable {
    private let signals: [Int32]

    init(blocking signals: [Int32]) {
        self.signals = signals
        var set = Self.set(of: signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits for one of the blocked signals; returns its number.
    func wait() -> Int32 {
        var set = Self.set(of: signals)
        var received: Int32 = 0
        sigwait(&set, &received)
        return received
    }

    /// Signals whose default action ends a process but that ask nothing of segued: received,
    /// logged and ignored (SIGHUP and SIGUSR1 because there is no log file to reopen).
    static let ignoredAndLogged: [Int32] = [SIGHUP, SIGUSR1, SIGALRM, SIGVTALRM, SIGIO, SIGPWR]

    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGHUP: "SIGHUP"
        case SIGUSR1: "SIGUSR1"
        case SIGALRM: "SIGALRM"
        case SIGVTALRM: "SIGVTALRM"
        case SIGIO: "SIGIO"
        case SIGPWR: "SIGPWR"
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        default: "signal \(signal)"
        }
    }

    /// Ends the process when the drain outlasts `grace` (one second of slack for stopping the
    /// server's threads), with status 1, or when SIGTERM or SIGINT comes again, from a thread of
    /// its own. A second signal ends the process by that signal's default action, as if no drain
    /// had been asked for (a shell reports 143 or 130, a supervisor a stop by SIGTERM, not a
    /// failure); status 1 was indistinguishable from a crash (issue 53).
    /// `beforeExit` runs just before (it writes the buffered log lines).
    func exitWhenDrainOverruns(grace: Duration, logger: Logger, beforeExit: @escaping @Sendable () -> Void = {}) {
        let waiter = self
        Thread.detachNewThread {
            var set = Self.set(of: [SIGTERM, SIGINT])
            let seconds = grace.components.seconds + 1
            var timeout = timespec(tv_sec: Int(seconds), tv_nsec: 0)
            let received = sigtimedwait(&set, nil, &timeout)
            _ = waiter
            if received > 0 {
                logger.warning("received a second \(Self.name(of: received)); exiting without finishing the drain")
                beforeExit()
                Self.endByDefaultAction(of: received)
            }
            logger.warning("the drain outlasted --shutdown-grace; exiting")
            beforeExit()
            exit(1)
        }
    }

    /// Restores the signal's default action and delivers it to this thread with the signal
    /// unblocked: the process ends by it. `_exit` with 128 + the number is the fallback.
    private static func endByDefaultAction(of received: Int32) -> Never {
        signal(received, SIG_DFL)
        var only = set(of: [received])
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(received)
        _exit(128 + received)
    }

    private static func set(of signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}
