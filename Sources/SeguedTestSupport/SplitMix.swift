/// A small seeded generator (SplitMix64), so that a test's random cases are the same every run and
/// a failure repeats: the snapshot fuzzer's, the session index's, the instance store's.
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in `0..<count` (0 when `count` is at most 1).
    public mutating func next(_ count: Int) -> Int {
        let z = next()
        return count <= 1 ? 0 : Int(z % UInt64(count))
    }
}
