import HTTPServer
import Navigation
import Synchronization

/// Writes an event stream's backlog from the session's event log a piece at a time, each piece when
/// the client has taken the previous one (ResponseStream.catchUp), instead of queuing it whole: a
/// stream that asks for the whole backlog and does not read then holds one piece, not the log
/// written out (1,024 of them took 1.97 GB, issue 28).
///
/// Each piece is written under the session's lock, where operations publish: the piece that reaches
/// the log's end ends the catching up in the same critical section, so every operation is either
/// in the backlog or sent live, never both and never neither. Events the bounded log drops while a
/// slow client catches up are reported as a `dropped` message, as on reconnection.
final class EventBacklog: Sendable {
    /// Bytes a piece holds, about (it ends after the event that passes this): small enough that
    /// thousands of slow clients hold little, large enough that a reading client's piece fills
    /// libmicrohttpd's write buffer.
    static let pieceBytes = 16 << 10

    private let session: Session
    /// The last sequence number written.
    private let cursor: Atomic<Int>

    private init(session: Session, after: Int) {
        self.session = session
        cursor = Atomic(after)
    }

    /// Queues the first piece of the backlog after `after` on `stream` (unbounded by the queue's
    /// bound: the client asked for it) and, if the backlog goes on, makes the stream catch up on
    /// the rest. Call under the session's lock, with `log` and `navigation` its state.
    static func start(
        _ stream: ResponseStream, session: Session, after: Int, log: EventLog, navigation: NavigationState,
        pieceBytes: Int = EventBacklog.pieceBytes
    ) {
        let piece = EventStreamMessages.backlogPiece(
            after: after, log: log, state: navigation, headers: session.eventHeaders, budget: pieceBytes)
        stream.sendInitial(piece.bytes)
        guard !piece.done else { return }
        let backlog = EventBacklog(session: session, after: piece.next)
        stream.catchUp { stream in backlog.writeNextPiece(to: stream, pieceBytes: pieceBytes) }
    }

    private func writeNextPiece(to stream: ResponseStream, pieceBytes: Int) {
        // `peek`: reading a backlog is not a use of the session (its idle time goes on).
        session.peek { state in
            let piece = EventStreamMessages.backlogPiece(
                after: cursor.load(ordering: .relaxed), log: state.log, state: state.navigation,
                headers: session.eventHeaders, budget: pieceBytes)
            cursor.store(piece.next, ordering: .relaxed)
            stream.sendProduced(piece.bytes, caughtUp: piece.done)
        }
    }
}
