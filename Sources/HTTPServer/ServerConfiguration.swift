/// How the HTTP server listens and what it tolerates.
public struct ServerConfiguration: Sendable {
    /// An IPv4 or IPv6 address literal; `127.0.0.1` keeps the server local.
    public var host: String
    /// 0 binds an ephemeral port (read it back from ``Server/port``).
    public var port: Int
    /// libmicrohttpd's internal thread pool; defaults to the number of cores.
    public var threads: Int
    /// Seconds a connection may stay idle before it is closed.
    public var connectionTimeout: Int
    public var connectionLimit: Int
    /// Per-connection memory for the request line and headers (431 beyond). libmicrohttpd zeroes
    /// this pool between the requests of a keep-alive connection, so it is paid per request: at
    /// 64 KiB the `memset` was 45% of the daemon's instructions under callgrind (GET stack). 32 KiB
    /// is libmicrohttpd's own default and room for the headers of real clients.
    public var connectionMemoryLimit: Int
    /// Request bodies larger than this are refused with 413.
    public var maxBodySize: Int
    public var cors: CORSPolicy
    /// Serve HTTPS with this certificate and key; `nil` serves plain HTTP.
    public var tls: TLSConfiguration?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, threads: Int? = nil, connectionTimeout: Int = 30,
        connectionLimit: Int = 4096, connectionMemoryLimit: Int = 32 * 1024, maxBodySize: Int = 1 << 20,
        cors: CORSPolicy = CORSPolicy(), tls: TLSConfiguration? = nil
    ) {
        self.host = host
        self.port = port
        self.threads = threads ?? ServerConfiguration.coreCount
        self.connectionTimeout = connectionTimeout
        self.connectionLimit = connectionLimit
        self.connectionMemoryLimit = connectionMemoryLimit
        self.maxBodySize = maxBodySize
        self.cors = cors
        self.tls = tls
    }

    static var coreCount: Int { max(1, sysconfCores()) }
}

#if canImport(Glibc)
    import Glibc
    private func sysconfCores() -> Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
#else
    import Darwin
    private func sysconfCores() -> Int { Int(sysconf(_SC_NPROCESSORS_ONLN)) }
#endif
