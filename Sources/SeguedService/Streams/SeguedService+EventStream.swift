import HTTPServer
import Navigation
import Synchronization

/// The streams open in the whole service, against ``ServiceConfiguration/maxStreams``.
final class StreamCounter: Sendable {
    private let open = Atomic<Int>(0)

    init() {}

    var count: Int { open.load(ordering: .relaxed) }

    /// Counts one more stream if fewer than `limit` are open.
    func reserve(limit: Int) -> Bool {
        var current = open.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = open.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func release() { open.subtract(1, ordering: .relaxed) }
}

extension SeguedService {
    /// `GET /v1/sessions/{id}/events/stream` (CONTRACTS.md §2): `dropped` if the requested start is
    /// gone, the backlog after `Last-Event-ID` (or `?after=`; neither: from now), `state`, then each
    /// operation live, until the session ends or the client goes.
    func openEventStream(_ request: Request, _ id: String) throws(Problem) -> Response {
        let session = try lookupSession(id)
        let requested = try Self.streamStart(request)
        let counter = streamCount
        guard counter.reserve(limit: configuration.maxStreams) else {
            throw .tooManyStreams(limit: configuration.maxStreams, ofSession: false)
        }
        let feed = session.feed
        let stream = ResponseStream(
            maxQueuedBytes: configuration.maxStreamQueue,
            onShutdown: { stream in stream.finish(sending: EventStreamMessages.end(.shutdown)) },
            onClose: { stream, _ in
                feed.remove(stream)
                counter.release()
            })
        // Under the session's lock, where operations publish: each is in the backlog or sent live.
        let joined: SessionFeed.Joining = session.read { state in
            let after = requested ?? (state.navigation.nextEventSequence - 1)
            let joining = feed.add(stream, limit: configuration.maxStreamsPerSession)
            if joining == .joined {
                EventBacklog.start(stream, session: session, after: after, log: state.log, navigation: state.navigation)
            }
            return joining
        }
        switch joined {
        case .joined:
            return Response(
                status: 200,
                headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")],
                stream: stream)
        case .full:
            counter.release()
            throw .tooManyStreams(limit: configuration.maxStreamsPerSession, ofSession: true)
        case .ended:
            counter.release()
            throw .unknownSession(id)
        }
    }

    /// Where a stream starts: after `Last-Event-ID` (what a reconnecting client sends), else after
    /// `?after=`, else `nil` (after the last event now). Both are checked whichever wins: a query
    /// the schema refuses is a 400 even beside a `Last-Event-ID` (issue 30, found by schemathesis).
    static func streamStart(_ request: Request) throws(Problem) -> Int? {
        let after = request.queryValue("after") == nil ? nil : try intParameter(request, "after", default: 0, range: sequenceRange)
        if let field = request.header("last-event-id") {
            // Spaces and tabs around a field value are not part of it (RFC 9110 §5.5), so ` 5 ` is 5;
            // anything else but digits (`+5`, `5 6`, `0x5`) is refused (issue 53: `+5` was taken).
            let value = field.trimmingOptionalWhitespace
            guard let value = decimalInteger(value), sequenceRange.contains(value) else {
                throw .invalidParameter("Last-Event-ID", "expected an event sequence number (an integer in \(sequenceRange.lowerBound)...\(sequenceRange.upperBound))")
            }
            return value
        }
        return after
    }
}

extension Problem {
    /// Past ``ServiceConfiguration/maxStreams`` or ``ServiceConfiguration/maxStreamsPerSession``.
    static func tooManyStreams(limit: Int, ofSession: Bool) -> Problem {
        Problem(.tooManyStreams, detail: ofSession
                ? "The session has its limit of \(limit) open event streams; close one first."
                : "The server has its limit of \(limit) open event streams; close one or try again later.",
            extensions: [("limit", .int(limit))], headers: [("Retry-After", "10")])
    }
}
