/// What every live instance of a scene has in common and never changes: its scene's id, class
/// name, kind and place in the table. Shared by reference, one per scene of a storyboard
/// (``Storyboard/sceneIdentities``), so that an instance keeps one pointer instead of two strings,
/// a kind and an index: 40 bytes less a `Controller`, which is most of an idle session's memory.
public final class SceneIdentity: Sendable, Equatable {
    public let id: SceneID
    public let className: String
    public let kind: SceneKind
    public let index: SceneIndex

    public init(id: SceneID, className: String, kind: SceneKind, index: SceneIndex) {
        self.id = id
        self.className = className
        self.kind = kind
        self.index = index
    }

    /// By value: the same scene of two loads of a storyboard is the same identity.
    public static func == (lhs: SceneIdentity, rhs: SceneIdentity) -> Bool {
        lhs === rhs || (lhs.id == rhs.id && lhs.className == rhs.className && lhs.kind == rhs.kind && lhs.index == rhs.index)
    }
}
