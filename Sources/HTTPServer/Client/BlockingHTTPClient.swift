import CTLSClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking HTTP/1.1 client for `segued test --url`: one connection per request
/// (`Connection: close`), the body read to the end; over TLS for `https://` (GnuTLS, CTLSClient),
/// the server's certificate verified against a CA file or the system's trust store. Here rather
/// than on URLSession because FoundationNetworking needs libcurl, which the statically linked
/// release binary does not link (scripts/release-build, .ci/check-ldd); here because its socket
/// calls are unsafe code.
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
    /// Whether the URL was `https://`.
    public let usesTLS: Bool
    /// The PEM file of the CAs the server's certificate must chain to (`--cacert`); nil: the
    /// system's trust store.
    public let caFile: String?
    /// False only for `segued healthcheck`, which probes the daemon on loopback (its certificate
    /// names the public host) and sends nothing secret.
    public let verifiesCertificate: Bool

    /// `http://HOST:PORT` or `https://HOST:PORT` (an IPv6 host in brackets); nil for anything else.
    public init?(url: String, timeoutSeconds: Int = 30, caFile: String? = nil, verifiesCertificate: Bool = true) {
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
    }

    public func send(_ method: String, _ path: String, body: [UInt8]? = nil, headers: [(String, String)] = []) throws(Failure) -> Reply {
        let socket = try connect()
        defer { close(socket) }
        let hostHeader = host.contains(":") ? "[\(host)]" : host
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(hostHeader):\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body?.count ?? 0)\r\n\r\n"
        var connection = try Connection(socket: socket, client: self)
        defer { connection.close() }
        try connection.write(Array(head.utf8) + (body ?? []))
        return try parse(try connection.readAll())
    }

    private func connect() throws(Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw Failure(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            let socket = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if socket >= 0 {
                var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
                setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                if Glibc.connect(socket, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return socket }
                close(socket)
            }
            entry = info.pointee.ai_next
        }
        throw Failure(description: "cannot connect to \(host):\(port): \(String(cString: strerror(errno)))")
    }

    /// The status and the body (`Content-Length` bytes, or chunks, or all that follows the head).
    private func parse(_ bytes: [UInt8]) throws(Failure) -> Reply {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw Failure(description: "an incomplete answer from \(host):\(port)")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n")
        let statusWords = head.first?.split(separator: " ") ?? []
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { throw Failure(description: "not an HTTP answer") }
        var body = Array(bytes[(end + 4)...])
        let chunked = head.dropFirst().contains { $0.lowercased().hasPrefix("transfer-encoding:") && $0.lowercased().contains("chunked") }
        if chunked { body = try dechunk(body) }
        return Reply(status: status, body: body)
    }

    private func dechunk(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\r")) else { break }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText, radix: 16) else { throw Failure(description: "a bad chunk") }
            if size == 0 { break }
            let start = lineEnd + 2
            guard start + size <= bytes.count else { throw Failure(description: "a truncated chunk") }
            result += bytes[start..<(start + size)]
            index = start + size + 2
        }
        return result
    }
}

/// One request's connection: the socket itself, or a TLS session over it.
private struct Connection {
    let socket: Int32
    let client: BlockingHTTPClient
    private var tls: UnsafeMutableRawPointer?

    init(socket: Int32, client: BlockingHTTPClient) throws(BlockingHTTPClient.Failure) {
        self.socket = socket
        self.client = client
        guard client.usesTLS else { return }
        var error = [CChar](repeating: 0, count: 512)
        guard let session = segued_tls_connect(socket, client.host, client.caFile, client.verifiesCertificate ? 1 : 0, &error, error.count) else {
            throw Self.failure("TLS with \(client.host):\(client.port) failed", error)
        }
        tls = session
    }

    mutating func close() {
        if let tls { segued_tls_close(tls) }
        tls = nil
    }

    func write(_ bytes: [UInt8]) throws(BlockingHTTPClient.Failure) {
        var sent = 0
        var error = [CChar](repeating: 0, count: 256)
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                if let tls { return segued_tls_send(tls, buffer.baseAddress! + sent, buffer.count - sent, &error, error.count) }
                return Glibc.send(socket, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0, tls == nil, errno == EINTR { continue }
            guard count > 0 else {
                if tls != nil { throw Self.failure("cannot send to \(client.host):\(client.port)", error) }
                throw BlockingHTTPClient.Failure(description: "cannot send to \(client.host):\(client.port): \(String(cString: strerror(errno)))")
            }
            sent += count
        }
    }

    func readAll() throws(BlockingHTTPClient.Failure) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var error = [CChar](repeating: 0, count: 256)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                if let tls { return segued_tls_recv(tls, buffer.baseAddress, buffer.count, &error, error.count) }
                return recv(socket, buffer.baseAddress, buffer.count, 0)
            }
            if count < 0, tls == nil, errno == EINTR { continue }
            guard count >= 0 else {
                if tls != nil { throw Self.failure("no answer from \(client.host):\(client.port)", error) }
                throw BlockingHTTPClient.Failure(description: "no answer from \(client.host):\(client.port): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return received }
            received += chunk[0..<count]
        }
    }

    private static func failure(_ what: String, _ message: [CChar]) -> BlockingHTTPClient.Failure {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return BlockingHTTPClient.Failure(description: "\(what): \(text)")
    }
}
