import Navigation
import Synchronization

/// Where a session stands in a move to another node (issue 53, item 3; deploy/cluster/migrate).
///
/// The node that holds the session is fenced before the copy: from ``Session/beginMove()`` on it
/// refuses every change (409 `session-moving`, `Retry-After: 1`), so the snapshot the move copies
/// is the session's last state there, and no answer this node gives afterwards can be lost with
/// it. Then either the copy takes over on the other node and this one ends the session
/// (`DELETE /v1/sessions/{id}?moved=true`), or the move is called off (`DELETE …/move`) and this
/// node takes changes again, having acknowledged none meanwhile. Before this, the source kept
/// taking changes during the copy and `migrate` compared snapshots after the fact: under a client
/// driving the session every move was undone, and answers the other node had given were deleted.
enum Move: Sendable {
    case none
    /// Fenced: changes are refused until the move completes or is called off.
    case moving
    /// Ended as moved: the session is leaving the node (its `.end` alone still runs).
    case moved
    /// A client's delete is under way: no move may begin (it would copy a session its client
    /// was told is gone).
    case ending
}

extension Session {
    /// Fences the session and returns its state as the copy must take it. Again while moving:
    /// the same state (nothing changed since). nil when the session is ending.
    func beginMove() -> NavigationState? {
        state.withLock { state in
            guard state.move == .none || state.move == .moving, !state.isRetired else { return nil }
            state.move = .moving
            return state.navigation
        }
    }

    /// Calls the move off: the session takes changes again. Whether it was moving.
    @discardableResult
    func cancelMove() -> Bool {
        state.withLock { state in
            guard state.move == .moving else { return false }
            state.move = .none
            return true
        }
    }

    /// Before the session is deleted: whether this delete is allowed. A client's delete (`moved`
    /// false) is refused while the session moves (it would end the copy's source and not the copy);
    /// the move's own (`moved` true) only while it moves, and from then on only `.end` runs.
    func claimDelete(moved: Bool) -> Problem? {
        state.withLock { state in
            switch (state.move, moved) {
            case (.none, false):
                state.move = .ending
                return nil
            case (.moving, true):
                state.move = .moved
                return nil
            case (.moving, false), (.moved, _): return .sessionMoving(id.rawValue)
            case (.ending, _): return .unknownSession(id.rawValue)
            case (.none, true):
                return .sessionNotMoving(id.rawValue)
            }
        }
    }

    /// Why a change (`command`; nil for a batch) is refused because of a move, if it is.
    func moveRefusal(_ command: Command?, _ state: State) -> Problem? {
        switch state.move {
        case .none, .ending: return nil
        case .moving: return .sessionMoving(id.rawValue)
        case .moved:
            if let command, case .end = command { return nil }
            return .sessionMoving(id.rawValue)
        }
    }
}
