/// An HTTP response: status, header fields in order, and the body bytes.
public struct Response: Sendable {
    public var status: Int { didSet { prepared = nil } }
    public var headers: [(name: String, value: String)] { didSet { prepared = nil } }
    public var body: [UInt8] { didSet { prepared = nil } }
    /// The same response already handed to libmicrohttpd (``preparedForReuse()``); any change above drops
    /// it, so what is sent is always what these properties say.
    public internal(set) var prepared: PreparedResponse?
    /// A body written while it is sent (``ResponseStream``), in place of `body`: sent chunked, for as
    /// long as the stream is open.
    public var stream: ResponseStream?
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
        let name = name.lowercased()
        return (requestHeaders.first { $0.name.lowercased() == name } ?? headers.first { $0.name.lowercased() == name })?.value
    }

    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value))
    }

    /// Sets a field of ``requestHeaders``, replacing any field of that name (one in ``headers`` too,
    /// which then drops the prepared form; the responses that are prepared have none).
    public mutating func setRequestHeader(_ name: String, _ value: String) {
        let lowercased = name.lowercased()
        if headers.contains(where: { $0.name.lowercased() == lowercased }) { headers.removeAll { $0.name.lowercased() == lowercased } }
        requestHeaders.removeAll { $0.name.lowercased() == lowercased }
        requestHeaders.append((name, value))
    }
}
