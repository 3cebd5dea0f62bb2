/// Where eight of a chunk's events start in its bytes (``PackedEvents``): event `k × stride` at
/// mark `k`, so that finding an event decodes at most `stride - 1` others before it.
///
/// Kept in the chunk's own struct, in four words, rather than in an array: an array is a heap
/// object of its own, and writing a mark would touch its header and its tail, two cold lines under
/// bench/http's (b) load (1,000 sessions, each met again after 999 others), where the struct lies
/// beside the chunk's other fields that every append reads anyway. (`InlineArray` would say this
/// more plainly, but the package also names macOS 15, where it is not available.)
struct ChunkMarks {
    static let count = 8
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Mark `index` (0 ..< 8): a byte offset below 2³².
    subscript(index: Int) -> Int {
        get {
            let word: UInt64
            switch index >> 1 {
            case 0: word = words.0
            case 1: word = words.1
            case 2: word = words.2
            default: word = words.3
            }
            return Int(truncatingIfNeeded: (word >> UInt64((index & 1) * 32)) & 0xFFFF_FFFF)
        }
        set {
            let shift = UInt64((index & 1) * 32)
            let keep: UInt64 = ~(0xFFFF_FFFF << shift)
            let bits = UInt64(truncatingIfNeeded: newValue) & 0xFFFF_FFFF
            switch index >> 1 {
            case 0: words.0 = words.0 & keep | bits << shift
            case 1: words.1 = words.1 & keep | bits << shift
            case 2: words.2 = words.2 & keep | bits << shift
            default: words.3 = words.3 & keep | bits << shift
            }
        }
    }

    /// The events between two marks for chunks of `chunkSize` events: eight marks cover them.
    static func stride(chunkSize: Int) -> Int { max(1, (chunkSize + count - 1) / count) }
}
