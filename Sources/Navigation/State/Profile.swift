import Storyboard

/// Which UIKit generation a session reproduces where UIKit changed across versions (spec §3).
public enum Profile: String, Sendable, CaseIterable {
    case ios17, ios18, ios12, ios8

    /// iOS 13+ sheets: `automatic` becomes a sheet and sheets leave the presenter on screen.
    var hasCardSheets: Bool { self == .ios17 || self == .ios18 }
    /// `viewIsAppearing` exists from iOS 17 (back-deployed, reported in ios17/ios18 only).
    var reportsViewIsAppearing: Bool { hasCardSheets }
    /// TN2298's `viewControllerForUnwindSegueAction` search instead of the iOS 9 one.
    var usesLegacyUnwindSearch: Bool { self == .ios8 }
    /// Whether `canPerformUnwindSegueAction`'s default answers false for the unwind's own source:
    /// every iOS 9+ profile (an iOS 10/11 log shows an implementing source answer false; see
    /// docs/behaviour-notes.md §5.10).
    var sourceCannotUnwindToItself: Bool { !usesLegacyUnwindSearch }

    /// What `automatic` resolves to.
    var automaticStyle: PresentationStyle {
        switch self {
        case .ios17: .pageSheet
        case .ios18: .formSheet
        case .ios12, .ios8: .fullScreen
        }
    }
}

/// The trait collection of a session's window.
public struct Traits: Sendable, Equatable {
    public enum SizeClass: String, Sendable, CaseIterable { case compact, regular }
    public enum Idiom: String, Sendable, CaseIterable { case phone, pad }

    public var horizontalSizeClass: SizeClass
    public var idiom: Idiom

    public init(horizontalSizeClass: SizeClass? = nil, idiom: Idiom = .phone) {
        self.idiom = idiom
        self.horizontalSizeClass = horizontalSizeClass ?? (idiom == .phone ? .compact : .regular)
    }

    public static let phone = Traits(idiom: .phone)
    public static let pad = Traits(idiom: .pad)

    /// The shortest side (points) from which an iPhone is regular width in landscape: the Plus, Max
    /// and XR/11 class (414, 428, 430, 440 points wide upright); every other iPhone is 402 or less
    /// and stays compact. The size-class table of Apple's iOS HIG "Adaptivity and Layout" ("iPhone 6
    /// Plus Landscape": regular width, compact height; other iPhones compact, compact), and for later
    /// models "Bigger iPhones = any Max, any Plus, iPhone XR, iPhone 11" regular in landscape
    /// (docs/behaviour-notes.md §5.12, D5 and rule 8).
    public static let regularLandscapePhoneSide = 414

    /// The traits UIKit gives a window of `size` on a device of `idiom`: an iPhone is compact width
    /// upright and in landscape unless it is Plus/Max class (``regularLandscapePhoneSide``) and
    /// turned, where it is regular; an iPad's full-screen window is regular either way up.
    public static func natural(idiom: Idiom, window size: WindowSize) -> Traits {
        guard idiom == .phone else { return Traits(horizontalSizeClass: .regular, idiom: idiom) }
        let landscape = size.width > size.height
        let regular = landscape && min(size.width, size.height) >= regularLandscapePhoneSide
        return Traits(horizontalSizeClass: regular ? .regular : .compact, idiom: idiom)
    }
}

/// `viewWillAppear` … `viewDidDisappear` leave an instance in one of these states.
public enum AppearanceState: String, Sendable, CaseIterable {
    case disappeared, appearing, appeared, disappearing
}
