/// A live view-controller instance's id within its session: `vc1`, `vc2`, … in creation order,
/// never reused (spec §1).
public struct ControllerID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public var description: String { "vc\(rawValue)" }
    public static func < (lhs: ControllerID, rhs: ControllerID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// What a field that keeps an optional id in one word (``Controller/parent``) stores for none:
    /// a value no id has, so that the optional's extra byte (and its padding) is not stored.
    static let noneRawValue = Int.min

    /// The id stored as `storedRawValue`, `nil` for ``noneRawValue``.
    init?(storedRawValue: Int) {
        guard storedRawValue != Self.noneRawValue else { return nil }
        rawValue = storedRawValue
    }

    /// Parses `vc12`; `nil` for anything else.
    /// Only the form `description` writes: `vc`, then a positive decimal number without a sign or
    /// leading zeros that fits an `Int`. Read byte by byte: checking it by writing the number back
    /// (`text == "vc\(number)"`) built a string for every id a request named.
    public init?(_ text: String) {
        // Through the bytes' span by index: `starts(with:)` and `dropFirst` over the UTF-8 view
        // took 490 instructions for "vc3" (callgrind), a tenth of decoding a segue request.
        let bytes = text.utf8.span
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "v"), bytes[1] == UInt8(ascii: "c"), bytes[2] != UInt8(ascii: "0") else { return nil }
        var number = 0
        for index in 2..<bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflowed) = number.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAdding) = times.addingReportingOverflow(Int(digit))
            guard !overflowed, !overflowedAdding else { return nil }
            number = sum
        }
        rawValue = number
    }
}
