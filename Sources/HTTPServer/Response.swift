/// An HTTP response: status, header fields in order, and the body bytes.
public struct Response: Sendable {
    public var status: Int { didSet { prepared = nil } }
    public var headers: [(name: String, value: String)] { didSet { prepared = nil } }
    public var body: [UInt8] { didSet { prepared = nil } }
    /// A body written as the client reads it (``ResponseBodyProducer``), in place of `body`: sent chunked.
    public var producer: (any ResponseBodyProducer)? { didSet { prepared = nil } }
    /// The same response already handed to libmicrohttpd (``preparedForReuse()``); any change above drops
    /// it, so what is sent is always what these properties say.
    public internal(set) var prepared: PreparedResponse?
    /// A body written while it is sent (``ResponseStream``), in place of `body`: sent chunked, for as
    /// long as the stream is open.
    public var stream: ResponseStream?
    /// Holds the response back until it opens (the commit of what it acknowledges, with
    /// `--state-dir`); `nil`, as for every response in memory: sent at once.
    public var gate: ResponseGate?
    /// Header fields for the request this answers alone (its request id, `Connection: close` while
    /// draining), sent after `headers`. Changing them keeps `prepared`: a response prepared once and
    /// kept (a session's stack) still goes out with each request's own fields, queued as a cheap
    /// response that shares the prepared body (``PreparedResponse``).
    public private(set) var requestHeaders: [(name: String, value: String)] = []

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `stream`.
    public init(status: Int, headers: [(name: String, value: String)] = [], stream: ResponseStream) {
        self.init(status: status, headers: headers)
        self.stream = stream
    }

    /// The field `name`, from ``requestHeaders`` or ``headers``.
    public func header(_ name: String) -> String? {
        (requestHeaders.first { sameFieldName($0.name, name) } ?? headers.first { sameFieldName($0.name, name) })?.value
    }

    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { sameFieldName($0.name, name) }
        headers.append((name, value))
    }

    /// Sets a field of ``requestHeaders``, replacing any field of that name (one in ``headers`` too,
    /// which then drops the prepared form; the responses that are prepared have none).
    public mutating func setRequestHeader(_ name: String, _ value: String) {
        // Runs on every request (the request id): the checks compare bytes and allocate nothing.
        if headers.contains(where: { sameFieldName($0.name, name) }) { headers.removeAll { sameFieldName($0.name, name) } }
        if requestHeaders.contains(where: { sameFieldName($0.name, name) }) { requestHeaders.removeAll { sameFieldName($0.name, name) } }
        requestHeaders.append((name, value))
    }
}

/// Whether two field names are the same, ASCII letters compared without case (RFC 9110 §5.1; names
/// are ASCII tokens), without making lowercased copies.
func sameFieldName(_ a: String, _ b: String) -> Bool {
    // Over the bytes' spans: zipping the two UTF-8 views cost 1,800 instructions of a GET (callgrind),
    // and every response looks up and sets a few fields.
    // Lengths first: most names compared differ in length, and that needs no span.
    guard a.utf8.count == b.utf8.count else { return false }
    let x = a.utf8.span, y = b.utf8.span
    for index in 0..<x.count where x[index] != y[index] {
        let folded = x[index] | 0x20
        guard folded == y[index] | 0x20, folded >= 0x61, folded <= 0x7A else { return false }
    }
    return true
}
