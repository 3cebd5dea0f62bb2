import ArgumentParser
import Foundation
import HTTPClient
import HTTPServer

/// `segued healthcheck`: the Dockerfile's HEALTHCHECK. It asks `/healthz` of the daemon the container
/// runs, at the port and with the scheme that daemon was started with: its command line
/// (`/proc/PID/cmdline`, PID 1 in the image) is parsed by `serve`'s own parser, so `--port`,
/// `--tls-cert` and `--host` given to `docker run` are followed (issue 30: the check hard-coded plain
/// HTTP on 8080). Exits 0 on a 200, else 1 with the reason.
struct Healthcheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Exit 0 when the daemon answers /healthz with 200, at the port and scheme its command line gives (the image's HEALTHCHECK).")

    @Option(help: "The daemon's process id: its command line gives the port, TLS and address.")
    var pid: Int32 = 1

    @Option(help: "Seconds to wait for the answer.")
    var timeout = 3

    func run() throws {
        let url = try Self.url(forServeArguments: try Self.arguments(ofProcess: pid))
        // Not verified: the probe is on loopback, the certificate names the public host, and no token is sent.
        guard let client = BlockingHTTPClient(url: url, timeoutSeconds: timeout, verifiesCertificate: false) else {
            throw ValidationError("cannot probe \(url)")
        }
        let status: Int
        do {
            status = try client.send("GET", "/healthz").status
        } catch {
            print("unhealthy: \(url)/healthz: \(error)")
            throw ExitCode(1)
        }
        guard status == 200 else {
            print("unhealthy: \(url)/healthz answered \(status)")
            throw ExitCode(1)
        }
        print("healthy: \(url)/healthz answered 200")
    }

    /// A process's arguments, without the program: `/proc/PID/cmdline`'s NUL-separated words.
    static func arguments(ofProcess pid: Int32) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else {
            throw ValidationError("cannot read the command line of process \(pid)")
        }
        return data.split(separator: 0, omittingEmptySubsequences: false).dropFirst().map { String(decoding: $0, as: UTF8.self) }
            .filter { !$0.isEmpty }
    }

    /// Where a daemon started with these arguments answers on this machine: its scheme and port,
    /// and loopback for an address that listens on every interface.
    static func url(forServeArguments arguments: [String]) throws -> String {
        let options = arguments.first == "serve" ? Array(arguments.dropFirst()) : arguments
        let serve = try Serve.parse(options)
        guard serve.port != 0 else { throw ValidationError("the daemon listens on a port it picked (--port 0): give it a port") }
        let host: String
        switch serve.host {
        case "0.0.0.0": host = "127.0.0.1"
        case "::": host = "[::1]"
        case let address where address.contains(":"): host = "[\(address)]"
        case let address: host = address
        }
        return "\(serve.tlsCert == nil ? "http" : "https")://\(host):\(serve.port)"
    }
}
