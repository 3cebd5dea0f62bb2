import ArgumentParser
import Foundation
import HTTPServer
import SeguedService
import Testing

@testable import segued

/// Issue 53, item 7: a node fetches storyboards from an `https://` front (`--peer-url`,
/// `--peer-ca-file`), verifying its certificate, with its token; before, only `http://` was accepted.
@Suite(.serialized) struct PeerOverTLSTests {
    @Test func aStoryboard_isFetchedOverTLS_withTheToken_andAnUntrustedPeerGivesNothing() throws {
        let folder = try DaemonTLSTests.certificates()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, peerService) = try DaemonTLSTests.tlsServer(folder)
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let url = "https://127.0.0.1:\(server.port)"
        let ca = folder.appendingPathComponent("ca.pem").path
        let id = peerService.demoStoryboardID

        let serve = try Serve.parse(["--node-id", "n2", "--peer-url", url, "--peer-ca-file", ca])
        var configuration = ServiceConfiguration()
        serve.cluster.apply(to: &configuration, token: DaemonTLSTests.token)
        let peer = try #require(configuration.storyboardPeer)
        let body = try peer.fetch(id).get()
        #expect(String(decoding: body, as: UTF8.self).contains("\"id\":\"\(id)\""))
        #expect(serve.cluster.plainTextTokenWarning(token: DaemonTLSTests.token) == nil)

        // Without the token the peer refuses (401); without the CA the certificate is not trusted.
        serve.cluster.apply(to: &configuration, token: nil)
        #expect(throws: StoryboardPeerFailure.self) { try configuration.storyboardPeer!.fetch(id).get() }
        var untrusting = ServiceConfiguration()
        try Serve.parse(["--peer-url", url]).cluster.apply(to: &untrusting, token: DaemonTLSTests.token)
        switch untrusting.storyboardPeer!.fetch(id) {
        case .success: Issue.record("an untrusted certificate was accepted")
        case .failure(let failure): #expect(failure.description.contains("certificate"), "\(failure)")
        }
    }
}
