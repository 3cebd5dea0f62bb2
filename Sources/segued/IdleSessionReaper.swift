import Foundation
import Logging
import SeguedService

/// Ends idle sessions periodically on a background thread of its own, then gives the memory they
/// held back to the system once there is enough of it (``FreeMemoryReleaser``).
enum IdleSessionReaper {
    static func start(service: SeguedService, every interval: Duration, logger: Logger) {
        let thread = Thread {
            // Owned by this thread alone.
            var releaser = FreeMemoryReleaser(threshold: 32 << 20)
            while true {
                Thread.sleep(forTimeInterval: Double(interval.components.seconds))
                service.expireIdleSessions()
                let start = ContinuousClock.now
                if let released = releaser.releaseIfWorthIt() {
                    logger.info(
                        "returned free memory to the system (\(FreeMemoryReleaser.allocatorName)): \(released.before >> 20) MiB free before, \(released.after >> 20) MiB after, in \(ContinuousClock.now - start)")
                }
            }
        }
        thread.name = "segued-reaper"
        thread.start()
    }
}
