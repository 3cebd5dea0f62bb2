/// `UIModalPresentationStyle`, by its Swift case name.
/// See https://developer.apple.com/documentation/uikit/uimodalpresentationstyle
public enum PresentationStyle: String, Sendable, CaseIterable {
    case automatic, fullScreen, pageSheet, formSheet, currentContext, custom
    case overFullScreen, overCurrentContext, popover, none

    /// Whether UIKit removes the presenter's view once the transition ends (spec §4.2).
    public var removesPresenterView: Bool {
        self == .fullScreen || self == .currentContext
    }

    /// The current-context styles place the presented view inside a context-defining instance.
    public var usesPresentationContext: Bool {
        self == .currentContext || self == .overCurrentContext
    }
}

/// `UIModalTransitionStyle`, by its Swift case name.
public enum TransitionStyle: String, Sendable, CaseIterable {
    case coverVertical, flipHorizontal, crossDissolve, partialCurl
}
