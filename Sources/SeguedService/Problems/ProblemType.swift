/// Every problem `type` the service sends (`urn:segued:problem:<rawValue>`), with its title and
/// status. A problem is made from one of these, so a `type` has one title and one status by
/// construction (RFC 9457 §3.1.3: the title does not change from occurrence to occurrence); what
/// differs between occurrences goes in `detail`.
/// HTTPServer refuses a few requests before routing with problems of its own (``HTTPProblem``).
public enum ProblemType: String, CaseIterable, Sendable {
    case notFound = "not-found"
    case methodNotAllowed = "method-not-allowed"
    case unknownSession = "unknown-session"
    case unknownStoryboard = "unknown-storyboard"
    case ambiguousStoryboard = "ambiguous-storyboard"
    case malformedJSON = "malformed-json"
    case invalidRequest = "invalid-request"
    case invalidParameter = "invalid-parameter"
    case unsupportedMediaType = "unsupported-media-type"
    case bodyTooLarge = "body-too-large"
    case revisionConflict = "revision-conflict"
    case sessionExists = "session-exists"
    /// The session is being moved to another node of a cluster (deploy/cluster/migrate): retry.
    case sessionMoving = "session-moving"
    case sessionNotMoving = "session-not-moving"
    case storyboardInUse = "storyboard-in-use"
    case tooManySessions = "too-many-sessions"
    case memoryBudgetExceeded = "memory-budget-exceeded"
    case tooManyStoryboards = "too-many-storyboards"
    case tooManyInstances = "too-many-instances"
    case tooMuchData = "too-much-data"
    case tooManyStreams = "too-many-streams"
    case idempotencyKeyReused = "idempotency-key-reused"
    case invalidIdempotencyKey = "invalid-idempotency-key"
    case notImplemented = "not-implemented"
    case shuttingDown = "shutting-down"
    /// The state directory's store is still being read at start (`--state-dir`).
    case loading
    /// The state directory's disk is full: the write was not stored (`--state-dir`).
    case insufficientStorage = "insufficient-storage"
    case changeNotStored = "change-not-stored"
    /// A stored session whose rows did not restore on its first use (`--state-dir`): damaged rows.
    case sessionNotRestored = "session-not-restored"
    case unauthorized
    case hostNotAllowed = "host-not-allowed"
    case invalidSnapshot = "invalid-snapshot"
    case flowUnavailable = "flow-unavailable"
    case invalidStoryboard = "invalid-storyboard"
    case refusedStoryboard = "refused-storyboard"
    // The engine's (NavigationError.code).
    case unknownSegue = "unknown-segue"
    case unknownInstance = "unknown-instance"
    case unknownScene = "unknown-scene"
    case pushWithoutNavigationController = "push-without-navigation-controller"
    case pushingNavigationController = "pushing-navigation-controller"
    case segueNotPerformable = "segue-not-performable"
    case notInWindowHierarchy = "not-in-window-hierarchy"
    case wrongSegueKind = "wrong-segue-kind"
    case segueWithoutIdentifier = "segue-without-identifier"
    case notANavigationController = "not-a-navigation-controller"
    case notATabBarController = "not-a-tab-bar-controller"
    case noContainer = "no-container"
    case tabIndexOutOfRange = "tab-index-out-of-range"
    case notInStack = "not-in-stack"
    case emptyStack = "empty-stack"
    case invalidStackEntry = "invalid-stack-entry"
    case sessionEnded = "session-ended"
    case invalidCodeSegueKind = "invalid-code-segue-kind"
    case counterLimitReached = "counter-limit-reached"
    case transitionInProgress = "transition-in-progress"
    case noInteractiveTransition = "no-interactive-transition"
    case coveredByPresentation = "covered-by-presentation"
    case unknownControl = "unknown-control"
    case ambiguousControl = "ambiguous-control"
    case notTappable = "not-tappable"
    case choiceRequired = "choice-required"
    case unknownChoice = "unknown-choice"
    case actionUnread = "action-unread"

    /// The problem's `type` member.
    public var uri: String { "urn:segued:problem:" + rawValue }

