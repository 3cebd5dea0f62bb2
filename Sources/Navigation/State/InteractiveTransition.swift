/// A phase of a gesture a person can still take back (spec §5.12).
public enum GesturePhase: String, Sendable, CaseIterable {
    case begin, finish, cancel
}

/// A transition a person has begun and not yet finished or cancelled (spec §5.12): the edge swipe
/// back or a sheet pulled down. While a session is in one, the instances of `leaving` are
/// `disappearing` and those of `arriving` `appearing`, the hierarchy is still the one before the
/// gesture (the popped instance is still the stack's top, the sheet still presented), and every
/// other operation that changes the hierarchy is refused.
public struct InteractiveTransition: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case interactivePop, pullDown
    }

    public var kind: Kind
    /// The navigation controller that pops, or the presented root pulled down.
    public var container: ControllerID
    /// The instances whose views are leaving the screen, top-down.
    public var leaving: [ControllerID]
    /// The instances whose views are coming on screen, top-down (none for a sheet).
    public var arriving: [ControllerID]

    public init(kind: Kind, container: ControllerID, leaving: [ControllerID], arriving: [ControllerID]) {
        self.kind = kind
        self.container = container
        self.leaving = leaving
        self.arriving = arriving
    }
}

/// A window size in points (`viewWillTransition(to:with:)`'s argument).
public struct WindowSize: Sendable, Equatable {
    /// The largest side a request may give (points): well past any screen.
    public static let maximumSide = 100_000
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// An immutable box for ``NavigationState/transition``, compared by value.
final class InteractiveTransitionBox: Sendable, Equatable {
    let value: InteractiveTransition
    init(_ value: InteractiveTransition) { self.value = value }
    static func == (lhs: InteractiveTransitionBox, rhs: InteractiveTransitionBox) -> Bool { lhs.value == rhs.value }
}
