/// What an Interface Builder storyboard reference names: a storyboard of the app (by its name, the
/// file without `.storyboard`) and a scene of it (its storyboard identifier), or its initial scene.
public struct StoryboardReference: Sendable, Equatable {
    public var storyboard: String
    /// The referenced scene's storyboard identifier; `nil` for the storyboard's initial scene.
    public var identifier: String?

    public init(storyboard: String, identifier: String?) {
        self.storyboard = storyboard
        self.identifier = identifier
    }
}
