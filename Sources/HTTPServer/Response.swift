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

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value))
    }
}
