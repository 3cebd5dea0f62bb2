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
        (["--peer-url", "127.0.0.1:9000"], "--peer-url 127.0.0.1:9000: write https://HOST:PORT or http://HOST:PORT, e.g. https://front.internal:9443 (the cluster's front)"),
        (["--peer-url", "ftp://front:9000"], "--peer-url ftp://front:9000: write https://HOST:PORT or http://HOST:PORT, e.g. https://front.internal:9443 (the cluster's front)"),
        (["--peer-url", "http://front:0"], "--peer-url http://front:0: write https://HOST:PORT or http://HOST:PORT, e.g. https://front.internal:9443 (the cluster's front)"),
        (["--peer-url", "http://front:9000", "--peer-ca-file", "/etc/hostname"], "--peer-ca-file goes with an https:// --peer-url"),
        (["--peer-url", "https://front:9000", "--peer-ca-file", "/nonexistent/ca.pem"], "--peer-ca-file: cannot read /nonexistent/ca.pem"),
    ])
    func otherValues_areRefusedSayingWhatToWrite(_ arguments: [String], _ message: String) {
        #expect(ServeOptionTests.refusal(arguments) == message)
    }

    /// Issue 53, item 7: the token goes to the peer with every fetch; over plain HTTP beyond this
    /// machine anyone on the path reads it, so the daemon says so at start.
    @Test(arguments: [
        ("http://10.0.0.5:9000", "token", true), ("http://haproxy.internal:9000", "token", true), ("http://[fd00::5]:9000", "token", true),
        ("http://127.0.0.1:9000", "token", false), ("http://localhost:9000", "token", false), ("http://[::1]:9000", "token", false),
        ("https://haproxy.internal:9443", "token", false), ("http://10.0.0.5:9000", nil, false),
    ] as [(String, String?, Bool)])
    func aTokenInPlainTextToAnotherMachine_isWarnedOf(_ url: String, _ token: String?, _ warned: Bool) throws {
        let warning = try Serve.parse(["--peer-url", url]).cluster.plainTextTokenWarning(token: token)
        #expect(warning == (warned ? "--peer-url \(url): this node's token goes to the peer in plain text over the network; use https:// (docs/deploying.md)" : nil))
    }
}
