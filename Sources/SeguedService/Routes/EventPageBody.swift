import HTTPServer
import Navigation
import Synchronization

/// The body of a long event page (`GET …/events`), written from the session's event log as the
/// client reads it, a piece at a time under the session's lock: a client that asks for a page and
/// does not read holds no copy of it (a page of 6.6 MB was held whole for each, issue 28; a copy of
/// its events costs about as much as its JSON). The bytes are those of the page written whole
/// (``SeguedService/eventPage``): the events `first...through` the request found, then `tail`.
///
/// The log is bounded: when events of the page leave it before a slow client has read them, the
/// page cannot be completed and the response ends with an error (the connection closes without the
/// last chunk), which a client sees as an incomplete response to ask again.
final class EventPageBody: ResponseBodyProducer {
    /// Pages of more events than this are written in pieces; shorter ones whole (with a
    /// Content-Length, and nothing to keep).
    static let wholeUpTo = 64

    private let session: Session
    private let through: Int
    /// What follows the events: `],"next":…}`.
    private let tail: [UInt8]
    /// Where the writing is: the page opened, an event written (the next takes a comma), the last
    /// sequence written, and the tail written.
    private struct Progress {
        var opened = false
        var anyEvent = false
        var cursor: Int
        var done = false
    }

    private let progress: Mutex<Progress>

    init(session: Session, first: Int, through: Int, tail: [UInt8]) {
        self.session = session
        self.through = through
        self.tail = tail
        progress = Mutex(Progress(cursor: first - 1))
    }

    /// The most a piece holds, whatever room libmicrohttpd offers (it asks again while it has room):
    /// what is written and not yet taken is kept per client until the socket drains.
    static let pieceBytes = 4096

    func nextPiece(capacity offered: Int) -> [UInt8]? {
        let capacity = min(offered, Self.pieceBytes)
        return progress.withLock { progress in
            guard !progress.done else { return [] }
            var w = JSONWriter(capacity: capacity + 1024)
            if !progress.opened {
                w.fragment("{\"events\":[")
                progress.opened = true
            }
            while progress.cursor < through, w.byteCount < capacity {
                let cursor = progress.cursor
                // A few events at a time under the session's lock; `nil` once events of the page
                // have left the log since the request: the page can no longer be written.
                let fetched: [LifecycleEvent]? = session.peek { state in
                    guard let held = state.log.firstSequence, held <= cursor + 1 else { return nil }
                    return state.log.events(after: cursor, limit: 16)
                }
                guard let fetched, !fetched.isEmpty else { return nil }
                for index in fetched.indices where fetched[index].sequence <= through && w.byteCount < capacity {
                    if progress.anyEvent { w.fragment(",") }
                    w.afterKey()
                    w.event(fetched, at: index, headers: session.eventHeaders)
                    progress.anyEvent = true
                    progress.cursor = fetched[index].sequence
                }
                // The log holds no more events of the page's range (sequence numbers can skip).
                if progress.cursor == cursor { progress.cursor = through }
            }
            if progress.cursor >= through, w.byteCount < capacity {
                w.fragment(tail)
                progress.done = true
            }
            return w.bytes
        }
    }
}
