public import ArgumentParser
import Foundation
import HTTPServer
public import Logging
public import Navigation
import SeguedService
import Store
import Storyboard

/// `segued serve`: starts the daemon. With no `--storyboard` it serves only the built-in demo.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start the HTTP daemon.")

    @Option(name: .customLong("host"), help: "Address to listen on (an IPv4 or IPv6 literal; 0.0.0.0 for every interface) (default: $SEGUED_HOST, else 127.0.0.1).")
    var hostOption: String?

    /// Where to listen: `--host`, else `SEGUED_HOST` (the image sets it to 0.0.0.0, so that any
    /// arguments given to `docker run` keep the container reachable), else loopback.
    var host: String { Self.host(option: hostOption, environment: ProcessInfo.processInfo.environment) }

    static func host(option: String?, environment: [String: String]) -> String {
        option ?? environment["SEGUED_HOST"].flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
    }

    @Option(help: "Port to listen on; 0 picks a free one. The address listened on is printed on standard output, one line.")
    var port = 8080

    @Option(name: .customLong("storyboard"), help: "A storyboard to load at start: segued JSON, a .storyboard file, or an app bundle from segued import (repeatable).")
    var storyboards: [String] = []

    @Option(help: "An Xcode project folder to serve: its storyboards and the unwind actions its sources implement; sessions start where its Info.plist says.")
    var app: String?

    @Option(help: "With --app: the storyboard sessions start in (default: the one the app's Info.plist names, else Main, else the first by name).")
    var entry: String?

    @Option(help: "Profile of sessions created without one: ios17, ios18, ios12 or ios8.")
    var profile: Profile = .ios17

    @Option(help: "Live sessions beyond this are refused with 503.")
    var maxSessions = 100_000

    @Option(help: "Storyboards held at once, the demo and --storyboard files included; uploads of new ones beyond it are refused with 409.")
    var maxStoryboards = 1_000

    @Option(help: "Total size of the held storyboards as normalized JSON, in bytes (in memory a storyboard takes 3 to 20 times that); uploads beyond it are refused with 409.")
    var maxStoryboardBytes = 16 << 20

    @Option(help: "Live view controllers per session; at it, segues, pushes and presentations are refused with 409, and so are new stacks whose new entries would pass it.")
    var maxInstances = 10_000

    @Option(help: "Bytes of data (the data of segues, unwinds, pushes and presentations, about its JSON size) a session's view controllers may hold; operations handing over more are refused with 409.")
    var maxSessionData = 1 << 20

    @Option(help: "Bytes a session's walk (its commands since launch and their data, what GET …/flow writes) may hold; past them the walk stops and the flow answers 409 saying at which revision (the session goes on).")
    var maxWalkBytes = ServiceConfiguration.defaultMaxWalkBytes

    @Option(help: "Seconds a session may stay unused before it is ended.")
    var sessionTTL = 3600

    @Option(help: "Events kept per session for GET …/events.")
    var eventLogSize = 10_000

    @Option(help: "Bytes of events kept per session beyond the latest operation's (events carry the sender clients send).")
    var eventLogBytes = 1 << 20

    @Option(help: "Largest accepted request body but storyboard uploads', in bytes (413 beyond).")
    var maxBodySize = 1 << 20

    @Option(help: "Largest accepted storyboard upload (POST /v1/storyboards), in bytes (413 beyond).")
    var maxUploadSize = 16 << 20

    @Option(help: "Memory the daemon may use, in bytes: the process's own memory at start, then what sessions, storyboards, connections and the responses held for clients take, as the service estimates it; past it new sessions, uploads, commands that grow a session and large answers are refused with 503 (default: half the smaller of physical memory and the cgroup's memory.max).")
    var maxMemory: Int?

    @Option(help: "HTTP worker threads (default: the number of cores).")
    var threads: Int?

    @Option(help: "Seconds an idle connection is kept open.")
    var connectionTimeout = 30

    @Option(help: "How the HTTP threads wait for their connections: epoll (Linux's default: a wakeup sees only ready connections) or poll (each wakeup walks every open connection).")
    var eventLoop: ServerConfiguration.EventLoop = .platformDefault

    // Connections and streams (issue 22 item 3, issue 20 item 2).
    @Option(help: "Open connections, event streams included; more are refused at once.")
    var maxConnections = 4096

    @Option(help: "Open connections from one client address; 0: only --max-connections applies.")
    var maxConnectionsPerAddress = 1024

    @Option(help: "Seconds a client has to send a whole request, from its connection's start or the end of the previous response (unlike --connection-timeout, not restarted by each byte).")
    var requestTimeout = 30

    @Option(help: "Kernel send and receive buffer of each connection, in bytes (0: the kernel's tuning); bounds what a client that does not read makes the server hold.")
    var socketBuffer = 64 << 10

    @Option(help: "Bytes of memory per connection for the request line and headers (libmicrohttpd clears it for every request); headers over about half of it are refused with 431.")
    var connectionMemory = ServerConfiguration.defaultConnectionMemoryLimit

    @Option(help: "Open event streams in all; more are refused with 503.")
    var maxStreams = 2048

    @Option(help: "Open event streams per session; more are refused with 503.")
    var maxStreamsPerSession = 32

    @Option(help: "Bytes queued for one event stream whose client does not read (beyond the backlog it asked for) before it is dropped.")
    var streamQueueBytes = 256 << 10

    @Option(help: "Bytes queued for all event streams together; past it, the stream written to is dropped.")
    var maxStreamBytes = 64 << 20

    @Option(help: "Seconds between heartbeat comments on event streams.")
    var streamHeartbeat = 15

    @Option(name: .customLong("cors-origin"), help: "A browser origin allowed to call the API, e.g. http://localhost:3000 (repeatable).")
    var corsOrigins: [String] = []

    @Option(help: "Seconds in-flight requests get to finish on SIGTERM or SIGINT; the daemon exits within it (a second signal: at once).")
    var shutdownGrace = 10

    @Option(help: "A file holding the bearer token every request but /healthz, /readyz and /ui/ must carry (default: $SEGUED_TOKEN, else none).")
    var tokenFile: String?

    @Flag(help: "Listen on a non-loopback address without a token (only on a network you trust).")
    var insecureNoToken = false

    @Option(help: "PEM certificate (chain) to serve HTTPS with; needs --tls-key.")
    var tlsCert: String?

    @Option(help: "PEM private key of --tls-cert.")
    var tlsKey: String?

    @Option(help: "The TLS versions and ciphers offered, as a GnuTLS priority string (default: TLS 1.2 and 1.3 with forward-secret AEAD ciphers only; docs/security.md).")
    var tlsPriorities: String?

    @Option(help: "trace, debug, info (lifecycle and one line per request), notice, warning, error or critical.")
    var logLevel: Logger.Level = .info

    @Option(help: "text (one line of text each) or json (one JSON object a line: time, level, message, request_id, method, route, session, status, problem, duration_seconds).")
    var logFormat: LogFormat = .text

    @Flag(help: "Do not log a line per request.")
    var quietRequests = false

    // Durability (issue 27): docs/durability.md.
    @Option(name: .customLong("state-dir"), help: "A directory to keep storyboards and sessions in (SQLite, created if missing), restored at start; one daemon per directory (default: $SEGUED_STATE_DIR, else none: everything in memory).")
    var stateDirOption: String?

    var stateDir: String? { ProcessInfo.processInfo.environment["SEGUED_STATE_DIR"].flatMap { $0.isEmpty ? nil : $0 }.map { stateDirOption ?? $0 } ?? stateDirOption }

    @Option(help: "With --state-dir, what a power loss may cost: always (nothing acknowledged), everysec (about the last second) or never (what the OS had not written). A process crash loses nothing acknowledged in any.")
    var fsync: FsyncPolicy = .everysec

    @OptionGroup(title: "Cluster")
    var cluster: ServeClusterOptions

    func validate() throws {
        if entry != nil, app == nil { throw ValidationError("--entry names the entry storyboard of --app, which is not given") }
        try ServeOptionChecks.within("--port", port, 0...65535)
        try ServeOptionChecks.within("--max-sessions", maxSessions, 1...Int.max)
        try ServeOptionChecks.within("--max-storyboards", maxStoryboards, 1...Int.max)
        try ServeOptionChecks.within("--max-storyboard-bytes", maxStoryboardBytes, 1...Int.max)
        // Up to 2³¹ - 1: an instance counts the presentations it called in 32 bits (Controller).
        try ServeOptionChecks.within("--max-instances", maxInstances, 1...Int(Int32.max))
        // Seconds as a Duration: beyond about 292 years its attoseconds would overflow.
        try ServeOptionChecks.within("--session-ttl", sessionTTL, 1...(1 << 32))
        try ServeOptionChecks.within("--event-log-size", eventLogSize, 1...Int.max)
        try ServeOptionChecks.within("--event-log-bytes", eventLogBytes, 1...Int.max)
        try ServeOptionChecks.within("--max-session-data", maxSessionData, 1...Int.max)
        try ServeOptionChecks.within("--max-walk-bytes", maxWalkBytes, 1...Int.max)
        try ServeOptionChecks.within("--max-body-size", maxBodySize, 1...Int.max)
        try ServeOptionChecks.within("--max-upload-size", maxUploadSize, 1...Int.max)
        if let threads { try ServeOptionChecks.within("--threads", threads, 1...Int.max) }
        if let maxMemory { try ServeOptionChecks.within("--max-memory", maxMemory, 1...Int.max) }
        try ServeOptionChecks.within("--connection-timeout", connectionTimeout, 1...(1 << 32))
        try ServeOptionChecks.within("--max-connections", maxConnections, 1...Int.max)
        try ServeOptionChecks.within("--max-connections-per-address", maxConnectionsPerAddress, 0...Int.max)
        try ServeOptionChecks.within("--request-timeout", requestTimeout, 1...(1 << 32))
        try ServeOptionChecks.within("--socket-buffer", socketBuffer, 0...Int.max)
        try ServeOptionChecks.within("--connection-memory", connectionMemory, 4096...(1 << 24))
        try ServeOptionChecks.within("--max-streams", maxStreams, 0...Int.max)
        try ServeOptionChecks.within("--max-streams-per-session", maxStreamsPerSession, 0...Int.max)
        try ServeOptionChecks.within("--stream-queue-bytes", streamQueueBytes, 1...Int.max)
        try ServeOptionChecks.within("--max-stream-bytes", maxStreamBytes, 1...Int.max)
        try ServeOptionChecks.within("--stream-heartbeat", streamHeartbeat, 1...(1 << 32))
        try ServeOptionChecks.within("--shutdown-grace", shutdownGrace, 0...(1 << 32))
        for origin in corsOrigins { try ServeOptionChecks.corsOrigin(origin) }
        _ = try security()
    }

    func security() throws -> ServeSecurity {
        try ServeSecurity(
            host: host, tokenFile: tokenFile, environment: ProcessInfo.processInfo.environment,
            insecureNoToken: insecureNoToken, tlsCert: tlsCert, tlsKey: tlsKey, tlsPriorities: tlsPriorities)
    }

    func run() throws {
        let level = logLevel
        let format = logFormat
        // Every line goes through one bounded buffer written by its own thread (issue #26): the
        // request line no longer costs a write(2) on the request path.
        let logBuffer = LogBuffer(onFirstDrop: { dropped in
            Logger(label: "segued").warning("the log writer cannot keep up: \(dropped) lines dropped so far (segued_log_lines_dropped_total counts them; --quiet-requests writes fewer)")
        })
        LoggingSystem.bootstrap { label in
            switch format {
            case .text:
                var handler = TextLineLogHandler(label: label, write: { logBuffer.append($0) })
                handler.logLevel = level
                return handler
            case .json:
                var handler = JSONLineLogHandler(write: { logBuffer.append($0) })
                handler.logLevel = level
                return handler
            }
        }
        // Whatever way run() ends, the lines still buffered are written.
        defer { logBuffer.stop() }
        let logger = Logger(label: "segued")
        let security = try security()
        // Block the signals before libmicrohttpd starts its threads, which inherit the mask, so that
        // only the main thread's sigwait receives them (notes/libmicrohttpd.md, pitfall 11). SIGHUP
        // and SIGUSR1, whose default action ends a process, are received to be ignored (logged).
        // SIGALRM, SIGVTALRM, SIGIO and SIGPWR end a process by default too and mean nothing to
        // segued: a stray `kill -ALRM` (or a timer a library armed) ended the daemon (issue 53).
        let signals = SignalWaiter(blocking: [SIGTERM, SIGINT] + SignalWaiter.ignoredAndLogged)
        // SIGUSR2 has no use here and SIGPIPE comes from writing to a pipe whose reader left (stderr
        // taken by a log collector that stopped): both end a process by default, which ended the
        // daemon, and a SIGTERM whose log line hit a closed stderr exited 141 (issue 28). Ignored,
        // a write to such a pipe fails with EPIPE and the line is lost; sockets never raise it
        // (libmicrohttpd sends with MSG_NOSIGNAL).
        signal(SIGUSR2, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        // Started after the signals are blocked, so that its thread inherits the mask too.
        logBuffer.start()

        // --max-memory bounds the process: what clients may make it hold is the rest once its own
        // memory at start (binary, runtime, libraries) is set aside, and an eighth of that rest for
        // what the estimate does not see (the allocator's caches and slack, small bodies written
        // whole); at least a quarter. Counting only what clients hold, RSS reached 256.4 MiB under
        // --max-memory 256MiB with 1,000 hostile readers; with the process's own 27 MiB set aside it
        // still did (258 MiB), the estimate 46 MiB short of RSS at its peak (bench/http/slow_readers.py,
        // issue 28).
        let requestedMemory = maxMemory ?? ServiceConfiguration.machineMemoryBudget
        let ownMemory = SeguedService.residentBytes() ?? 0
        let clientMemory = max((requestedMemory - ownMemory) / 8 * 7, requestedMemory / 4)
        var configuration = ServiceConfiguration(
            maxSessions: maxSessions, maxStoryboards: maxStoryboards, maxStoryboardBytes: maxStoryboardBytes,
            maxInstances: maxInstances, maxSessionData: maxSessionData, maxWalkBytes: maxWalkBytes,
            sessionTTL: .seconds(sessionTTL), eventLogCapacity: eventLogSize, eventLogBytes: eventLogBytes,
            defaultProfile: profile, maxBodySize: maxBodySize, maxUploadSize: maxUploadSize,
            maxMemory: clientMemory,
            maxStreams: maxStreams, maxStreamsPerSession: maxStreamsPerSession, maxStreamQueue: streamQueueBytes,
            access: security.access)
        configuration.logRequests = !quietRequests && level <= .info
        // The request lines, byte for byte what the handlers above would write, without swift-log's
        // metadata dictionary on every request (RequestLineWriter says what that cost).
        configuration.requestLines = RequestLineWriter(
            format: format == .text ? .text(label: "segued") : .json, append: { logBuffer.append(writing: $0) })
        cluster.apply(to: &configuration, token: security.token)
        configuration.logBuffer = logBuffer
        let store = try StateDirectory.open(stateDir, fsync: fsync, logger: logger)
        let service = SeguedService(configuration: configuration, logger: logger, store: store)
        for path in storyboards {
            let imported = try StoryboardFile.load(path)
            let id = service.addStoryboard(imported.storyboard, warnings: imported.warnings)
            logger.info("loaded storyboard \(imported.storyboard.name) from \(path) as \(id), \(imported.warnings.count) warnings")
        }
        if let app {
            let (bundle, reason) = try StoryboardBundle.readExplained(folder: app, entry: entry)
            let imported = try StoryboardFile.importBundle(bundle)
            let id = service.addStoryboard(imported.storyboard, warnings: imported.warnings)
            logger.info("serving app \(imported.storyboard.name) from \(app) as \(id), \(reason), \(imported.warnings.count) warnings")
        }
        let server = Server(
            configuration: ServerConfiguration(
                host: host, port: port, threads: threads, connectionTimeout: connectionTimeout,
                connectionLimit: maxConnections, connectionMemoryLimit: connectionMemory, maxBodySize: maxBodySize, routeBodyLimit: service.bodyLimit,
                cors: CORSPolicy(allowedOrigins: Set(corsOrigins)), tls: security.tls,
                connectionsPerAddress: maxConnectionsPerAddress, requestTimeout: requestTimeout, socketBufferSize: socketBuffer,
                maxStreamBytes: maxStreamBytes, streamHeartbeat: .seconds(streamHeartbeat), eventLoop: eventLoop
            ).countingHeldBytes(in: service.heldBytesBudget),
            handler: service.handle)
        do {
            try server.start()
        } catch {
            // The reason alone (not the error code's name), and the exit status the process ends
            // with, which the JSON line promises (issue 49: "startFailed: cannot listen on …").
            logger.critical("cannot start: \(error.detail)", metadata: ["exit_code": .stringConvertible(1)])
            throw ExitCode(1)
        }
        logger.info("memory budget: \(clientMemory >> 20) MiB for what clients make segued hold (--max-memory \(requestedMemory >> 20) MiB, less \(ownMemory >> 20) MiB the process held at start and an eighth of the rest)")
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let scheme = security.tls == nil ? "http" : "https"
        let auth = security.token == nil ? "no token" : "bearer token required"
        // The one line on standard output (logs go to standard error): a harness that starts a
        // daemon with --port 0 reads the address it got from here.
        let address = "\(scheme)://\(shownHost):\(server.port)"
        print(format == .json ? JSONOutput.addressLine(address) : address)
        fflush(nil)
        logger.info("segued \(Segued.version) listening on \(scheme)://\(shownHost):\(server.port) (\(auth); demo storyboard: \(service.demoStoryboardID), also \"demo\"; \(HTTPLibrary.name) \(HTTPLibrary.version))")
        if security.token == nil, !security.loopbackOnly {
            logger.warning("listening on \(host) without a token (--insecure-no-token): anyone who reaches the port controls every session")
        }
        if let warning = cluster.plainTextTokenWarning(token: security.token) { logger.warning("\(warning)") }
        if let store { try StateDirectory.recover(service, from: store, logger: logger) }
        IdleSessionReaper.start(service: service, every: .seconds(min(60, max(1, sessionTTL / 2))), logger: logger)

        var signal = signals.wait()
        while SignalWaiter.ignoredAndLogged.contains(signal) {
            // Logs go to stderr, so there is nothing to reopen; the default action would end the daemon.
            logger.notice("received \(SignalWaiter.name(of: signal)); ignored (only SIGTERM and SIGINT stop segued)")
            signal = signals.wait()
        }
        logger.info("received \(signal == SIGTERM ? "SIGTERM" : "SIGINT"); refusing new connections, finishing in-flight requests, ending \(service.openStreams) event streams")
        service.beginShutdown()
        // --shutdown-grace is an upper bound: whatever still holds the drain (a handler that does not
        // return, a connection libmicrohttpd waits on) and a second SIGTERM or SIGINT end the process.
        signals.exitWhenDrainOverruns(grace: .seconds(shutdownGrace), logger: logger, beforeExit: logBuffer.stop)
        server.shutdown(gracePeriod: .seconds(shutdownGrace))
        // After the drain, whose requests waited for their commits: the last batch, a checkpoint.
        store?.close()
        logger.info("stopped")
    }
}

extension Profile: ExpressibleByArgument {}

/// `--log-format`: swift-log's text lines, or ``JSONLineLogHandler``'s JSON lines.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// `--event-loop poll|epoll`.
extension ServerConfiguration.EventLoop: ExpressibleByArgument {}
