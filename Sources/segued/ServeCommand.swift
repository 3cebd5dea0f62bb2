public import ArgumentParser
import Foundation
import HTTPServer
public import Logging
public import Navigation
import SeguedService
import Storyboard

/// `segued serve`: starts the daemon. With no `--storyboard` it serves only the built-in demo.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start the HTTP daemon.")

    @Option(help: "Address to listen on (an IPv4 or IPv6 literal; 0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(name: .customLong("storyboard"), help: "A storyboard to load at start: segued JSON, a .storyboard file, or an app bundle from segued import (repeatable).")
    var storyboards: [String] = []

    @Option(help: "An Xcode project folder to serve: its storyboards and the unwind actions its sources implement.")
    var app: String?

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

    @Option(help: "Memory budget in bytes for what sessions and storyboards hold, as the service estimates it; past it new sessions, uploads and commands that grow a session are refused with 503 (default: half the smaller of physical memory and the cgroup's memory.max).")
    var maxMemory: Int?

    @Option(help: "HTTP worker threads (default: the number of cores).")
    var threads: Int?

    @Option(help: "Seconds an idle connection is kept open.")
    var connectionTimeout = 30

    @Option(name: .customLong("cors-origin"), help: "A browser origin allowed to call the API, e.g. http://localhost:3000 (repeatable).")
    var corsOrigins: [String] = []

    @Option(help: "Seconds in-flight requests get to finish on SIGTERM or SIGINT.")
    var shutdownGrace = 10

    @Option(help: "trace, debug (one line per request), info (lifecycle), notice, warning, error or critical.")
    var logLevel: Logger.Level = .info

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        guard maxSessions > 0 else { throw ValidationError("--max-sessions must be positive") }
        guard maxStoryboards > 0 else { throw ValidationError("--max-storyboards must be positive") }
        guard maxStoryboardBytes > 0 else { throw ValidationError("--max-storyboard-bytes must be positive") }
        guard maxInstances > 0 else { throw ValidationError("--max-instances must be positive") }
        guard sessionTTL > 0 else { throw ValidationError("--session-ttl must be positive") }
        guard eventLogSize > 0 else { throw ValidationError("--event-log-size must be positive") }
        guard eventLogBytes > 0 else { throw ValidationError("--event-log-bytes must be positive") }
        guard maxSessionData > 0 else { throw ValidationError("--max-session-data must be positive") }
        guard maxBodySize > 0 else { throw ValidationError("--max-body-size must be positive") }
        guard maxUploadSize > 0 else { throw ValidationError("--max-upload-size must be positive") }
        if let threads, threads <= 0 { throw ValidationError("--threads must be positive") }
        if let maxMemory, maxMemory <= 0 { throw ValidationError("--max-memory must be positive") }
        guard connectionTimeout > 0 else { throw ValidationError("--connection-timeout must be positive") }
        guard shutdownGrace >= 0 else { throw ValidationError("--shutdown-grace must not be negative") }
    }

    func run() throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "segued")
        // Block the signals before libmicrohttpd starts its threads, which inherit the mask, so that
        // only the main thread's sigwait receives them (notes/libmicrohttpd.md, pitfall 11).
        let signals = SignalWaiter(blocking: [SIGTERM, SIGINT])

        let service = SeguedService(
            configuration: ServiceConfiguration(
                maxSessions: maxSessions, maxStoryboards: maxStoryboards, maxStoryboardBytes: maxStoryboardBytes,
                maxInstances: maxInstances, maxSessionData: maxSessionData,
                sessionTTL: .seconds(sessionTTL), eventLogCapacity: eventLogSize, eventLogBytes: eventLogBytes,
                defaultProfile: profile, maxBodySize: maxBodySize, maxUploadSize: maxUploadSize,
                maxMemory: maxMemory ?? ServiceConfiguration.machineMemoryBudget),
            logger: logger)
        for path in storyboards {
            let imported = try StoryboardFile.load(path)
            let id = service.addStoryboard(imported.storyboard, warnings: imported.warnings)
            logger.info("loaded storyboard \(imported.storyboard.name) from \(path) as \(id), \(imported.warnings.count) warnings")
        }
        if let app {
            let imported = try StoryboardFile.importBundle(try StoryboardBundle.read(folder: app, entry: nil))
            let id = service.addStoryboard(imported.storyboard, warnings: imported.warnings)
            logger.info("serving app \(imported.storyboard.name) from \(app) as \(id), \(imported.warnings.count) warnings")
        }
        let server = Server(
            configuration: ServerConfiguration(
                host: host, port: port, threads: threads, connectionTimeout: connectionTimeout,
                maxBodySize: maxBodySize, routeBodyLimit: service.bodyLimit, cors: CORSPolicy(allowedOrigins: Set(corsOrigins))),
            handler: service.handle)
        do {
            try server.start()
        } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode(1)
        }
        logger.info("memory budget: \((maxMemory ?? ServiceConfiguration.machineMemoryBudget) >> 20) MiB (--max-memory)")
        let shownHost = host.contains(":") ? "[\(host)]" : host
        logger.info("segued \(Segued.version) listening on http://\(shownHost):\(server.port) (demo storyboard: \(service.demoStoryboardID), also \"demo\")")
        IdleSessionReaper.start(service: service, every: .seconds(min(60, max(1, sessionTTL / 2))), logger: logger)

        let signal = signals.wait()
        logger.info("received \(signal == SIGTERM ? "SIGTERM" : "SIGINT"); refusing new connections, finishing in-flight requests")
        service.beginShutdown()
        server.shutdown(gracePeriod: .seconds(shutdownGrace))
        logger.info("stopped")
    }
}

extension Profile: ExpressibleByArgument {}

extension Logger.Level: @retroactive ExpressibleByArgument {}
