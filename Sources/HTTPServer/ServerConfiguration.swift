/// How the HTTP server listens and what it tolerates.
public struct ServerConfiguration: Sendable {
    /// An IPv4 or IPv6 address literal; `127.0.0.1` keeps the server local.
    public var host: String
    /// 0 binds an ephemeral port (read it back from ``Server/port``).
    public var port: Int
    /// libmicrohttpd's internal thread pool; defaults to the number of cores.
    public var threads: Int
    /// How each of libmicrohttpd's threads waits for its connections (``EventLoop``).
    public var eventLoop: EventLoop
    /// Seconds a connection may stay idle before it is closed.
    public var connectionTimeout: Int
    /// Open connections, streams included; more are refused at once (closed on accept).
    public var connectionLimit: Int
    /// Open connections from one client address; 0: no limit but ``connectionLimit``.
    public var connectionsPerAddress: Int
    /// Seconds a client has to send a whole request (line, headers and body), counted from when the
    /// connection is ready for it: its start, or the end of the previous response. The idle
    /// ``connectionTimeout`` restarts on every byte; this does not, so a client trickling a byte at
    /// a time cannot hold a connection.
    public var requestTimeout: Int
    /// The kernel's send and receive buffers of each connection, in bytes (the kernel doubles them
    /// for its bookkeeping); 0 leaves them to its tuning, which let a client that pipelines requests
    /// and never reads make its connection hold 1.65 MB.
    public var socketBufferSize: Int
    /// Bytes all streams (``ResponseStream``) together may hold for clients that do not read; past
    /// it, the stream being written to is dropped (each stream has its own bound too).
    public var maxStreamBytes: Int
    /// Where the bytes streams hold are counted too (the service's `--max-memory`); `nil`: only
    /// ``maxStreamBytes`` bounds them. Set after `init`, like a field of its own.
    public var heldBytesBudget: (any HeldBytesBudget)?
    /// How often streams get a comment (`: heartbeat`), so that an idle client stays connected
    /// through proxies and one that has gone is noticed.
    public var streamHeartbeat: Duration
    /// Per-connection memory for the request line and headers (431 beyond). libmicrohttpd zeroes
    /// this pool between the requests of a keep-alive connection, so it is paid per request, in
    /// proportion to its size (callgrind counts the `memset`'s `rep stosb` a byte an instruction,
    /// which overstates it: bench/http/NOTES.md). ``defaultConnectionMemoryLimit`` says what is kept.
    public var connectionMemoryLimit: Int
    /// 8 KiB: a request line and headers of up to 4,000 bytes pass (half the pool, less
    /// libmicrohttpd's own use: a `Cookie` value of 3,855 bytes on 0.9.75, 3,887 on 1.0.1, measured
    /// with bench/http/header_room.py), some 25 times what curl and Python send with a segue
    /// (153 and 142 bytes). Clearing it costs 12,300 instructions a request fewer than 16 KiB's did
    /// (issue #52; issue #26 had cut 32 KiB to 16). `segued serve --connection-memory` raises it:
    /// 16384 takes headers of 7.9 KB, 32768 of 16 KB.
    public static let defaultConnectionMemoryLimit = 8 * 1024
    /// Request bodies larger than this are refused with 413, unless ``routeBodyLimit`` gives the
    /// request another limit.
    public var maxBodySize: Int
    /// The body limit of one request, from its method and its path (percent-decoded, without the
    /// query), when it needs another than ``maxBodySize`` (a storyboard upload); nil for the default.
    ///
    /// Called when the request's headers have arrived and before any of its body: libmicrohttpd
    /// hands the body over in pieces, and each piece is kept or dropped against the limit as it
    /// comes (notes/libmicrohttpd.md, pitfall 6). It runs on libmicrohttpd's threads, once a request.
    public var routeBodyLimit: (@Sendable (_ method: String, _ path: String) -> Int?)?
    public var cors: CORSPolicy
    /// Serve HTTPS with this certificate and key; `nil` serves plain HTTP.
    public var tls: TLSConfiguration?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, threads: Int? = nil, connectionTimeout: Int = 30,
        connectionLimit: Int = 4096, connectionMemoryLimit: Int = ServerConfiguration.defaultConnectionMemoryLimit, maxBodySize: Int = 1 << 20,
        routeBodyLimit: (@Sendable (_ method: String, _ path: String) -> Int?)? = nil, cors: CORSPolicy = CORSPolicy(),
        tls: TLSConfiguration? = nil, connectionsPerAddress: Int = 1024, requestTimeout: Int = 30,
        socketBufferSize: Int = 64 << 10, maxStreamBytes: Int = 64 << 20,
        streamHeartbeat: Duration = .seconds(15), eventLoop: EventLoop = .platformDefault
    ) {
        self.eventLoop = eventLoop
        self.host = host
        self.port = port
        self.threads = threads ?? ServerConfiguration.coreCount
        self.connectionTimeout = connectionTimeout
        self.connectionLimit = connectionLimit
        self.connectionMemoryLimit = connectionMemoryLimit
        self.maxBodySize = maxBodySize
        self.routeBodyLimit = routeBodyLimit
        self.cors = cors
        self.tls = tls
        self.connectionsPerAddress = connectionsPerAddress
        self.requestTimeout = requestTimeout
        self.socketBufferSize = socketBufferSize
        self.maxStreamBytes = maxStreamBytes
        self.streamHeartbeat = streamHeartbeat
    }

    /// This configuration with ``heldBytesBudget`` set.
    public func countingHeldBytes(in budget: any HeldBytesBudget) -> ServerConfiguration {
        var configuration = self
        configuration.heldBytesBudget = budget
        return configuration
    }

    /// The body limit of a request with this method and path: ``routeBodyLimit``'s, else ``maxBodySize``.
    public func bodyLimit(method: String, path: String) -> Int {
        routeBodyLimit?(method, path) ?? maxBodySize
    }

    static var coreCount: Int { max(1, sysconfCores()) }

    /// Whether libmicrohttpd is started with epoll: ``EventLoop/epoll`` and a pool of 2 threads or
    /// more. libmicrohttpd 0.9.75's epoll loop without a pool stalls when exactly 128·k connections
    /// are ready (notes/libmicrohttpd.md, pitfall 2), so a single thread polls.
    var usesEpoll: Bool { eventLoop == .epoll && threads > 1 }

    /// libmicrohttpd's way of waiting for its connections' sockets, in each pool thread.
    /// bench/http/connections.sh measures both at 4,096 connections (figures in bench/http/NOTES.md).
    public enum EventLoop: String, Sendable, CaseIterable {
        /// `poll()`: every pass hands the kernel, and then walks, every connection the thread holds.
        case poll
        /// Linux's `epoll`: a pass sees only the connections that are ready. With one thread
        /// (``ServerConfiguration/threads`` 1), `poll` is used instead (``usesEpoll``).
        case epoll

        public static var platformDefault: EventLoop {
            #if os(Linux)
                .epoll
            #else
                .poll
            #endif
        }
    }
}

#if canImport(Glibc)
    import Glibc
    private func sysconfCores() -> Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
#else
    import Darwin
    private func sysconfCores() -> Int { Int(sysconf(_SC_NPROCESSORS_ONLN)) }
#endif
