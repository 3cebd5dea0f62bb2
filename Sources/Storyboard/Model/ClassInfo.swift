/// What the app's source says of one class: its superclass and the unwind actions it implements.
public struct ClassInfo: Sendable, Equatable {
    public var superclass: String?
    public var unwindActions: [String]
    public init(superclass: String? = nil, unwindActions: [String] = []) {
        self.superclass = superclass
        self.unwindActions = unwindActions
    }
}
