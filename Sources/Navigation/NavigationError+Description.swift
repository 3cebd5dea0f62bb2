import Storyboard

extension NavigationError: CustomStringConvertible {
    /// A stable, kebab-case name of the cause: the last part of a problem document's `type`.
    public var code: String {
        switch self {
        case .unknownSegue: "unknown-segue"
        case .unknownInstance: "unknown-instance"
        case .unknownScene: "unknown-scene"
        case .pushWithoutNavigationController: "push-without-navigation-controller"
        case .pushingNavigationController: "pushing-navigation-controller"
        case .segueNotPerformable: "segue-not-performable"
        case .notInWindowHierarchy: "not-in-window-hierarchy"
        case .wrongSegueKind: "wrong-segue-kind"
        case .segueWithoutIdentifier: "segue-without-identifier"
        case .notANavigationController: "not-a-navigation-controller"
        case .notATabBarController: "not-a-tab-bar-controller"
        case .noContainer: "no-container"
        case .tabIndexOutOfRange: "tab-index-out-of-range"
        case .notInStack: "not-in-stack"
        case .emptyStack: "empty-stack"
        case .invalidStackEntry: "invalid-stack-entry"
        case .sessionEnded: "session-ended"
        case .invalidCodeSegueKind: "invalid-code-segue-kind"
        case .counterLimitReached: "counter-limit-reached"
        case .transitionInProgress: "transition-in-progress"
        case .noInteractiveTransition: "no-interactive-transition"
        case .coveredByPresentation: "covered-by-presentation"
        case .unknownControl: "unknown-control"
        case .ambiguousControl: "ambiguous-control"
        case .notTappable: "not-tappable"
        case .choiceRequired: "choice-required"
        case .unknownChoice: "unknown-choice"
        case .actionUnread: "action-unread"
        }
    }

    /// What went wrong, in UIKit's words where UIKit has some.
    public var description: String {
        switch self {
        case .unknownSegue(.identifier(let identifier), let scene):
            "Receiver (scene \"\(scene)\") has no segue with identifier '\(identifier)'"
        case .unknownSegue(.id(let id), let scene): "scene \"\(scene)\" has no segue with id '\(id)'"
        case .unknownInstance(let id): "no instance \(id) in this session"
        case .unknownScene(.storyboardIdentifier(let name)):
            "Storyboard doesn't contain a view controller with identifier '\(name)'"
        case .unknownScene(.scene(let id)): "no scene \"\(id)\" in this storyboard"
        case .pushWithoutNavigationController(let id):
            "Push segues can only be used when the source controller is managed by an instance of UINavigationController (source \(id))"
        case .pushingNavigationController(let scene, let navigation):
            "Pushing a navigation controller is not supported (scene \"\(scene)\" onto \(navigation))"
        case .segueNotPerformable(let id, let kind):
            "segue \(id) is a \(kind.rawValue) segue, performed by its container, not by identifier"
        case .notInWindowHierarchy(let id): "\(id)'s view is not in the window hierarchy"
        case .wrongSegueKind(let id, let expected, let found):
            "segue \(id) is a \(found.rawValue) segue; expected \(expected)"
        case .segueWithoutIdentifier(let id, let scene):
            "segue with id '\(id)' (scene \"\(scene)\") has no identifier: only its control performs it (trigger storyboard); performSegue(withIdentifier:) cannot name it"
        case .notANavigationController(let id): "\(id) is not a navigation controller"
        case .notATabBarController(let id): "\(id) is not a tab bar controller"
        case .noContainer(let what): "no \(what) above the visible instance"
        case .tabIndexOutOfRange(let index, let count): "tab index \(index) is outside 0..<\(count)"
        case .notInStack(let id, let navigation): "\(id) is not in the navigation stack of \(navigation)"
        case .emptyStack: "a navigation stack cannot be empty"
        case .invalidStackEntry(let id): "\(id) is not in this stack, or is named twice"
        case .sessionEnded: "the session has ended"
        case .invalidCodeSegueKind(let kind): "a segue made in code cannot be of kind \(kind.rawValue)"
        case .counterLimitReached(let name):
            "the session's \(name) would pass \(Navigator.counterMaximum), the largest a snapshot holds: start a new session (or restore a snapshot with smaller counters)"
        case .transitionInProgress(let kind):
            "a person's \(kind.rawValue) is in progress: finish or cancel it first"
        case .noInteractiveTransition(let kind): "no \(kind.rawValue) has begun: begin it first"
        case .coveredByPresentation(let id): "\(id) is covered by a presentation: no gesture reaches it"
        case .unknownControl(let label, nil, let scene, let labels):
            "scene \"\(scene)\" has no control labelled \"\(label)\"" + Self.tappable(labels)
        case .unknownControl(let label, let occurrence?, let scene, let labels):
            "scene \"\(scene)\" has no tappable control #\(occurrence) labelled \"\(label)\"" + Self.tappable(labels)
        case .ambiguousControl(let label, let scene, let candidates):
            "scene \"\(scene)\" has \(candidates.count) tappable controls labelled \"\(label)\": give occurrence (1 to \(candidates.count)): "
                + candidates.enumerated().map { "#\($0.offset + 1) \($0.element)" }.joined(separator: "; ")
        case .notTappable(let label, let scene):
            "\"\(label)\" (scene \"\(scene)\") triggers no segue and sends no action: tapping it does nothing"
        case .choiceRequired(let label, let choices):
            "\"\(label)\"'s action takes one of \(choices.count) alternatives: give when, one of " + Self.quoted(choices)
        case .unknownChoice(let label, let when, let choices):
            "\"\(label)\"'s action has no alternative when \"\(when)\": give one of " + Self.quoted(choices)
        case .actionUnread(let label, let reasons):
            "\"\(label)\"'s action makes a call segued could not read from the sources: " + reasons.joined(separator: "; ")
        }
    }

    private static func tappable(_ labels: [String]) -> String {
        labels.isEmpty ? " (it has no tappable control)" : "; its tappable controls: " + quoted(labels)
    }

    private static func quoted(_ texts: [String]) -> String {
        texts.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
