import Logging
import SourceScanning
import Store
import Storyboard
import Synchronization

extension SeguedService {
    /// The storyboard a session is to start on (or be restored on), by id or name; on a node of a
    /// cluster (``ServiceConfiguration/storyboardPeer``), a storyboard id it does not hold is first
    /// fetched from the peer once and kept (a read-through cache of immutable documents, not
    /// replication: an upload lands on one node, and the others get it when a session needs it).
    /// Only ids are fetched: a name could answer for different storyboards on different nodes.
    func storyboard(_ reference: String) throws(Problem) -> StoredStoryboard {
        if let peer = configuration.storyboardPeer, Self.isStoryboardID(reference), !storyboards.contains(id: reference) {
            try peerFetch.withLock { _ throws(Problem) in
                // Another request may have fetched it while this one waited.
                if !storyboards.contains(id: reference) { try fetchStoryboard(reference, from: peer) }
            }
        }
        return try storyboards.find(reference)
    }

    /// `sb-` and 32 lowercase hex digits, as ``StoryboardStore`` names what it holds; also what keeps
    /// a client's reference from being anything but one path segment in the peer's URL.
    static func isStoryboardID(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == 35, text.hasPrefix("sb-") else { return false }
        return utf8.dropFirst(3).allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// Keeps the peer's copy of storyboard `id` when its content hashes to `id`. A peer without it,
    /// an unreachable peer, or a copy that does not hash to `id` (a peer is not trusted more than a
    /// client) leaves nothing behind: the caller then answers as for any unknown storyboard.
    /// Limits are those of an upload (count, size, memory budget), with their problems.
    private func fetchStoryboard(_ id: String, from peer: any StoryboardPeer) throws(Problem) {
        let body: [UInt8]
        switch peer.fetch(id) {
        case .failure(let failure):
            logger.notice("storyboard \(id) not held here, and not fetched from the peer: \(failure)")
            return
        case .success(let bytes): body = bytes
        }
        let imported: ImportedStoryboard
        do {
            guard case .object(let answer) = try JSONValue.parse(body), let document = answer["storyboard"] else {
                logger.warning("storyboard \(id) from the peer: the answer has no storyboard member; not kept")
                return
            }
            var writer = JSONWriter(capacity: body.count)
            writer.value(document)
            imported = try StoryboardDocument.loadJSON(writer.bytes, swift: SwiftSyntaxSourceReader())
        } catch {
            logger.warning("storyboard \(id) from the peer does not load (\(error)); not kept")
            return
        }
        let hashed = StoryboardStore.entry(imported.storyboard, warnings: imported.warnings).id
        guard hashed == id else {
            logger.warning("storyboard \(id) from the peer hashes to \(hashed); not kept")
            return
        }
        let (stored, created) = try storyboards.upload(imported.storyboard, warnings: imported.warnings)
        // Kept on disk like an upload (--state-dir), before the session that needed it: the
        // session is restored at start only when its storyboard is.
        if created { _ = persistence?.store.commit([.storyboard(Persistence.record(stored))]) }
        if created { logger.info("storyboard \(stored.id) (\(stored.name.loggable)) fetched from the peer") }
    }
}
