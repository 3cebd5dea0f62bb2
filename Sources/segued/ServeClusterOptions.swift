import ArgumentParser
import Foundation
import SeguedService

/// `segued serve`'s two cluster options (deploy/cluster, docs/deploying.md): a node's name, and
/// the front it fetches missing storyboards through.
struct ServeClusterOptions: ParsableArguments {
    @Option(help: "This node's name in a cluster (1-16 characters from A-Z a-z 0-9 . _): the session ids it mints start with it and a dash (n2-…), which the front routes by, and every answer carries it in Segued-Node (default: none, ids of 16 hex digits).")
    var nodeId: String?

    @Option(help: "The cluster's front, https://HOST:PORT (or http:// on one machine): a session asked for on a storyboard id this node does not hold fetches it from there once, and keeps it if its content hashes to that id; the request carries this daemon's token (default: none).")
    var peerUrl: String?

    @Option(help: "A PEM file of the CA certificates that verify an https --peer-url (default: the system's).")
    var peerCaFile: String?

    func validate() throws {
        if let nodeId, !NodeID.isValid(nodeId) {
            throw ValidationError("--node-id \(nodeId): 1-16 characters from A-Z a-z 0-9 . _ (no dash: the node's name ends at a session id's first dash), e.g. n2")
        }
        // The peer request carries the daemon's token: across machines it goes over TLS, verified
        // by libcurl against the system's CAs or --peer-ca-file (docs/deploying.md).
        if let peerUrl, HTTPStoryboardPeer(url: peerUrl, token: nil) == nil {
            throw ValidationError("--peer-url \(peerUrl): write https://HOST:PORT or http://HOST:PORT, e.g. https://front.internal:9443 (the cluster's front)")
        }
        if peerCaFile != nil, peerUrl?.hasPrefix("https://") != true { throw ValidationError("--peer-ca-file goes with an https:// --peer-url") }
        if let peerCaFile, !FileManager.default.isReadableFile(atPath: peerCaFile) { throw ValidationError("--peer-ca-file: cannot read \(peerCaFile)") }
    }

    /// What to warn of at start: a token sent in plain text to a peer beyond this machine
    /// (`http://` to a host other than a loopback address), which anyone on the path reads.
    func plainTextTokenWarning(token: String?) -> String? {
        guard token != nil, let peerUrl, peerUrl.hasPrefix("http://") else { return nil }
        let authority = peerUrl.dropFirst("http://".count).prefix { $0 != "/" }
        let host = authority.hasPrefix("[") ? String(authority.dropFirst().prefix { $0 != "]" }) : String(authority.prefix { $0 != ":" })
        if host == "localhost" || host == "::1" || host.hasPrefix("127.") { return nil }
        return "--peer-url \(peerUrl): this node's token goes to the peer in plain text over the network; use https:// (docs/deploying.md)"
    }

    /// Sets `configuration`'s node name and storyboard peer (which sends `token`, the daemon's own).
    func apply(to configuration: inout ServiceConfiguration, token: String?) {
        configuration.nodeID = nodeId
        configuration.storyboardPeer = peerUrl.flatMap { HTTPStoryboardPeer(url: $0, token: token, node: nodeId, caFile: peerCaFile) }
    }
}
