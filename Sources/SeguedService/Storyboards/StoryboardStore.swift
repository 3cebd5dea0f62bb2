import Crypto
import Storyboard
import Synchronization

/// Uploaded storyboards by id. Ids are content-addressed: the first 16 bytes of the SHA-256 of the
/// normalized graph, so the same storyboard uploaded twice (whatever its whitespace or key order)
/// gets the same id.
final class StoryboardStore: Sendable {
    private let storyboards = Mutex<[String: StoredStoryboard]>([:])

    /// Stores `storyboard`; returns the stored entry and whether it was new.
    func add(_ storyboard: Storyboard, warnings: [String] = []) -> (StoredStoryboard, created: Bool) {
        var writer = JSONWriter(capacity: 4096)
        writer.storyboard(storyboard)
        let digest = SHA256.hash(data: writer.bytes)
        let id = "sb-" + digest.prefix(16).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        let stored = StoredStoryboard(
            id: id, storyboard: storyboard, normalized: writer.bytes, warnings: warnings, eventHeaders: EventHeaders(storyboard))
        return storyboards.withLock { storyboards in
            if let existing = storyboards[id] { return (existing, false) }
            storyboards[id] = stored
            return (stored, true)
        }
    }

    /// By id, or by name when exactly one storyboard has it (case-insensitive): `"demo"` works.
    func find(_ reference: String) -> StoredStoryboard? {
        storyboards.withLock { storyboards in
            if let byID = storyboards[reference] { return byID }
            let named = storyboards.values.filter { $0.name.lowercased() == reference.lowercased() }
            return named.count == 1 ? named[0] : nil
        }
    }

    var all: [StoredStoryboard] { storyboards.withLock { Array($0.values) }.sorted { $0.id < $1.id } }

    func remove(_ id: String) { storyboards.withLock { _ = $0.removeValue(forKey: id) } }
}
