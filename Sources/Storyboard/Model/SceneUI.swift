/// What a prototype draws of a scene: its navigation item, tab bar item, toolbar items and
/// controls, each with the segue or unwind it triggers (CONTRACTS.md §1).
///
/// The engine never reads it: scene UI changes no behaviour. Arrays are in reading order (the
/// storyboard's document order; table views section by section, cell by cell).
public struct SceneUI: Sendable, Equatable {
    public var navigationItem: NavigationItemUI?
    public var tabBarItem: TabBarItemUI?
    public var toolbarItems: [BarItemUI]
    public var controls: [ControlUI]

    public init(navigationItem: NavigationItemUI? = nil, tabBarItem: TabBarItemUI? = nil, toolbarItems: [BarItemUI] = [], controls: [ControlUI] = []) {
        self.navigationItem = navigationItem
        self.tabBarItem = tabBarItem
        self.toolbarItems = toolbarItems
        self.controls = controls
    }

    /// Whether there is nothing to draw (so that the scene keeps no `ui`).
    public var isEmpty: Bool { navigationItem == nil && tabBarItem == nil && toolbarItems.isEmpty && controls.isEmpty }

    /// At most this many controls per scene: a storyboard scene rarely has more than a few dozen,
    /// and a prototype draws each.
    public static let maxControls = 200
    /// At most this many bar items in each list (left, right, toolbar), and segments in a
    /// segmented control.
    public static let maxBarItems = 20
    /// At most this many UTF-8 bytes in each text value: a label can hold a paragraph (the
    /// corpus's longest is 529 bytes, Apple's UnwindSegue sample's introduction), so the bound
    /// keeps real texts whole and refuses only what no screen shows.
    public static let maxTextBytes = 4096
}

/// `UINavigationItem`: title, prompt, back button title and bar button items.
public struct NavigationItemUI: Sendable, Equatable {
    public var title: String?
    public var prompt: String?
    /// The title of the back button that leads back to this scene (`backButtonTitle` or
    /// `backBarButtonItem`'s title).
    public var backButtonTitle: String?
    public var leftItems: [BarItemUI]
    public var rightItems: [BarItemUI]

    public init(title: String? = nil, prompt: String? = nil, backButtonTitle: String? = nil, leftItems: [BarItemUI] = [], rightItems: [BarItemUI] = []) {
        self.title = title
        self.prompt = prompt
        self.backButtonTitle = backButtonTitle
        self.leftItems = leftItems
        self.rightItems = rightItems
    }
}

/// `UITabBarItem`: what the tab bar shows for the scene when it is a tab.
public struct TabBarItemUI: Sendable, Equatable {
    public var title: String?
    /// Interface Builder's `systemItem` (`favorites`, `more`, `search`, …), as it writes it.
    public var systemItem: String?
    public var badge: String?
    /// The image it shows above its title.
    public var image: ImageUI?

    public init(title: String? = nil, systemItem: String? = nil, badge: String? = nil, image: ImageUI? = nil) {
        self.title = title
        self.systemItem = systemItem
        self.badge = badge
        self.image = image
    }
}

/// `UIBarButtonItem`: a title or a system item, and what tapping it triggers.
public struct BarItemUI: Sendable, Equatable {
    public var title: String?
    /// Interface Builder's `systemItem` (`add`, `done`, `cancel`, `flexibleSpace`, …), as it writes it.
    public var systemItem: String?
    public var trigger: UITrigger?
    /// The action method it sends (`<action selector=…>`) and what that method does (spec §5.13).
    public var action: CodeAction?
    /// The image it shows (instead of a title, or beside one).
    public var image: ImageUI?
    /// Interface Builder's label for it (`userLabel`), what the storyboard's author named it.
    public var userLabel: String?

    public init(
        title: String? = nil, systemItem: String? = nil, trigger: UITrigger? = nil, action: CodeAction? = nil,
        image: ImageUI? = nil, userLabel: String? = nil
    ) {
        self.title = title
        self.systemItem = systemItem
        self.trigger = trigger
        self.action = action
        self.image = image
        self.userLabel = userLabel
    }
}

