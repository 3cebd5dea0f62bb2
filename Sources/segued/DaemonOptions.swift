import ArgumentParser
import Foundation

/// How `segued test` and `segued explore` reach a running daemon: its URL, the bearer token it
/// asks for, and the CA its TLS certificate chains to.
struct DaemonOptions: ParsableArguments {
    @Option(help: "Run on this daemon (http://127.0.0.1:8080, or https://HOST:PORT) instead of in process.")
    var url: String?

    @Option(help: "A file holding the bearer token the daemon asks for (else SEGUED_TOKEN).")
    var tokenFile: String?

    @Option(help: "With an https:// --url: the PEM file of the CA the daemon's certificate chains to (else the system's CAs).")
    var cacert: String?

    func validate() throws {
        if cacert != nil, url?.hasPrefix("https://") != true { throw ValidationError("--cacert goes with an https:// --url") }
        if let cacert, !FileManager.default.isReadableFile(atPath: cacert) { throw ValidationError("--cacert: cannot read \(cacert)") }
    }

    /// The client of the daemon `--url` names; nil without `--url` (in process).
    func client() throws -> DaemonClient? {
        guard let url else { return nil }
        return try DaemonClient(base: url, token: try token(), caFile: cacert)
    }

    func token() throws -> String? {
        if let tokenFile {
            guard let data = FileManager.default.contents(atPath: tokenFile) else { throw ValidationError("cannot read \(tokenFile)") }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return ProcessInfo.processInfo.environment["SEGUED_TOKEN"]
    }
}
