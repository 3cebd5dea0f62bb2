import Crypto
import Storyboard
import Synchronization

/// Uploaded storyboards by id. Ids are content-addressed: the first 16 bytes of the SHA-256 of the
/// normalized graph, so the same storyboard uploaded twice (whatever its whitespace or key order)
/// gets the same id.
final class StoryboardStore: Sendable {
    private let held = Mutex<Held>(Held())
    /// Storyboards held beyond which a new upload is refused: each stays until deleted, so without a
    /// bound uploads could take all the memory.
    let limit: Int
    /// The same for their total normalized size: a 1 MiB upload of 12,000 scenes took 14 MB of
    /// memory, so the count alone allowed 14 GB.
    let byteLimit: Int
    /// The service's memory budget: a storyboard counts ``MemoryBudget/storyboardResidentFactor``
    /// times its normalized size in it.
    let memory: MemoryBudget

    private struct Held {
        var storyboards: [String: StoredStoryboard] = [:]
        var bytes = 0

        mutating func insert(_ entry: StoredStoryboard) {
            storyboards[entry.id] = entry
            bytes += entry.normalized.count
        }
    }

    init(limit: Int, byteLimit: Int, memory: MemoryBudget) {
        self.limit = limit
        self.byteLimit = byteLimit
        self.memory = memory
    }

    private static func residentBytes(_ entry: StoredStoryboard) -> Int {
        entry.normalized.count * MemoryBudget.storyboardResidentFactor
    }

    /// Stores `storyboard` whatever the number and size held (the demo, `--storyboard` files);
    /// returns its id.
    func preload(_ storyboard: Storyboard, warnings: [String] = []) -> String {
        let entry = Self.entry(storyboard, warnings: warnings)
        held.withLock { held in
            if held.storyboards[entry.id] == nil {
                held.insert(entry)
                memory.adjust(by: Self.residentBytes(entry))
            }
        }
        return entry.id
    }

    /// Stores an uploaded storyboard; returns the stored entry and whether it was new. A new one is
    /// refused once `limit` storyboards are held, or when it would take their normalized size past
    /// `byteLimit`; the same content again is always answered.
    func upload(_ storyboard: Storyboard, warnings: [String]) throws(Problem) -> (StoredStoryboard, created: Bool) {
        let entry = Self.entry(storyboard, warnings: warnings)
        return try held.withLock { held throws(Problem) in
            if let existing = held.storyboards[entry.id] { return (existing, false) }
            guard held.storyboards.count < limit else { throw .tooManyStoryboards(limit: limit) }
            guard held.bytes + entry.normalized.count <= byteLimit else {
                throw .storyboardsTooLarge(limit: byteLimit, held: held.bytes, size: entry.normalized.count)
            }
            guard memory.reserve(Self.residentBytes(entry)) else {
                throw .memoryBudgetExceeded(limit: memory.limit, held: memory.accounted, adding: Self.residentBytes(entry))
            }
            held.insert(entry)
            return (entry, true)
        }
    }

    /// Stores a storyboard read back from the state directory under the id it was stored with
    /// (the id is the hash of its normalized form when it was uploaded; kept as is, so that its
    /// sessions find it whatever a later normalization would hash to).
    func restore(_ storyboard: Storyboard, id: String, warnings: [String]) {
        let made = Self.entry(storyboard, warnings: warnings)
        let entry = StoredStoryboard(
            id: id, storyboard: storyboard, normalized: made.normalized, warnings: warnings, eventHeaders: made.eventHeaders)
        held.withLock { held in
            if held.storyboards[entry.id] == nil {
                held.insert(entry)
                memory.adjust(by: Self.residentBytes(entry))
            }
        }
    }

    /// The entry for `storyboard`, with its content-addressed id and normalized graph (also how a
    /// storyboard fetched from a peer is checked before it is kept).
    static func entry(_ storyboard: Storyboard, warnings: [String]) -> StoredStoryboard {
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

    /// The storyboard a client names: by its id; else by name, ignoring case, where a storyboard's
    /// names are its own (an app bundle's: its folder's) and its entry storyboard's (`MainStoryboard`
    /// in an app whose sessions start there). `"demo"` is the demo's.
    /// - Throws: `unknown-storyboard` when nothing has that id or name; `ambiguous-storyboard`, with
    ///   their ids, when several storyboards have that name (name them by id then).
    func find(_ reference: String) throws(Problem) -> StoredStoryboard {
        let found = held.withLock { held -> [StoredStoryboard] in
            if let byID = held.storyboards[reference] { return [byID] }
            let name = reference.lowercased()
            return held.storyboards.values.filter { $0.name.lowercased() == name || $0.storyboard.entry.lowercased() == name }
        }
        switch found.count {
        case 0: throw .unknownStoryboard(reference)
        case 1: return found[0]
        default: throw .ambiguousStoryboard(reference, ids: found.map(\.id).sorted())
        }
    }

    func contains(id: String) -> Bool { held.withLock { $0.storyboards[id] != nil } }

    var count: Int { held.withLock { $0.storyboards.count } }
    var all: [StoredStoryboard] { held.withLock { Array($0.storyboards.values) }.sorted { $0.id < $1.id } }

    func remove(_ id: String) {
        held.withLock { held in
            if let removed = held.storyboards.removeValue(forKey: id) {
                held.bytes -= removed.normalized.count
                memory.adjust(by: -Self.residentBytes(removed))
            }
        }
    }
}