/// One control of the scene's view.
public struct ControlUI: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case button, tableViewCell, collectionViewCell, label, textField, `switch`, segmentedControl, stepper, slider
        /// A gesture recognizer attached to a view of the scene that sends an action or triggers a
        /// segue (``ControlUI/gesture``); its `text` is what it is called.
        case gestureRecognizer

        /// What a cell's one row can hold beside its label (``ControlUI/accessory``).
        public static let accessories: Set<Kind> = [.button, .textField, .switch, .segmentedControl, .stepper, .slider]
        public var isCell: Bool { self == .tableViewCell || self == .collectionViewCell }
    }

    public var kind: Kind
    /// A button's title, a label's text, a text field's text, a cell's (first) label's text; a
    /// gesture recognizer's name (its Interface Builder label, else "Tap on <its view>").
    public var text: String?
    /// A text field's placeholder.
    public var placeholder: String?
    /// A prototype cell's reuse identifier.
    public var reuseIdentifier: String?
    /// A segmented control's segment titles.
    public var segments: [String]
    /// Whether a switch is on.
    public var isOn: Bool
    public var trigger: UITrigger?
    /// The action method it sends (`<action selector=…>`), or for a cell the table or collection
    /// view's selection method, and what that method does (spec §5.13).
    public var action: CodeAction?
    /// A button's image (its normal state's, or its configuration's).
    public var image: ImageUI?
    /// Interface Builder's label for it (`userLabel`), what the storyboard's author named it.
    public var userLabel: String?
    /// A gesture recognizer's gesture and the view it is attached to (gesture recognizers only).
    public var gesture: GestureUI?
    /// A cell's one control beside its label (a switch, segmented control, stepper, slider, button
    /// or text field): the cell and its control are one row, "Notifications" with its switch, as
    /// iOS lays it out. Cells only, and never a cell itself.
    public var accessory: ControlUI? {
        get { accessoryStorage.first }
        set { accessoryStorage = newValue.map { [$0] } ?? [] }
    }
    /// A static table's cell (`dataMode="static"`): its section and row, which the table's
    /// selection method may branch on. Read from the storyboard for ``CodeActionResolver``, nil
    /// once the import resolved the cell's action (the scene UI's JSON does not carry it).
    public var position: CellPosition?
    /// An array holds the one accessory: a struct cannot hold an optional of itself.
    private var accessoryStorage: [ControlUI] = []

    public init(
        kind: Kind, text: String? = nil, placeholder: String? = nil, reuseIdentifier: String? = nil,
        segments: [String] = [], isOn: Bool = false, trigger: UITrigger? = nil, accessory: ControlUI? = nil
    ) {
        self.kind = kind
        self.text = text
        self.placeholder = placeholder
        self.reuseIdentifier = reuseIdentifier
        self.segments = segments
        self.isOn = isOn
        self.trigger = trigger
        self.accessory = accessory
    }
}

/// Where a static table's cell is: its section and its row in it, from 0.
public struct CellPosition: Sendable, Equatable {
    public var section: Int
    public var row: Int

    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }
}

/// An image a control or bar item shows: a system symbol (SF Symbols, `catalog="system"` in
/// Interface Builder's XML) or the name of an image of the app's asset catalog.
public struct ImageUI: Sendable, Equatable {
    public var name: String
    /// Whether it is a system symbol (`gear`, `magnifyingglass`) rather than an app asset.
    public var isSystem: Bool

    public init(name: String, isSystem: Bool) {
        self.name = name
        self.isSystem = isSystem
    }
}

/// The segue (or unwind) a control triggers: one of its scene's segues, named enough to perform it
/// (`POST …/segues {"identifier"|"id"}`, `POST …/unwind {"action"|"identifier"}`).
public struct UITrigger: Sendable, Equatable {
    public var kind: SegueKind
    public var identifier: SegueID?
    /// The segue's id in its storyboard file.
    public var id: String?
    /// The unwind action, for unwind segues.
    public var action: String?

    public init(kind: SegueKind, identifier: SegueID? = nil, id: String? = nil, action: String? = nil) {
        self.kind = kind
        self.identifier = identifier
        self.id = id
        self.action = action
    }

    /// The trigger that performs `segue`.
    public init(_ segue: Segue) {
        self.init(kind: segue.kind, identifier: segue.identifier, id: segue.id, action: segue.action)
    }

    /// Whether `segue` is the one this trigger names: by id, else by identifier, else (an unwind)
    /// by action.
    public func names(_ segue: Segue) -> Bool {
        guard segue.kind == kind else { return false }
        if let id { return segue.id == id }
        if let identifier { return segue.identifier == identifier }
        if let action { return segue.action == action }
        return false
    }
}
