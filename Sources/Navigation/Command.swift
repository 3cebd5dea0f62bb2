public import Storyboard

/// How a segue is started: by the storyboard's control (consulting `shouldPerformSegue`), or by
/// `performSegue(withIdentifier:sender:)` in code (which skips it).
public enum Trigger: String, Sendable, CaseIterable {
    case storyboard, programmatic
}

/// A scene named the way app code names it.
public enum SceneReference: Sendable, Equatable {
    /// `instantiateViewController(withIdentifier:)`.
    case storyboardIdentifier(String)
    case scene(SceneID)
}

/// A storyboard segue of the source's scene, named by its identifier, or, for a segue that has
/// none (a control's segue often has none), by its id in the storyboard file.
public enum SegueReference: Sendable, Equatable, CustomStringConvertible {
    case identifier(SegueID)
    case id(String)

    /// As error messages quote it: `'showItem'`, or `with id '3ti-AE-jfO'`.
    public var description: String {
        switch self {
        case .identifier(let identifier): "'\(identifier)'"
        case .id(let id): "with id '\(id)'"
        }
    }
}

/// An entry of `setViewControllers(_:animated:)`: an instance already in the stack or a new one.
public enum StackEntry: Sendable, Equatable {
    case existing(ControllerID)
    case new(SceneReference)
}

/// Everything an app or its user can do to a session (spec §5). Omitted sources and containers
/// default to the visible instance and the containers above it.
public enum Command: Sendable, Equatable {
    public struct SegueRequest: Sendable, Equatable {
        public var segue: SegueReference
        public var source: ControllerID?
        public var trigger: Trigger
        /// The app's `shouldPerformSegue` answer for this request; `nil` takes the storyboard's.
        public var shouldPerform: Bool?
        public var sender: JSONValue
        public var data: JSONValue?
        public var animated: Bool?
        public init(
            segue: SegueReference, source: ControllerID? = nil, trigger: Trigger = .storyboard,
            shouldPerform: Bool? = nil, sender: JSONValue = .null, data: JSONValue? = nil, animated: Bool? = nil
        ) {
            self.segue = segue
            self.source = source
            self.trigger = trigger
            self.shouldPerform = shouldPerform
            self.sender = sender
            self.data = data
            self.animated = animated
        }
    }

    /// A segue made in code: `UIStoryboardSegue(identifier:source:destination:performHandler:)`.
    public struct CodeSegueRequest: Sendable, Equatable {
        public var identifier: SegueID?
        public var kind: SegueKind
        public var destination: SceneReference
        public var source: ControllerID?
        public var modalPresentationStyle: PresentationStyle?
        public var data: JSONValue?
        public var animated: Bool
        public init(
            identifier: SegueID? = nil, kind: SegueKind, destination: SceneReference, source: ControllerID? = nil,
            modalPresentationStyle: PresentationStyle? = nil, data: JSONValue? = nil, animated: Bool = true
        ) {
            self.identifier = identifier
            self.kind = kind
            self.destination = destination
            self.source = source
            self.modalPresentationStyle = modalPresentationStyle
            self.data = data
            self.animated = animated
        }
    }

    public enum UnwindTarget: Sendable, Equatable {
        /// The action selector, as an Exit connection names it (`unwindToList:`).
        case action(String)
        /// The identifier of an unwind segue of the source's scene.
        case segue(SegueID)
    }

    public struct UnwindRequest: Sendable, Equatable {
        public var target: UnwindTarget
        public var source: ControllerID?
        public var trigger: Trigger
        public var shouldPerform: Bool?
        public var data: JSONValue?
        public var animated: Bool
        public init(
            target: UnwindTarget, source: ControllerID? = nil, trigger: Trigger = .storyboard,
            shouldPerform: Bool? = nil, data: JSONValue? = nil, animated: Bool = true
        ) {
            self.target = target
            self.source = source
            self.trigger = trigger
            self.shouldPerform = shouldPerform
            self.data = data
            self.animated = animated
        }
    }

    /// A person's tap on a control of a scene on screen, by the label the page shows (spec §5.13):
    /// what the control triggers (a segue, an unwind) or what its action method's code calls.
    public struct TapRequest: Sendable, Equatable {
        /// The control's label: a button's text, a bar item's title or system item, a cell's text
        /// or reuse identifier (``LabelledControl``).
        public var control: String
        public var source: ControllerID?
        /// Which of several tappable controls of the scene with that label, from 1.
        public var occurrence: Int?
        /// The condition of the alternative of the action to take (`when` of its operations).
        public var when: String?
        public init(control: String, source: ControllerID? = nil, occurrence: Int? = nil, when: String? = nil) {
            self.control = control
            self.source = source
            self.occurrence = occurrence
            self.when = when
        }
    }

