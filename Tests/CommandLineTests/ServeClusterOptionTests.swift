import ArgumentParser
@testable import segued
@testable import SeguedService
import Testing

/// `segued serve --node-id --peer-url` (deploy/cluster): checked before the daemon starts.
struct ServeClusterOptionTests {
    @Test func aNodeNameAndAFront_areAccepted_andReachTheService() throws {
        let serve = try Serve.parse(["--node-id", "n2", "--peer-url", "http://127.0.0.1:9000"])
        var configuration = ServiceConfiguration()
        serve.cluster.apply(to: &configuration, token: nil)
        #expect(configuration.nodeID == "n2")
        let peer = try #require(configuration.storyboardPeer as? HTTPStoryboardPeer)
        #expect(peer.node == "n2")
    }

    @Test func withoutThem_theDaemonIsNoNode() throws {
        var configuration = ServiceConfiguration()
        try Serve.parse([]).cluster.apply(to: &configuration, token: nil)
        #expect(configuration.nodeID == nil)
        #expect(configuration.storyboardPeer == nil)
    }

    @Test(arguments: [
        (["--node-id", "n-2"], "--node-id n-2: 1-16 characters from A-Z a-z 0-9 . _ (no dash: the node's name ends at a session id's first dash), e.g. n2"),
        (["--node-id", ""], "--node-id : 1-16 characters from A-Z a-z 0-9 . _ (no dash: the node's name ends at a session id's first dash), e.g. n2"),
        (["--node-id", "node/2"], "--node-id node/2: 1-16 characters from A-Z a-z 0-9 . _ (no dash: the node's name ends at a session id's first dash), e.g. n2"),
        (["--node-id", String(repeating: "n", count: 17)], "--node-id nnnnnnnnnnnnnnnnn: 1-16 characters from A-Z a-z 0-9 . _ (no dash: the node's name ends at a session id's first dash), e.g. n2"),
        (["--peer-url", "127.0.0.1:9000"], "--peer-url 127.0.0.1:9000: write http://HOST:PORT, e.g. http://127.0.0.1:9000 (the cluster's front)"),
        (["--peer-url", "https://front:9000"], "--peer-url https://front:9000: write http://HOST:PORT, e.g. http://127.0.0.1:9000 (the cluster's front)"),
        (["--peer-url", "http://front:0"], "--peer-url http://front:0: write http://HOST:PORT, e.g. http://127.0.0.1:9000 (the cluster's front)"),
    ])
    func otherValues_areRefusedSayingWhatToWrite(_ arguments: [String], _ message: String) {
        #expect(ServeOptionTests.refusal(arguments) == message)
    }
}
