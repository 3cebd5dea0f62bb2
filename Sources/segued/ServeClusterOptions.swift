import ArgumentParser
import SeguedService

/// `segued serve`'s two cluster options (deploy/cluster, docs/deploying.md): a node's name, and
/// the front it fetches missing storyboards through.
struct ServeClusterOptions: ParsableArguments {
    @Option(help: "This node's name in a cluster (1-16 characters from A-Z a-z 0-9 . _): the session ids it mints start with it and a dash (n2-…), which the front routes by, and every answer carries it in Segued-Node (default: none, ids of 16 hex digits).")
    var nodeId: String?

    @Option(help: "The cluster's front, http://HOST:PORT: a session asked for on a storyboard id this node does not hold fetches it from there once, and keeps it if its content hashes to that id (default: none).")
    var peerUrl: String?

    func validate() throws {
        if let nodeId, !NodeID.isValid(nodeId) {
            throw ValidationError("--node-id \(nodeId): 1-16 characters from A-Z a-z 0-9 . _ (no dash: the node's name ends at a session id's first dash), e.g. n2")
        }
        // Plain HTTP only: nodes reach the front on the cluster's own network (docs/deploying.md),
        // and an https front would need a CA option of its own here (the blocking client verifies).
        if let peerUrl, !peerUrl.hasPrefix("http://") || HTTPStoryboardPeer(url: peerUrl, token: nil) == nil {
            throw ValidationError("--peer-url \(peerUrl): write http://HOST:PORT, e.g. http://127.0.0.1:9000 (the cluster's front)")
        }
    }

    /// Sets `configuration`'s node name and storyboard peer (which sends `token`, the daemon's own).
    func apply(to configuration: inout ServiceConfiguration, token: String?) {
        configuration.nodeID = nodeId
        configuration.storyboardPeer = peerUrl.flatMap { HTTPStoryboardPeer(url: $0, token: token, node: nodeId) }
    }
}
