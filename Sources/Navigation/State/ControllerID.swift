/// A live view-controller instance's id within its session: `vc1`, `vc2`, … in creation order,
/// never reused (spec §1).
public struct ControllerID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public var description: String { "vc\(rawValue)" }
    public static func < (lhs: ControllerID, rhs: ControllerID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Parses `vc12`; `nil` for anything else.
    public init?(_ text: String) {
        guard text.hasPrefix("vc"), let number = Int(text.dropFirst(2)), number > 0,
            text == "vc\(number)"
        else { return nil }
        rawValue = number
    }
}
