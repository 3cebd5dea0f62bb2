import HTTPServer
import Logging
import SourceScanning
import Store
import Storyboard
import Synchronization

/// Set while a request is answered the first time on a node with a peer: the reference of a
/// storyboard it needed and the node lacks (``SeguedService/storyboard(_:)``), for
/// ``SeguedService/handle(_:)`` to fetch before it answers the request again.
final class PeerFetchNeed: Sendable {
    let reference = Mutex<String?>(nil)
    @TaskLocal static var current: PeerFetchNeed?
}

extension SeguedService {
    /// The storyboard a session is to start on (or be restored on), by id or name. On a node of a
    /// cluster (``ServiceConfiguration/storyboardPeer``), a reference it does not hold is fetched
    /// from the peer and kept (a read-through cache of immutable documents, not replication: an
    /// upload lands on one node, and the others get it when a session needs it). The fetch does not
    /// happen here: the request's first answer notes the reference (``PeerFetchNeed``), and
    /// ``handle(_:)`` answers it again once the fetch is done (``PeerFetches``). A name is fetched as
    /// the front finds it (the first node that holds a storyboard of that name), then resolves here
    /// as on a single daemon.
    func storyboard(_ reference: String) throws(Problem) -> StoredStoryboard {
        do {
            return try storyboards.find(reference)
        } catch {
            if error.code == ProblemType.unknownStoryboard.rawValue, let need = PeerFetchNeed.current, let peerFetches,
                Self.isPeerReference(reference), !peerFetches.missedRecently(reference) {
                need.reference.withLock { $0 = reference }
            }
            throw error
        }
    }

    /// Answers `request` once the storyboard its first answer lacked has been fetched (or missed):
    /// the first answer is held back (its connection suspended, no thread waiting) and replaced with
    /// the second. When too many fetches wait already, the first answer goes as it is.
    func answerAfterFetching(_ reference: String, _ request: Request, first: Response) -> Response {
        guard let peerFetches else { return first }
        let gate = ResponseGate()
        let started = peerFetches.whenFetched(reference, fetch: { [self] in fetchFromPeer($0) }) { [self] in
            let again = PeerFetchNeed.$current.withValue(nil) { answer(request) }
            guard let inner = again.gate else { return gate.open(replacing: again) }
            // Itself held back (its change commits to --state-dir): let it go when that gate opens.
            inner.whenOpen {
                var final = inner.outcome.replacement ?? again
                final.gate = nil
                gate.open(replacing: final)
            }
        }
        guard started else {
            logger.notice("storyboard \(reference) not held here, and the peer not asked: too many fetches wait already")
            return first
        }
        var held = first
        held.gate = gate
        return held
    }

    /// A storyboard id, or a name that is one path segment of a few printable characters: what a
    /// node asks its peer for.
    static func isPeerReference(_ text: String) -> Bool {
        isStoryboardID(text) || (1...128).contains(text.utf8.count) && text != "." && text != ".."
            && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// Asks the peer for `reference` and keeps what it answers when its content hashes to its id;
    /// whether the node holds it now.
    func fetchFromPeer(_ reference: String) -> Bool {
        guard let peer = configuration.storyboardPeer else { return false }
        do {
            try fetchStoryboard(reference, from: peer)
        } catch {
            logger.warning("storyboard \(reference) from the peer not kept: \(error.detail)")
            return false
        }
        return (try? storyboards.find(reference)) != nil
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
        var claimedID = ""
        do {
            guard case .object(let answer) = try JSONValue.parse(body), let document = answer["storyboard"] else {
                logger.warning("storyboard \(id) from the peer: the answer has no storyboard member; not kept")
                return
            }
            if case .string(let claimed)? = answer["id"] { claimedID = claimed }
            var writer = JSONWriter(capacity: body.count)
            writer.value(document)
            imported = try StoryboardDocument.loadJSON(writer.bytes, swift: SwiftSyntaxSourceReader())
        } catch {
            logger.warning("storyboard \(id) from the peer does not load (\(error)); not kept")
            return
        }
        let hashed = StoryboardStore.entry(imported.storyboard, warnings: imported.warnings).id
        // By id: the content hashes to it. By name: to the id the peer gave (a name is not a hash).
        guard hashed == (Self.isStoryboardID(id) ? id : claimedID) else {
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
