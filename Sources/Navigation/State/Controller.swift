public import Storyboard

/// One live view-controller instance. Relations are ids into ``NavigationState``, never references.
///
/// Laid out for size (a session holds hundreds of these: 224 bytes each at first, 120 until the
/// scene's strings went): what every instance of a scene shares is one reference (``identity``),
/// the fields only a presented root or a split view controller has live in boxes
/// (``presentation``, ``splitBox``) that other instances leave empty, the optional ids are kept
/// without their optional's byte and the count of presentations in 32 bits. 80 bytes, checked by
/// `ControllerLayoutTests`.
public struct Controller: Sendable, Equatable {
    public let id: ControllerID
    /// Its scene's id, class name, kind and index, shared by every instance of the scene.
    public let identity: SceneIdentity
    /// Contained children: a navigation stack bottom to top, tabs in order, split columns, embedded children.
    public internal(set) var children: [ControllerID] = []
    /// What `prepare(for:sender:)` and unwinds handed over, merged.
    public internal(set) var properties: [String: JSONValue] = [:]
    /// A split view controller's columns (``split``); `nil` for every other instance.
    private var splitBox: Box<SplitColumns>?
    /// A presented root's links and styles; `nil` for every other instance.
    private var presentation: Box<PresentationLinks>?
    /// ``parent`` and ``presented``, ``ControllerID/noneRawValue`` for none.
    private var parentRawValue = ControllerID.noneRawValue
    private var presentedRawValue = ControllerID.noneRawValue
    /// A tab bar controller's selected tab (a full word: a storyboard's value for other kinds is
    /// not bounded by any list, and a snapshot gives it back as it was).
    public internal(set) var selectedIndex = 0
    private var presentationsCalledCount: Int32 = 0
    public internal(set) var appearance: AppearanceState = .disappeared
    public internal(set) var isViewLoaded = false
    /// Whether the view has appeared once: a navigation controller's first appearance reports its
    /// delegate calls (docs/behaviour-notes.md §7).
    public internal(set) var hasAppeared = false
    public internal(set) var definesPresentationContext: Bool

    public var scene: SceneID { identity.id }
    public var className: String { identity.className }
    public var kind: SceneKind { identity.kind }
    /// The scene's place in the storyboard's table, which events carry.
    public var sceneIndex: SceneIndex { identity.index }

    /// The containing controller, or `nil` for the window root and presented roots.
    public internal(set) var parent: ControllerID? {
        get { ControllerID(storedRawValue: parentRawValue) }
        set { parentRawValue = newValue?.rawValue ?? ControllerID.noneRawValue }
    }
    public internal(set) var presented: ControllerID? {
        get { ControllerID(storedRawValue: presentedRawValue) }
        set { presentedRawValue = newValue?.rawValue ?? ControllerID.noneRawValue }
    }
    /// How many live presentations this instance called `present` for (their
    /// ``presentationCaller``), so that releasing it scans the presentations only when one must
    /// forget it. Kept by present, dismiss and release, rebuilt on restore, checked by the invariants.
    /// (32 bits: it counts live instances, which `segued serve --max-instances` bounds below 2³¹.)
    var presentationsCalled: Int {
        get { Int(presentationsCalledCount) }
        set { presentationsCalledCount = Int32(newValue) }
    }

    /// A word from each of the instance's buffers that an operation reads (its children's, its
    /// presentation's box), for ``NavigationState/loadAheadWord()``.
    var loadAheadWord: Int { children.count &+ (presentation?.value.presenting?.rawValue ?? 0) }

    /// A split view controller's columns.
    public internal(set) var split: SplitColumns? {
        get { splitBox?.value }
        set { splitBox = newValue.map(Box.init) }
    }

    /// For a presented root: the instance UIKit resolved as presenting (`presentingViewController`).
    public internal(set) var presenting: ControllerID? {
        get { presentation?.value.presenting }
        set { updatePresentation { $0.presenting = newValue } }
    }
    /// For a presented root: the instance that called `present` (its next responder, spec §5.10).
    public internal(set) var presentationCaller: ControllerID? {
        get { presentation?.value.caller }
        set { updatePresentation { $0.caller = newValue } }
    }
    /// For a presented root: the first instance down its chain of presenters that is not itself
    /// presented (the window root, or a contained instance that presented over its context). Kept as
    /// presentations come and go (``NavigationState/presentationBase(below:)``), so that finding the
    /// top presentation crosses a chain of N sheets in one step instead of walking it.
    var presentationBase: ControllerID? {
        get { presentation?.value.base }
        set { updatePresentation { $0.base = newValue } }
    }
    /// For a presented root: the style asked for, and the style in force after adaptation.
    public internal(set) var requestedStyle: PresentationStyle? {
        get { presentation?.value.requestedStyle }
        set { updatePresentation { $0.requestedStyle = newValue } }
    }
    public internal(set) var presentationStyle: PresentationStyle? {
        get { presentation?.value.style }
        set { updatePresentation { $0.style = newValue } }
    }
    /// The style a popover segue asked for in compact width (`adaptivePresentationStyle`), kept so that
    /// a trait change can adapt the presentation again.
    public internal(set) var adaptiveStyle: PresentationStyle? {
        get { presentation?.value.adaptiveStyle }
        set { updatePresentation { $0.adaptiveStyle = newValue } }
    }

    /// Sets every presentation field at once (one box, where setting them one by one made one each).
    mutating func setPresentation(_ links: PresentationLinks) {
        presentation = links == PresentationLinks() ? nil : Box(links)
    }

    /// A new box with `change` made (boxes are never changed in place: copies of the state share
    /// them), or none once every field is empty.
    private mutating func updatePresentation(_ change: (inout PresentationLinks) -> Void) {
        var links = presentation?.value ?? PresentationLinks()
        change(&links)
        setPresentation(links)
    }

    init(id: ControllerID, identity: SceneIdentity, definesPresentationContext: Bool?) {
        self.id = id
        self.identity = identity
        self.definesPresentationContext = definesPresentationContext ?? (identity.kind == .navigationController)
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

/// What only a presented root has (``Controller/presenting`` and the rest).
struct PresentationLinks: Sendable, Equatable {
    var presenting: ControllerID?
    var caller: ControllerID?
    var base: ControllerID?
    var requestedStyle: PresentationStyle?
    var style: PresentationStyle?
    var adaptiveStyle: PresentationStyle?
}

/// An immutable value on the heap, compared by value: a field few instances have costs the others
/// one pointer. Never changed in place, so that copies of a ``Controller`` stay independent.
final class Box<Value: Sendable & Equatable>: Sendable, Equatable {
    let value: Value
    init(_ value: Value) { self.value = value }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs || lhs.value == rhs.value }
}
