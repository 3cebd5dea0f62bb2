public import Storyboard

/// A session's navigation state as a plain value: what ``NavigationState/snapshot()`` captures and
/// ``NavigationState/init(restoring:storyboard:)`` checks and restores.
///
/// It holds only what the engine cannot derive: an instance's class, kind and whether it defines a
/// presentation context come from its scene; the data size and the list of split view controllers
/// are recomputed. `kind` is kept anyway, so that a snapshot names what each instance is and a
/// restore can check it against the scene.
///
/// ```swift
/// let snapshot = state.snapshot()
/// let copy = try NavigationState(restoring: snapshot, storyboard: state.storyboard)
/// // copy == state
/// ```
public struct NavigationSnapshot: Sendable, Equatable {
    public var profile: Profile
    public var traits: Traits
    /// How many instances the session has created: the next id is `vc(createdCount + 1)`.
    public var createdCount: Int
    public var revision: Int
    public var nextEventSequence: Int
    public var isEnded: Bool
    public var windowRoot: ControllerID?
    /// Presented roots, bottom to top.
    public var presentations: [ControllerID]
    /// The live instances (a restore reports faults by their position here).
    public var instances: [Instance]
    /// The gesture in progress (spec §5.12): a snapshot taken mid-gesture restores into it.
    public var transition: InteractiveTransition?

    public init(
        profile: Profile, traits: Traits, createdCount: Int, revision: Int, nextEventSequence: Int, isEnded: Bool = false,
        windowRoot: ControllerID?, presentations: [ControllerID], instances: [Instance], transition: InteractiveTransition? = nil
    ) {
        self.transition = transition
        self.profile = profile
        self.traits = traits
        self.createdCount = createdCount
        self.revision = revision
        self.nextEventSequence = nextEventSequence
        self.isEnded = isEnded
        self.windowRoot = windowRoot
        self.presentations = presentations
        self.instances = instances
    }

    /// One live instance: ``Controller`` without what its scene determines.
    public struct Instance: Sendable, Equatable {
        public var id: ControllerID
        public var scene: SceneID
        public var kind: SceneKind
        public var parent: ControllerID?
        public var children: [ControllerID]
        public var presented: ControllerID?
        /// Set for a presented root only.
        public var presentation: Presentation?
        public var appearance: AppearanceState
        public var isViewLoaded: Bool
        public var hasAppeared: Bool
        /// A tab bar controller's selected tab; for other kinds, the scene's value.
        public var selectedIndex: Int
        public var split: SplitColumns?
        public var properties: [String: JSONValue]

        public init(
            id: ControllerID, scene: SceneID, kind: SceneKind, parent: ControllerID? = nil, children: [ControllerID] = [],
            presented: ControllerID? = nil, presentation: Presentation? = nil, appearance: AppearanceState = .disappeared,
            isViewLoaded: Bool = false, hasAppeared: Bool = false, selectedIndex: Int = 0, split: SplitColumns? = nil,
            properties: [String: JSONValue] = [:]
        ) {
            self.id = id
            self.scene = scene
            self.kind = kind
            self.parent = parent
            self.children = children
            self.presented = presented
            self.presentation = presentation
            self.appearance = appearance
            self.isViewLoaded = isViewLoaded
            self.hasAppeared = hasAppeared
            self.selectedIndex = selectedIndex
            self.split = split
            self.properties = properties
        }
    }

    /// How a presented root was presented (``Controller/presenting`` and the fields beside it).
    public struct Presentation: Sendable, Equatable {
        public var presenting: ControllerID
        public var caller: ControllerID
        public var requestedStyle: PresentationStyle
        public var style: PresentationStyle
        public var adaptiveStyle: PresentationStyle?

        public init(
            presenting: ControllerID, caller: ControllerID, requestedStyle: PresentationStyle, style: PresentationStyle,
            adaptiveStyle: PresentationStyle? = nil
        ) {
            self.presenting = presenting
            self.caller = caller
            self.requestedStyle = requestedStyle
            self.style = style
            self.adaptiveStyle = adaptiveStyle
        }
    }
}

extension SplitColumns {
    public init(primary: ControllerID, supplementary: ControllerID?, secondary: ControllerID?, compact: ControllerID?, collapsed: Bool) {
        self.init(primary: primary, supplementary: supplementary, secondary: secondary, compact: compact, isCollapsed: collapsed)
    }
}

/// Why a snapshot cannot be restored: the place in the snapshot (`instances[2].children[0]`,
/// `presentations`, …) and what is wrong there.
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
