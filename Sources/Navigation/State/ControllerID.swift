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
        let bytes = text.utf8
        guard bytes.count > 2, bytes.starts(with: "vc".utf8) else { return nil }
        var number = 0
        for byte in bytes.dropFirst(2) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), number > 0 || byte != UInt8(ascii: "0") else { return nil }
            let (times, overflowed) = number.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAdding) = times.addingReportingOverflow(Int(byte &- UInt8(ascii: "0")))
            guard !overflowed, !overflowedAdding else { return nil }
            number = sum
        }
        rawValue = number
    }
}
