import Navigation

/// What an operation's response says of the state after it: its revision and visible path.
///
/// Taken under the session's lock instead of a copy of the whole state: copying the state retained
/// the storyboard it shares with every other session, and those shared reference counts were
/// contended between the server's threads.
struct StackSummary: Sendable {
    var revision: Int
    /// From the window root to the visible instance.
    var path: [ControllerID]
    /// The gesture in progress, if any (spec §5.12).
    var transition: InteractiveTransition?

    init(_ state: NavigationState) {
        revision = state.revision
        path = state.visiblePath
        transition = state.transition
    }
}
