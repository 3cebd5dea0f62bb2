/// The kinds of storyboard segue. The deprecated kinds keep their old names.
/// See https://developer.apple.com/documentation/uikit/uistoryboardsegue
public enum SegueKind: String, Sendable, CaseIterable {
    case show, showDetail, presentation, popoverPresentation, custom, embed, unwind
    case push, modal, replace, popover
    /// Containment (`rootViewController`, `viewControllers`, split columns); never performable.
    case relationship

    /// Whether the segue creates a new destination instance when performed.
    public var isForward: Bool {
        switch self {
        case .unwind, .relationship, .embed: false
        default: true
        }
    }
}

/// What a custom segue's `perform()` does, declared in the storyboard because no app code runs here.
public enum CustomPerform: String, Sendable, CaseIterable {
    case present, push, replaceRoot, embed
}
