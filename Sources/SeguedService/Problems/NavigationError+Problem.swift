import Navigation

extension NavigationError: ProblemConvertible {
    /// 404 for what names something that does not exist, 409 for what the current state forbids,
    /// 422 for a request that can never be valid (``ProblemType/status``).
    var problem: Problem { Problem(problemType, detail: description, extensions: extensions) }

    /// What a client needs to ask again: a tap's choices, candidates, labels or reasons.
    var extensions: [(String, Problem.ExtensionValue)] {
        switch self {
        case .unknownControl(_, _, _, let labels): [("controls", .strings(labels))]
        case .ambiguousControl(_, _, let candidates): [("candidates", .strings(candidates))]
        case .choiceRequired(_, let choices), .unknownChoice(_, _, let choices): [("choices", .strings(choices))]
        case .actionUnread(_, let reasons): [("reasons", .strings(reasons))]
        default: []
        }
    }

    /// An exhaustive switch, so that a new engine error cannot go without a type (and its title).
    var problemType: ProblemType {
        switch self {
        case .unknownSegue: .unknownSegue
        case .unknownInstance: .unknownInstance
        case .unknownScene: .unknownScene
        case .pushWithoutNavigationController: .pushWithoutNavigationController
        case .pushingNavigationController: .pushingNavigationController
        case .segueNotPerformable: .segueNotPerformable
        case .notInWindowHierarchy: .notInWindowHierarchy
        case .wrongSegueKind: .wrongSegueKind
        case .segueWithoutIdentifier: .segueWithoutIdentifier
        case .notANavigationController: .notANavigationController
        case .notATabBarController: .notATabBarController
        case .noContainer: .noContainer
        case .tabIndexOutOfRange: .tabIndexOutOfRange
        case .notInStack: .notInStack
        case .emptyStack: .emptyStack
        case .invalidStackEntry: .invalidStackEntry
        case .sessionEnded: .sessionEnded
        case .invalidCodeSegueKind: .invalidCodeSegueKind
        case .counterLimitReached: .counterLimitReached
        case .transitionInProgress: .transitionInProgress
        case .noInteractiveTransition: .noInteractiveTransition
        case .coveredByPresentation: .coveredByPresentation
        case .unknownControl: .unknownControl
        case .ambiguousControl: .ambiguousControl
        case .notTappable: .notTappable
        case .choiceRequired: .choiceRequired
        case .unknownChoice: .unknownChoice
        case .actionUnread: .actionUnread
        }
    }
}
