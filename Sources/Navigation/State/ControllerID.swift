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
    public init?(_ text: String) {
        guard text.hasPrefix("vc"), let number = Int(text.dropFirst(2)), number > 0,
            text == "vc\(number)"
        else { return nil }
        rawValue = number
    }
}
