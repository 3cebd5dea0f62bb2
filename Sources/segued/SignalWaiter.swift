import Foundation

/// Blocks signals in the calling thread (and so in every thread started after it) and waits for
/// them with `sigwait`, the way a C daemon does: no async signal handler runs at all.
struct SignalWaiter {
    private var set = sigset_t()

    init(blocking signals: [Int32]) {
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits for one of the blocked signals; returns its number.
    func wait() -> Int32 {
        var set = self.set
        var received: Int32 = 0
        sigwait(&set, &received)
        return received
    }
}
