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

    /// Ends the process when the drain outlasts `grace` (one second of slack for stopping the
    /// server's threads) or when SIGTERM or SIGINT comes again, from a thread of its own.
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
                logger.warning("received a second \(received == SIGTERM ? "SIGTERM" : "SIGINT"); exiting without finishing the drain")
            } else {
                logger.warning("the drain outlasted --shutdown-grace; exiting")
            }
            beforeExit()
            exit(1)
        }
    }

    private static func set(of signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}
