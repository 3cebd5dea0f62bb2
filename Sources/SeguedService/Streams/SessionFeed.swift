import HTTPServer
import Navigation
import Synchronization

/// The open event streams of one session.
///
/// A session asks ``hasSubscribers`` (one atomic load) after each operation, under its lock, and
/// only then has its messages written and published: with no stream open, an operation costs
/// nothing more. Publishing under the session's lock keeps the messages in the order of the
/// operations, and a subscription made under the same lock sees each operation either in its
/// backlog or live, never both and never neither.
final class SessionFeed: Sendable {
    private struct Subscribers {
        var streams: [ResponseStream] = []
        /// The session ended: no stream may subscribe any more.
        var ended = false
    }

    private let subscribers = Mutex(Subscribers())
    private let count = Atomic<Int>(0)

    init() {}

    var hasSubscribers: Bool { count.load(ordering: .relaxed) > 0 }

    var subscriberCount: Int { count.load(ordering: .relaxed) }

    enum Joining { case joined, full, ended }

    /// Adds `stream` unless the session holds `limit` streams or has ended.
    func add(_ stream: ResponseStream, limit: Int) -> Joining {
        subscribers.withLock { subscribers in
            if subscribers.ended { return .ended }
            guard subscribers.streams.count < limit else { return .full }
            subscribers.streams.append(stream)
            count.store(subscribers.streams.count, ordering: .relaxed)
            return .joined
        }
    }

    /// Removes `stream`; `true` when it was there.
    @discardableResult
    func remove(_ stream: ResponseStream) -> Bool {
        subscribers.withLock { subscribers in
            guard let index = subscribers.streams.firstIndex(where: { $0 === stream }) else { return false }
            subscribers.streams.remove(at: index)
            count.store(subscribers.streams.count, ordering: .relaxed)
            return true
        }
    }

    /// Sends `bytes` to every stream. A stream that does not keep up is dropped by ``ResponseStream``
    /// itself, which then removes it from here through its close handler (after this returns: the
    /// streams are sent to outside this lock).
    func publish(_ bytes: [UInt8]) {
        let streams = subscribers.withLock { $0.streams }
        for stream in streams { stream.send(bytes) }
    }

    /// Sends `end` and finishes every stream; later subscriptions are refused.
    func end(_ reason: EventStreamMessages.EndReason) {
        let streams = subscribers.withLock { subscribers in
            subscribers.ended = true
            return subscribers.streams
        }
        let message = EventStreamMessages.end(reason)
        // Even to a stream still catching up on its backlog: it ends where it is, with this message.
        for stream in streams { stream.finish(sending: message) }
    }
}

extension Session {
    /// Sends an operation's messages to the session's streams; called under the session's lock.
    func publish(_ name: OperationRecord.Name, _ transcript: Transcript, _ navigation: NavigationState, command: Command?) {
        feed.publish(EventStreamMessages.operation(name, transcript, state: navigation, headers: eventHeaders, command: command))
    }
}
