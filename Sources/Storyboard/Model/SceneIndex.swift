/// A scene's position in its storyboard's ``Storyboard/sceneTable``: what live instances and events
/// carry instead of the scene's id and class name, so that copying an event retains nothing.
/// Meaningful only with the storyboard it came from.
public struct SceneIndex: Hashable, Sendable, CustomStringConvertible {
    /// 32 bits keep an event small; no storyboard comes near 2³¹ scenes.
    private let rawValue: Int32

    init(_ position: Int) { rawValue = Int32(position) }

    /// The index at `position` in ``Storyboard/sceneTable``, for storage that keeps events by their
    /// positions (the daemon's event log) and gives them back to the storyboard they came from.
    /// `nil` when the position is not one an index can hold.
    public init?(position: Int) {
        guard let rawValue = Int32(exactly: position), rawValue >= 0 else { return nil }
        self.rawValue = rawValue
    }

    /// The position in ``Storyboard/sceneTable``.
    public var position: Int { Int(rawValue) }

    public var description: String { "#\(rawValue)" }
}
