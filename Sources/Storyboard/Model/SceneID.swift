/// The key of a scene in a storyboard (`"list"`, or an Interface Builder object id such as `"BYZ-38-t0r"`).
public struct SceneID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (lhs: SceneID, rhs: SceneID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The identifier of a segue as code names it in `performSegue(withIdentifier:sender:)`.
public struct SegueID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}
