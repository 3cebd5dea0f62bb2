/// One segue as the storyboard declares it, starting from its scene.
public struct Segue: Sendable, Equatable {
    public var identifier: SegueID?
    /// The segue's id in its storyboard file (Interface Builder's `id` attribute, `"3ti-AE-jfO"`):
    /// how a request names a segue that has no identifier, as many a control's segue has (tapping
    /// the control performs it; code cannot, `performSegue(withIdentifier:)` needs an identifier).
    public var id: String?
    public var kind: SegueKind
    /// The destination scene; `nil` for unwind segues, whose destination is found at run time.
    public var destination: SceneID?
    /// The unwind action selector (`unwindToList:`), for unwind segues.
    public var action: String?
    /// For custom segues: what `perform()` does.
    public var perform: CustomPerform?
    public var customClass: String?
    public var modalPresentationStyle: PresentationStyle?
    public var modalTransitionStyle: TransitionStyle?
    public var animates: Bool
    /// The style a popover or sheet adapts to in compact width (`adaptivePresentationStyle(for:)`).
    public var adaptivePresentationStyle: PresentationStyle?
    /// The object id a popover is anchored to (`popoverAnchorView` or `popoverAnchorBarButtonItem`).
    public var popoverAnchor: String?
    /// Whether the trigger is a control in the scene (`true`) or the controller itself, so that
    /// only code can perform it (`false`).
    public var hasTrigger: Bool

    public init(
        identifier: SegueID? = nil, kind: SegueKind, destination: SceneID? = nil, action: String? = nil,
        perform: CustomPerform? = nil, customClass: String? = nil,
        modalPresentationStyle: PresentationStyle? = nil, modalTransitionStyle: TransitionStyle? = nil,
        animates: Bool = true, adaptivePresentationStyle: PresentationStyle? = nil, hasTrigger: Bool = true,
        id: String? = nil
    ) {
        self.identifier = identifier
        self.kind = kind
        self.destination = destination
        self.action = action
        self.perform = perform
        self.customClass = customClass
        self.modalPresentationStyle = modalPresentationStyle
        self.modalTransitionStyle = modalTransitionStyle
        self.animates = animates
        self.adaptivePresentationStyle = adaptivePresentationStyle
        self.hasTrigger = hasTrigger
        self.popoverAnchor = nil
        self.id = id
    }

    /// Performed while the source's view loads: `embed`, or a custom segue that embeds.
    public var isEmbedding: Bool { Self.embeds(kind: kind, perform: perform) }

    /// ``isEmbedding`` of a segue's two fields, for a caller that reads them in place from the
    /// storyboard's table: asking the segue copied it first when called from another module.
    @inlinable
    public static func embeds(kind: SegueKind, perform: CustomPerform?) -> Bool {
        kind == .embed || (kind == .custom && perform == .embed)
    }
}
