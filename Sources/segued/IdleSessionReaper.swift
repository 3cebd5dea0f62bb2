import Foundation
import SeguedService

/// Ends idle sessions periodically on a background thread of its own.
enum IdleSessionReaper {
    static func start(service: SeguedService, every interval: Duration) {
        let thread = Thread {
            while true {
                Thread.sleep(forTimeInterval: Double(interval.components.seconds))
                service.expireIdleSessions()
            }
        }
        thread.name = "segued-reaper"
        thread.start()
    }
}
