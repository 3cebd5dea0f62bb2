import CCurlClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking HTTP client on libcurl (Debian's libcurl4, CCurlClient): `segued test --url`,
/// `segued healthcheck` and a cluster node's storyboard fetches (`--peer-url`). libcurl's own
/// timeouts, TLS (the server's certificate verified against a CA file or the system's trust
/// store) and HTTP parsing; no redirects, no proxies. A client of its own target, not the server's
/// (issue 53): it replaced a hand-written client over GnuTLS.
public struct BlockingHTTPClient: Sendable {
    public struct Reply: Sendable {
        public var status: Int
        public var body: [UInt8]
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public let host: String
    public let port: Int
    public let timeoutSeconds: Int
    /// The longest body an answer may have (a failure past it).
    public let maxBodyBytes: Int
    /// Whether the URL was `https://`.
    public let usesTLS: Bool
    /// The PEM file of the CAs the server's certificate must chain to (`--cacert`); nil: the
    /// system's trust store.
    public let caFile: String?
    /// False only for `segued healthcheck`, which probes the daemon on loopback (its certificate
    /// names the public host) and sends nothing secret.
    public let verifiesCertificate: Bool

    /// `http://HOST:PORT` or `https://HOST:PORT` (an IPv6 host in brackets); nil for anything else.
    public init?(url: String, timeoutSeconds: Int = 30, caFile: String? = nil, verifiesCertificate: Bool = true, maxBodyBytes: Int = 1 << 30) {
        let usesTLS = url.hasPrefix("https://")
        guard usesTLS || url.hasPrefix("http://") else { return nil }
        var rest = Substring(url.dropFirst(usesTLS ? "https://".count : "http://".count))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let host: Substring
        var portText: Substring = usesTLS ? "443" : "80"
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { return nil }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty, !host.contains("/"), let port = Int(portText), (1...65535).contains(port) else { return nil }
        self.host = String(host)
        self.port = port
        self.timeoutSeconds = timeoutSeconds
        self.usesTLS = usesTLS
        self.caFile = caFile
        self.verifiesCertificate = verifiesCertificate
        self.maxBodyBytes = maxBodyBytes
    }

    /// Sends one request and reads its whole answer; throws when there is none (no connection, a
    /// timeout, TLS refused, a body over ``maxBodyBytes``).
    public func send(_ method: String, _ path: String, body: [UInt8]? = nil, headers: [(String, String)] = []) throws(Failure) -> Reply {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        let url = "\(usesTLS ? "https" : "http")://\(hostPart):\(port)\(path)"
        let lines = headers.map { strdup("\($0.0): \($0.1)") }
        defer { for line in lines { free(line) } }
        var reply = segued_http_reply()
        defer { segued_http_reply_free(&reply) }
        let constLines = lines.map { UnsafePointer($0) }
        let result = constLines.withUnsafeBufferPointer { headerLines in
            if let body {
                // A body of 0 bytes is still a body (Content-Length: 0): never a NULL pointer.
                let bytes = body.isEmpty ? [0] : body
                return bytes.withUnsafeBufferPointer { buffer in
                    segued_http_send(method, url, headerLines.baseAddress, lines.count, buffer.baseAddress, body.count,
                                     timeoutSeconds, caFile, verifiesCertificate ? 1 : 0, maxBodyBytes, &reply)
                }
            }
            return segued_http_send(method, url, headerLines.baseAddress, lines.count, nil, 0,
                                    timeoutSeconds, caFile, verifiesCertificate ? 1 : 0, maxBodyBytes, &reply)
        }
        guard result == 0 else {
            throw Failure(description: "\(method) \(url): \(reply.error.map { String(cString: $0) } ?? "no answer")")
        }
        let bytes = reply.body.map { Array(UnsafeBufferPointer(start: $0, count: reply.body_length)) } ?? []
        return Reply(status: reply.status, body: bytes)
    }
}
