import Crypto
import Storyboard
import Synchronization

/// Uploaded storyboards by id. Ids are content-addressed: the first 16 bytes of the SHA-256 of the
/// normalized graph, so the same storyboard uploaded twice (whatever its whitespace or key order)
/// gets the same id.
final class StoryboardStore: Sendable {
    private let storyboards = Mutex<[String: StoredStoryboard]>([:])
    /// Storyboards held beyond which a new upload is refused: each stays until deleted, so without a
    /// bound uploads could take all the memory.
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Stores `storyboard` whatever the number held (the demo, `--storyboard` files); returns its id.
    func preload(_ storyboard: Storyboard, warnings: [String] = []) -> String {
        let entry = Self.entry(storyboard, warnings: warnings)
        storyboards.withLock { held in
            if held[entry.id] == nil { held[entry.id] = entry }
        }
        return entry.id
    }

    /// Stores an uploaded storyboard; returns the stored entry and whether it was new. A new one is
    /// refused once `limit` storyboards are held; the same content again is always answered.
    func upload(_ storyboard: Storyboard, warnings: [String]) throws(Problem) -> (StoredStoryboard, created: Bool) {
        let entry = Self.entry(storyboard, warnings: warnings)
        return try storyboards.withLock { held throws(Problem) in
            if let existing = held[entry.id] { return (existing, false) }
            guard held.count < limit else { throw .tooManyStoryboards(limit: limit) }
            held[entry.id] = entry
            return (entry, true)
        }
    }

    /// The entry for `storyboard`, with its content-addressed id and normalized graph.
    private static func entry(_ storyboard: Storyboard, warnings: [String]) -> StoredStoryboard {
        var writer = JSONWriter(capacity: 4096)
        writer.storyboard(storyboard)
        let digest = SHA256.hash(data: writer.bytes)
        let id = "sb-" + digest.prefix(16).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        return StoredStoryboard(
            id: id, storyboard: storyboard, normalized: writer.bytes, warnings: warnings, eventHeaders: EventHeaders(storyboard))
    }

    /// By id, or by name when exactly one storyboard has it (case-insensitive): `"demo"` works.
    func find(_ reference: String) -> StoredStoryboard? {
        storyboards.withLock { storyboards in
            if let byID = storyboards[reference] { return byID }
            let named = storyboards.values.filter { $0.name.lowercased() == reference.lowercased() }
            return named.count == 1 ? named[0] : nil
        }
    }

    func contains(id: String) -> Bool { storyboards.withLock { $0[id] != nil } }

    var all: [StoredStoryboard] { storyboards.withLock { Array($0.values) }.sorted { $0.id < $1.id } }

    func remove(_ id: String) { storyboards.withLock { _ = $0.removeValue(forKey: id) } }
}