    // The cases with large payloads are indirect (their payload on the heap, shared by copies):
    // a session keeps its commands in its walk and its operations' records, and inline they made
    // every `Command` 88 bytes; so the records of a launched, pushed demo session took 464 bytes.
    indirect case performSegue(SegueRequest)
    indirect case performCodeSegue(CodeSegueRequest)
    indirect case unwind(UnwindRequest)
    /// `popViewController(animated:)`; `back` is the same pop made by the user's back button.
    case pop(navigation: ControllerID?, animated: Bool)
    case popToRoot(navigation: ControllerID?, animated: Bool)
    case popTo(ControllerID, animated: Bool)
    case setViewControllers([StackEntry], navigation: ControllerID?, animated: Bool)
    /// `instantiateViewController(withIdentifier:)` then `pushViewController(_:animated:)`.
    indirect case push(SceneReference, navigation: ControllerID?, data: JSONValue?, animated: Bool)
    /// `instantiateViewController(withIdentifier:)` then `present(_:animated:)`.
    indirect case present(SceneReference, from: ControllerID?, style: PresentationStyle?, data: JSONValue?, animated: Bool)
    /// `dismiss(animated:)` on an instance: what it presents, or else itself.
    case dismiss(ControllerID?, animated: Bool)
    /// A tab chosen by the user (delegate consulted) or by code (no delegate calls).
    case selectTab(index: Int, tabBar: ControllerID?, byUser: Bool, shouldSelect: Bool?)
    case setTraits(Traits)
    /// The window takes a new size (a rotation, an iPad window resized), with the traits it brings
    /// (spec §5.12): `viewWillTransitionToSize` inside the trait change, if any.
    case transitionToSize(WindowSize, traits: Traits)
    /// The edge swipe back, a phase at a time (spec §5.12); `navigation` defaults to the visible one.
    case interactivePop(phase: GesturePhase, navigation: ControllerID?)
    /// A sheet pulled down, a phase at a time; the answers of `presentationControllerShouldDismiss`
    /// (default true) and `isModalInPresentation` (default false) come from the request.
    case pullDown(phase: GesturePhase, shouldDismiss: Bool?, modalInPresentation: Bool?)
    /// A tap outside a popover.
    case tapOutside(shouldDismiss: Bool?, modalInPresentation: Bool?)
    /// A person's tap on a control (``TapRequest``): all its operations or none, one revision.
    indirect case tap(TapRequest)
    /// The session ends: every instance is released.
    case end
}

extension Command {
    /// Whether the command brings instances to life by itself: a segue, a push, a presentation or a
    /// new stack. The others (pop, dismiss, unwind, choosing a tab, new traits, the end) only create
    /// the children embedded in a view they load for the first time, which the storyboard bounds and
    /// which happens once per instance. The daemon bounds a session's live instances by refusing the
    /// former at its limit.
    public var mayCreateInstances: Bool {
        switch self {
        case .performSegue, .performCodeSegue, .setViewControllers, .push, .present, .tap: true
        case .unwind, .pop, .popToRoot, .popTo, .dismiss, .selectTab, .setTraits, .end: false
        case .transitionToSize, .interactivePop, .pullDown, .tapOutside: false
        }
    }

    /// How many instances the command asks for by itself: one for a segue, a push or a presentation,
    /// one for each new entry of a new stack, none for the others. The instances a scene brings
    /// with it (a navigation controller's root, tabs, embedded children) come on top; the storyboard
    /// bounds those, while a new stack's entries are as many as a client sends.
    public var instancesAsked: Int {
        switch self {
        case .performSegue, .performCodeSegue, .push, .present: 1
        // An action makes a handful of calls (at most CodeAction.maxOperations), most one instance.
        case .tap: 1
        case .setViewControllers(let entries, _, _):
            entries.reduce(0) { count, entry in
                if case .new = entry { count + 1 } else { count }
            }
        case .unwind, .pop, .popToRoot, .popTo, .dismiss, .selectTab, .setTraits, .end: 0
        case .transitionToSize, .interactivePop, .pullDown, .tapOutside: 0
        }
    }
}

extension Command {
    /// The data the command hands to an instance (merged into its `properties`), if any.
    public var data: JSONValue? {
        switch self {
        case .performSegue(let request): request.data
        case .performCodeSegue(let request): request.data
        case .unwind(let request): request.data
        case .push(_, _, let data, _), .present(_, _, _, let data, _): data
        case .pop, .popToRoot, .popTo, .setViewControllers, .dismiss, .selectTab, .setTraits, .end, .tap: nil
        case .transitionToSize, .interactivePop, .pullDown, .tapOutside: nil
        }
    }
}
