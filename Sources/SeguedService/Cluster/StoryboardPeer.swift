import HTTPClient

/// Where a node of a cluster gets a storyboard it does not hold (`segued serve --peer-url`):
/// storyboards are immutable and named by a hash of their content, so any node's copy is as good as
/// the upload, and the node checks the hash before it keeps one (``SeguedService/storyboard(_:)``).
public protocol StoryboardPeer: Sendable {
    /// The body of a 200 answer to `GET /v1/storyboards/{id or name}`, or why there is none.
    func fetch(_ id: String) -> Result<[UInt8], StoryboardPeerFailure>
}

public struct StoryboardPeerFailure: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The cluster's front (deploy/cluster's HAProxy tries each node in turn for a storyboard until one
/// answers 200), asked over HTTP with the daemon's own token.
public struct HTTPStoryboardPeer: StoryboardPeer {
    let client: BlockingHTTPClient
    let token: String?
    let node: String?

    /// nil unless `url` is `http://HOST:PORT` or `https://HOST:PORT` (verified against the
    /// system's CAs, or `caFile`'s). A fetch runs on a worker thread while the request that needs
    /// it waits suspended (``PeerFetches``), bounded: a peer that does not answer in
    /// `timeoutSeconds` counts as one without the storyboard.
    /// `node` (this daemon's `--node-id`) is sent in `Segued-Peer`, so that the front does not ask
    /// this very node, whose HTTP thread is busy waiting for the answer.
    public init?(url: String, token: String?, node: String? = nil, caFile: String? = nil, timeoutSeconds: Int = 2) {
        // A peer is trusted no more than a client: its answer is bounded like an upload's.
        guard let client = BlockingHTTPClient(url: url, timeoutSeconds: timeoutSeconds, caFile: caFile, maxBodyBytes: 64 << 20) else { return nil }
        self.client = client
        self.token = token
        self.node = node
    }

    public func fetch(_ id: String) -> Result<[UInt8], StoryboardPeerFailure> {
        var headers = [("Accept", "application/json")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        if let node { headers.append(("Segued-Peer", node)) }
        do {
            let reply = try client.send("GET", "/v1/storyboards/\(Self.pathSegment(id))", headers: headers)
            guard reply.status == 200 else { return .failure(StoryboardPeerFailure("the peer answered \(reply.status)")) }
            return .success(reply.body)
        } catch {
            return .failure(StoryboardPeerFailure("the peer did not answer: \(error)"))
        }
    }

    /// `text` as one path segment: every byte but RFC 3986's unreserved ones percent-encoded.
    static func pathSegment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += byte < 16 ? "%0" + hex : "%" + hex
            }
        }
        return out
    }
}
