import Foundation
import Synchronization

/// A thread of the server's own that, four times a second, ends connections past their request
/// deadline (``ServerConfiguration/requestTimeout``) and streams whose client has gone
/// (``StreamHangups``), and sends streams their heartbeat comment
/// (``ServerConfiguration/streamHeartbeat``). Neither needs a server thread: a stream waits
/// suspended, and a slow request's connection is ended by shutting its socket down.
final class ServerTicker: Sendable {
    private let stopped = Atomic<Bool>(false)
    static let interval = Duration.milliseconds(250)
    static let heartbeat = Array(": heartbeat\n\n".utf8)

    init(core: ServerCore) {
        let thread = Thread { [self] in run(core) }
        thread.name = "segued-http-ticker"
        thread.start()
    }

    func stop() { stopped.store(true, ordering: .relaxed) }

    private func run(_ core: ServerCore) {
        let deadline = Int64(core.configuration.requestTimeout) * 1000
        let heartbeat = core.configuration.streamHeartbeat
        var nextHeartbeat = ContinuousClock.now + heartbeat
        while !stopped.load(ordering: .relaxed) {
            Thread.sleep(forTimeInterval: 0.25)
            if deadline > 0 { core.connections.endOverdue(deadline: deadline) }
            // A stream whose client has gone gives its slot back now, not at its next heartbeat.
            StreamHangups.endClosed(core.streams.streams)
            if ContinuousClock.now >= nextHeartbeat {
                nextHeartbeat = ContinuousClock.now + heartbeat
                for stream in core.streams.streams { stream.send(Self.heartbeat) }
            }
        }
    }
}
