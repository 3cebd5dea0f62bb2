/// One scene: the controller it describes, its relationships and the segues that start from it.
public struct Scene: Sendable, Equatable {
    public var id: SceneID
    public var kind: SceneKind
    /// The custom class, or `nil` for the kind's UIKit class.
    public var customClass: String?
    /// The module the custom class is in (Interface Builder's `customModule`).
    public var customModule: String?
    public var title: String?
    /// `storyboardIdentifier`, for `instantiateViewController(withIdentifier:)`.
    public var storyboardIdentifier: String?
    /// A navigation controller's root view controller.
    public var root: SceneID?
    /// A tab bar controller's tabs, in order.
    public var tabs: [SceneID]
    public var selectedIndex: Int
    /// A split view controller's columns.
    public var primary: SceneID?
    public var secondary: SceneID?
    public var supplementary: SceneID?
    /// A column-style split's compact column: what it shows in compact width instead of collapsing.
    public var compact: SceneID?
    public var segues: [Segue]
    /// Unwind actions the scene's instances implement, beyond what their class declares.
    public var unwindActions: [String]
    public var modalPresentationStyle: PresentationStyle?
    public var modalTransitionStyle: TransitionStyle?
    /// `definesPresentationContext`; `nil` takes the kind's default (navigation controllers: true).
    public var definesPresentationContext: Bool?
    /// `providesPresentationContextTransitionStyle`: the context's transition style replaces the
    /// presented controller's. Kept from the storyboard; it changes only the animation, which
    /// segued does not report.
    public var providesPresentationContextTransitionStyle: Bool?
    /// The app's `shouldPerformSegue(withIdentifier:sender:)` answers, by segue identifier.
    public var shouldPerformSegue: [String: Bool]
    /// Overrides of `canPerformUnwindSegueAction(_:from:sender:)`, by action selector.
    public var canPerformUnwindSegueAction: [String: Bool]
    /// A storyboard reference whose storyboard was not in the upload: the scene stays a plain view
    /// controller, and this says what it stands for, so that a prototype can say what is missing.
    public var missingReference: StoryboardReference?
    /// What a prototype draws of the scene (bar items, controls), or `nil` for nothing. Held in a
    /// box: the engine reads scenes in place and never this, so it costs a scene one reference.
    public var ui: SceneUI? {
        get { uiBox?.ui }
        set { uiBox = newValue.map(SceneUIBox.init) }
    }
    private var uiBox: SceneUIBox?

    public init(
        id: SceneID, kind: SceneKind = .viewController, customClass: String? = nil, title: String? = nil,
        storyboardIdentifier: String? = nil, root: SceneID? = nil, tabs: [SceneID] = [], selectedIndex: Int = 0,
        primary: SceneID? = nil, secondary: SceneID? = nil, supplementary: SceneID? = nil,
        segues: [Segue] = [], unwindActions: [String] = [],
        modalPresentationStyle: PresentationStyle? = nil, modalTransitionStyle: TransitionStyle? = nil,
        definesPresentationContext: Bool? = nil, shouldPerformSegue: [String: Bool] = [:],
        canPerformUnwindSegueAction: [String: Bool] = [:]
    ) {
        self.id = id
        self.kind = kind
        self.customClass = customClass
        self.title = title
        self.storyboardIdentifier = storyboardIdentifier
        self.root = root
        self.tabs = tabs
        self.selectedIndex = selectedIndex
        self.primary = primary
        self.secondary = secondary
        self.supplementary = supplementary
        self.segues = segues
        self.unwindActions = unwindActions
        self.modalPresentationStyle = modalPresentationStyle
        self.modalTransitionStyle = modalTransitionStyle
        self.definesPresentationContext = definesPresentationContext
        self.shouldPerformSegue = shouldPerformSegue
        self.canPerformUnwindSegueAction = canPerformUnwindSegueAction
    }

    /// The class an instance of this scene has.
    public var className: String { customClass ?? kind.defaultClassName }

    /// The scenes this scene contains through relationships, in containment order.
    public var relationshipChildren: [SceneID] {
        switch kind {
        case .navigationController: root.map { [$0] } ?? []
        case .tabBarController: tabs
        case .splitViewController: [primary, supplementary, secondary, compact].compactMap { $0 }
        default: []
        }
    }

    /// The first segue with `identifier`.
    public func segue(_ identifier: SegueID) -> Segue? {
        segues.first { $0.identifier == identifier }
    }

    /// The title a navigation bar shows for the scene: its navigation item's, else its own.
    public var displayTitle: String? { uiBox?.navigationTitle ?? title }
}

/// An immutable ``SceneUI`` held by reference (see ``Scene/ui``).
private final class SceneUIBox: Sendable, Equatable {
    let ui: SceneUI
    /// Read for every node of every stack written: kept apart so that reading it copies nothing.
    let navigationTitle: String?

    init(_ ui: SceneUI) {
        self.ui = ui
        navigationTitle = ui.navigationItem?.title
    }

    static func == (lhs: SceneUIBox, rhs: SceneUIBox) -> Bool { lhs === rhs || lhs.ui == rhs.ui }
}
