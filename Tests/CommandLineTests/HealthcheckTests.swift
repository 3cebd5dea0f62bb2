import Foundation
import HTTPServer
import Testing

@testable import segued

/// Issue 30: the image's HEALTHCHECK (`segued healthcheck`) follows the daemon's port and TLS
/// settings, read from its command line with serve's own parser.
@Suite(.serialized) struct HealthcheckTests {
    @Test func url_followsPortHostAndTLS() throws {
        #expect(try Healthcheck.url(forServeArguments: []) == "http://127.0.0.1:8080")
        #expect(try Healthcheck.url(forServeArguments: ["serve", "--port", "9000", "--host", "0.0.0.0", "--insecure-no-token"]) == "http://127.0.0.1:9000")
        #expect(try Healthcheck.url(forServeArguments: ["--host", "::1", "--port", "9001"]) == "http://[::1]:9001")
        let folder = try DaemonTLSTests.certificates()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tls = ["--tls-cert", folder.appendingPathComponent("server.pem").path, "--tls-key", folder.appendingPathComponent("server.key").path]
        #expect(try Healthcheck.url(forServeArguments: ["serve", "--port", "8443"] + tls) == "https://127.0.0.1:8443")
        #expect(throws: (any Error).self) { try Healthcheck.url(forServeArguments: ["--port", "0"]) }
    }

    /// A free port: one the kernel gave a server that has stopped.
    static func freePort() throws -> Int {
        let probe = Server(configuration: ServerConfiguration(port: 0), handler: { _ in .init(status: 204) })
        try probe.start()
        defer { probe.shutdown(gracePeriod: .seconds(1)) }
        return probe.port
    }

    @Test func aTLSDaemonOnItsOwnPort_isHealthy_andAStoppedOneIsNot() throws {
        let folder = try DaemonTLSTests.certificates()
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try Self.freePort()
        let daemon = try JSONLogLinesTests.Run([
            "serve", "--port", "\(port)", "--tls-cert", folder.appendingPathComponent("server.pem").path,
            "--tls-key", folder.appendingPathComponent("server.key").path,
        ])
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        #expect(daemon.waitForLine { $0 == "https://127.0.0.1:\(port)" } != nil, "\(daemon.lines)")
        let check = try JSONLogLinesTests.Run(["healthcheck", "--pid", "\(daemon.process.processIdentifier)"])
        #expect(check.waitForExit() == 0)
        #expect(check.lines == ["healthy: https://127.0.0.1:\(port)/healthz answered 200"])

        // The same daemon's command line read while it no longer answers: unhealthy, exit 1.
        let arguments = try Healthcheck.arguments(ofProcess: daemon.process.processIdentifier)
        kill(daemon.process.processIdentifier, SIGSTOP)
        defer { kill(daemon.process.processIdentifier, SIGCONT) }
        let stalled = try JSONLogLinesTests.Run(["healthcheck", "--pid", "\(daemon.process.processIdentifier)", "--timeout", "1"])
        #expect(stalled.waitForExit() == 1)
        #expect(stalled.lines.first?.hasPrefix("unhealthy: https://127.0.0.1:\(port)/healthz") == true, "\(stalled.lines)")
        #expect(arguments.first == "serve")
    }
}