    /// The short summary of the cause, the same for every occurrence. The engine's refusals for the
    /// current state share one title (their types and details say which).
    public var title: String {
        switch self {
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .unknownSession: "Unknown session"
        case .unknownStoryboard: "Unknown storyboard"
        case .ambiguousStoryboard: "Ambiguous storyboard"
        case .malformedJSON: "Malformed JSON"
        case .invalidRequest: "Invalid request"
        case .invalidParameter: "Invalid parameter"
        case .unsupportedMediaType: "Unsupported Media Type"
        case .bodyTooLarge: "Content Too Large"
        case .revisionConflict: "Precondition Failed"
        case .sessionExists: "Session exists"
        case .sessionMoving: "Session moving"
        case .sessionNotMoving: "Session not moving"
        case .storyboardInUse: "Storyboard in use"
        case .tooManySessions: "Too many sessions"
        case .memoryBudgetExceeded: "Memory budget exceeded"
        case .tooManyStoryboards: "Too many storyboards"
        case .tooManyInstances: "Too many view controllers"
        case .tooMuchData: "Too much data"
        case .tooManyStreams: "Too many streams"
        case .idempotencyKeyReused: "Idempotency key reused"
        case .invalidIdempotencyKey: "Invalid Idempotency-Key"
        case .notImplemented: "Not Implemented"
        case .shuttingDown: "Service Unavailable"
        case .loading: "Service Unavailable"
        case .insufficientStorage: "Insufficient Storage"
        case .changeNotStored: "Change made, not stored"
        case .sessionNotRestored: "Session not restored"
        case .unauthorized: "Unauthorized"
        case .hostNotAllowed: "Misdirected Request"
        case .invalidSnapshot: "Invalid snapshot"
        case .flowUnavailable: "No flow for this session"
        case .invalidStoryboard: "Invalid storyboard"
        case .refusedStoryboard: "Storyboard refused"
        case .unknownSegue: "Unknown segue"
        case .unknownInstance: "Unknown instance"
        case .unknownScene: "Unknown scene"
        case .pushWithoutNavigationController: "Not possible in the current state"
        case .pushingNavigationController: "Not possible in the current state"
        case .segueNotPerformable: "Not possible in the current state"
        case .notInWindowHierarchy: "Not possible in the current state"
        case .wrongSegueKind: "Not possible in the current state"
        case .segueWithoutIdentifier: "Segue without an identifier"
        case .notANavigationController: "Not possible in the current state"
        case .notATabBarController: "Not possible in the current state"
        case .noContainer: "Not possible in the current state"
        case .tabIndexOutOfRange: "Not possible in the current state"
        case .notInStack: "Not possible in the current state"
        case .emptyStack: "Empty navigation stack"
        case .invalidStackEntry: "Not possible in the current state"
        case .sessionEnded: "Not possible in the current state"
        case .invalidCodeSegueKind: "Invalid kind for a segue made in code"
        case .counterLimitReached: "Counter limit reached"
        case .transitionInProgress: "Interactive transition in progress"
        case .noInteractiveTransition: "No interactive transition"
        case .coveredByPresentation: "Not possible in the current state"
        case .unknownControl: "Unknown control"
        case .ambiguousControl: "Ambiguous control"
        case .notTappable: "Control not tappable"
        case .choiceRequired: "Choice required"
        case .unknownChoice: "Unknown choice"
        case .actionUnread: "Action not read"
        }
    }

    /// The status every occurrence answers with.
    public var status: Int {
        switch self {
        case .malformedJSON, .invalidParameter, .invalidIdempotencyKey: 400
        case .unauthorized: 401
        case .notFound, .unknownSession, .unknownStoryboard, .unknownSegue, .unknownInstance, .unknownScene, .unknownControl: 404
        case .methodNotAllowed: 405
        case .revisionConflict: 412
        case .bodyTooLarge: 413
        case .unsupportedMediaType: 415
        case .hostNotAllowed: 421
        case .invalidRequest, .idempotencyKeyReused, .invalidSnapshot, .invalidStoryboard, .refusedStoryboard,
            .segueWithoutIdentifier, .emptyStack, .invalidCodeSegueKind, .unknownChoice:
            422
        case .notImplemented: 501
        case .sessionNotRestored: 500
        case .tooManySessions, .memoryBudgetExceeded, .tooManyStreams, .shuttingDown, .loading: 503
        case .insufficientStorage: 507
        case .changeNotStored: 507
        case .ambiguousStoryboard, .sessionExists, .sessionMoving, .sessionNotMoving, .flowUnavailable, .storyboardInUse, .tooManyStoryboards, .tooManyInstances, .tooMuchData,
            .pushWithoutNavigationController, .pushingNavigationController, .segueNotPerformable, .notInWindowHierarchy,
            .wrongSegueKind, .notANavigationController, .notATabBarController, .noContainer, .tabIndexOutOfRange,
            .notInStack, .invalidStackEntry, .sessionEnded, .counterLimitReached, .transitionInProgress, .noInteractiveTransition,
            .coveredByPresentation, .ambiguousControl, .notTappable, .choiceRequired, .actionUnread:
            409
        }
    }
}
