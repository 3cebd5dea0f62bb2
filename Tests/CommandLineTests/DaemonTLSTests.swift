import ArgumentParser
import Flows
import Foundation
import HTTPClient
import HTTPServer
import SeguedService
import Testing

@testable import segued

/// Issue 30: `segued test --url https://…` and `segued explore --url https://…` reach a daemon that
/// serves TLS and asks for a token, given `--token-file` and `--cacert`; the certificate is verified.
@Suite(.serialized) struct DaemonTLSTests {
    static let token = "harness-token-0123456789abcdef"

    /// A CA, and a certificate it signs for 127.0.0.1 and localhost, made with openssl (as
    /// tests/adversarial/run.py does) in a new folder.
    static func certificates() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segued-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func openssl(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw FlowError("openssl \(arguments.first!) failed") }
        }
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "1",
            "-subj", "/CN=segued test CA", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign"])
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"])
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n"
            .write(to: folder.appendingPathComponent("ext"), atomically: true, encoding: .utf8)
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "server.pem", "-days", "1", "-extfile", "ext"])
        try (token + "\n").write(to: folder.appendingPathComponent("token"), atomically: true, encoding: .utf8)
        return folder
    }

    static func tlsServer(_ folder: URL) throws -> (Server, SeguedService) {
        let service = SeguedService(configuration: ServiceConfiguration(access: AccessPolicy(token: token, loopbackOnly: true)))
        let tls = TLSConfiguration(
            certificatePEM: try String(contentsOf: folder.appendingPathComponent("server.pem"), encoding: .utf8),
            keyPEM: try String(contentsOf: folder.appendingPathComponent("server.key"), encoding: .utf8))
        let server = Server(configuration: ServerConfiguration(port: 0, tls: tls), handler: service.handle)
        try server.start()
        return (server, service)
    }

    @Test func testAndExplore_overTLSWithAToken_recordAndPass() throws {
        let folder = try Self.certificates()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, _) = try Self.tlsServer(folder)
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let url = "https://127.0.0.1:\(server.port)"
        let connection = ["--url", url, "--token-file", folder.appendingPathComponent("token").path,
                          "--cacert", folder.appendingPathComponent("ca.pem").path]

        // explore records its flows on the daemon, then test passes them there.
        let flows = folder.appendingPathComponent("flows")
        let explore = try Explore.parse(["demo", "-o", flows.path] + connection)
        try explore.run()
        let written = try FileManager.default.contentsOfDirectory(atPath: flows.path).filter { $0.hasSuffix(".flow") }
        #expect(written.count >= 5)
        let anyFlow = try String(contentsOf: flows.appendingPathComponent(written.sorted()[0]), encoding: .utf8)
        #expect(anyFlow.contains("  callbacks:\n"))
        let test = try segued.Test.parse([flows.path] + connection)
        try test.run()

        // The same client without the token is refused by the daemon (401), over a verified connection.
        let anonymous = try DaemonClient(base: url, token: nil, caFile: folder.appendingPathComponent("ca.pem").path)
        #expect(try anonymous.send("GET", "/v1/sessions").status == 401)
        let client = try DaemonClient(base: url, token: Self.token, caFile: folder.appendingPathComponent("ca.pem").path)
        #expect(try client.send("GET", "/v1/sessions").status == 200)
    }

    @Test func aCertificateNotChainingToTheCA_isRefusedNamingWhy() throws {
        let folder = try Self.certificates()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, _) = try Self.tlsServer(folder)
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        // The system's CAs do not know the test CA.
        let untrusting = try DaemonClient(base: "https://127.0.0.1:\(server.port)", token: Self.token)
        do {
            _ = try untrusting.send("GET", "/v1/sessions")
            Issue.record("an untrusted certificate was accepted")
        } catch {
            #expect("\(error)".contains("the server's certificate is not trusted"), "\(error)")
        }
        // Plain HTTP to the TLS port gets no HTTP answer.
        let plain = try DaemonClient(base: "http://127.0.0.1:\(server.port)", token: Self.token)
        #expect(throws: (any Error).self) { try plain.send("GET", "/v1/sessions") }
    }

    @Test func cacertWithoutHTTPS_andBadURLs_areRefused() throws {
        #expect(throws: (any Error).self) { try segued.Test.parse(["x.flow", "--url", "http://127.0.0.1:1", "--cacert", "/etc/hostname"]) }
        #expect(throws: (any Error).self) { try segued.Test.parse(["x.flow", "--url", "https://127.0.0.1:1", "--cacert", "/nonexistent/ca.pem"]) }
        #expect(throws: FlowError.self) { try DaemonClient(base: "ftp://127.0.0.1:1", token: nil) }
        let https = try #require(BlockingHTTPClient(url: "https://localhost"))
        #expect((https.host, https.port, https.usesTLS) == ("localhost", 443, true))
    }
}
