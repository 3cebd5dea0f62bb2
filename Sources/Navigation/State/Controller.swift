public import Storyboard

/// One live view-controller instance. Relations are ids into ``NavigationState``, never references.
public struct Controller: Sendable, Equatable {
    public let id: ControllerID
    public let scene: SceneID
    public let className: String
    /// The scene's place in the storyboard's table, which events carry.
    public let sceneIndex: SceneIndex
    public let kind: SceneKind
    /// The containing controller, or `nil` for the window root and presented roots.
    public internal(set) var parent: ControllerID?
    /// Contained children: a navigation stack bottom to top, tabs in order, split columns, embedded children.
    public internal(set) var children: [ControllerID] = []
    public internal(set) var presented: ControllerID?
    /// For a presented root: the instance UIKit resolved as presenting (`presentingViewController`).
    public internal(set) var presenting: ControllerID?
    /// For a presented root: the instance that called `present` (its next responder, spec §5.10).
    public internal(set) var presentationCaller: ControllerID?
    /// For a presented root: the first instance down its chain of presenters that is not itself
    /// presented (the window root, or a contained instance that presented over its context). Kept as
    /// presentations come and go (``NavigationState/presentationBase(below:)``), so that finding the
    /// top presentation crosses a chain of N sheets in one step instead of walking it.
    var presentationBase: ControllerID?
    /// How many live presentations this instance called `present` for (their
    /// ``presentationCaller``), so that releasing it scans the presentations only when one must
    /// forget it. Kept by present, dismiss and release, rebuilt on restore, checked by the invariants.
    var presentationsCalled = 0
    /// For a presented root: the style asked for, and the style in force after adaptation.
    public internal(set) var requestedStyle: PresentationStyle?
    public internal(set) var presentationStyle: PresentationStyle?
    /// The style a popover segue asked for in compact width (`adaptivePresentationStyle`), kept so that
    /// a trait change can adapt the presentation again.
    public internal(set) var adaptiveStyle: PresentationStyle?
    public internal(set) var appearance: AppearanceState = .disappeared
    public internal(set) var isViewLoaded = false
    /// Whether the view has appeared once: a navigation controller's first appearance reports its
    /// delegate calls (docs/behaviour-notes.md §7).
    public internal(set) var hasAppeared = false
    /// A tab bar controller's selected tab.
    public internal(set) var selectedIndex = 0
    /// A split view controller's columns.
    public internal(set) var split: SplitColumns?
    public internal(set) var definesPresentationContext: Bool
    /// What `prepare(for:sender:)` and unwinds handed over, merged.
    public internal(set) var properties: [String: JSONValue] = [:]

    init(id: ControllerID, scene: SceneID, className: String, kind: SceneKind, definesPresentationContext: Bool?, index: SceneIndex) {
        self.id = id
        self.scene = scene
        self.className = className
        self.sceneIndex = index
        self.kind = kind
        self.definesPresentationContext = definesPresentationContext ?? (kind == .navigationController)
    }

    public var isNavigationController: Bool { kind == .navigationController }
    public var isTabBarController: Bool { kind == .tabBarController }
    public var isSplitViewController: Bool { kind == .splitViewController }
    /// Whether this instance is the root of a presentation.
    public var isPresentedRoot: Bool { presenting != nil }
}

/// Which child of a split view controller fills which column, and whether the split is collapsed.
public struct SplitColumns: Sendable, Equatable {
    public var primary: ControllerID
    public var supplementary: ControllerID?
    public var secondary: ControllerID?
    /// Shown alone in compact width, when the storyboard gives one (iOS 14 column-style splits).
    public var compact: ControllerID?
    /// Compact width: one column shows; the secondary, if any, sits on the primary navigation stack.
    public var isCollapsed: Bool
}
