/// A response body written as the client takes it, a piece each time libmicrohttpd's buffer for the
/// connection has room, instead of whole before the first byte is sent: a client that asks for a
/// large document (an event page of 1,000 events with long scene names, 6.6 MB) and does not read
/// then costs what the producer keeps to write it (the events, which share their storyboard's
/// strings), not the document (issue 28: 1,000 such clients held 1.82 GB).
///
/// Such a body is sent chunked (its length is not known before it is written). The producer is
/// called on one server thread at a time, in order, until it returns an empty piece.
public protocol ResponseBodyProducer: AnyObject, Sendable {
    /// The next bytes of the body, about `capacity` of them (more is allowed: the rest is kept for
    /// the following calls); empty once the body is complete; `nil` when it cannot be completed
    /// (what it was written from is gone): the response then ends with an error, the connection
    /// closing without the last chunk, so that the client sees it incomplete.
    func nextPiece(capacity: Int) -> [UInt8]?
}

extension Response {
    /// The whole body, for a caller in the same process (a test, a tool): `body`, or all that its
    /// producer writes, which it then has written (a producer writes its body once). `nil` when the
    /// producer cannot complete it.
    public func readWholeBody() -> [UInt8]? {
        guard let producer else { return body }
        var whole: [UInt8] = []
        while true {
            guard let piece = producer.nextPiece(capacity: 1 << 16) else { return nil }
            if piece.isEmpty { return whole }
            whole += piece
        }
    }
}
