/// Strong entity tags of numbers (`"42"`, RFC 9110 §8.8.3), written straight into a new string's
/// storage: concatenated from `String(revision)` and two quotes, the tag every operation's answer
/// carries cost about 900 instructions (callgrind), three strings made.
public enum EntityTag {
    /// `value` in decimal digits between double quotes.
    public static func strong(_ value: Int) -> String {
        let magnitude = value.magnitude
        let sign = value < 0 ? 1 : 0
        let count = ByteBuffer.decimalDigitCount(UInt(magnitude)) &+ sign &+ 2
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer[0] = UInt8(ascii: "\"")
            if sign == 1 { buffer[1] = UInt8(ascii: "-") }
            ByteBuffer.writeDecimal(UInt(magnitude), endingAt: count &- 1, into: buffer.baseAddress!)
            buffer[count &- 1] = UInt8(ascii: "\"")
            return count
        }
    }
}
