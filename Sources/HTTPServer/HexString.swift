/// Lowercase hexadecimal strings written straight into a new string's storage.
///
/// For the request id every response carries (`X-Request-ID`, 32 digits): built through a `[UInt8]`
/// and then `String(decoding:as:)`, it cost two allocations, a copy with its UTF-8 check, and a
/// bounds check per digit — 1,850 instructions of a 32,000-instruction `GET …/stack` (callgrind).
public enum HexString {
    /// The 16 digits of `high` then the 16 of `low`, most significant first.
    public static func digits(_ high: UInt64, _ low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            write(high, into: buffer, at: 0)
            write(low, into: buffer, at: 16)
            return 32
        }
    }

    private static func write(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var value = value
        var index = offset &+ 15
        while index >= offset {
            let digit = UInt8(truncatingIfNeeded: value & 0xF)
            // 0x30 is "0"; past 9, 0x61 - 10 makes "a".
            buffer[index] = digit &+ (digit < 10 ? 0x30 : 0x57)
            value >>= 4
            index &-= 1
        }
    }
}
