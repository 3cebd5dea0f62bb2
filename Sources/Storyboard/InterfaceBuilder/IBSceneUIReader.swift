/// Reads what a prototype draws of a scene out of its controller element: the navigation item,
/// the tab bar item, toolbar items and the view's controls in document order (CONTRACTS.md §1).
///
/// What each element triggers comes from the segues ``IBSceneBuilder`` already kept, keyed by the
/// element that holds them (`<connections>`' parent): the XML is not read for segues twice. Beyond
/// the bounds of ``SceneUI`` it keeps the first elements and warns, so that an app's upload still
/// loads.
struct IBSceneUIReader {
    /// Kept segues by the element that triggers them, the selection segue before an accessory one.
    let triggers: [ObjectIdentifier: [Segue]]
    let scene: SceneID
    /// The names of the system symbols the document's resources list.
    let systemImages: Set<String>
    private(set) var warnings: [String] = []
    private var droppedControls = 0
    private var droppedBarItems = 0
    private var cutTexts = 0
    /// The first navigation item of a navigation bar placed in the view (older storyboards and
    /// forms draw their own bar), found while controls are collected.
    private var viewNavigationItem: XMLElementNode?
    private var viewToolbarItems: [XMLElementNode] = []
    /// The gesture recognizers attached to each view (`<outletCollection property=
    /// "gestureRecognizers">`), found when the scene is read (``IBSceneUIReader+Gestures``).
    var attachedRecognizers: [ObjectIdentifier: [XMLElementNode]] = [:]
    /// The cells of static tables by element, with their section and row.
    private var staticPositions: [ObjectIdentifier: CellPosition] = [:]

    /// The ids an `<action destination=…>` names the scene's controller by: its own, and the
    /// scene's first responder placeholder (the responder chain reaches the controller).
    var controllerIDs: Set<String> = []
    /// The scene's objects, where another receiver of an action is found by its id.
    var sceneObjects: [XMLElementNode] = []

    init(scene: SceneID, triggers: [ObjectIdentifier: [Segue]], systemImages: Set<String> = []) {
        self.scene = scene
        self.triggers = triggers
        self.systemImages = systemImages
    }

    /// The scene UI of `controller`, or `nil` when there is nothing to draw.
    mutating func read(_ controller: XMLElementNode) -> SceneUI? {
        var ui = SceneUI()
        let view = controller.children.first { $0["key"] == "view" }
        attachedRecognizers = attachments(in: controller)
        // Static tables' cells: each one's section and row.
        for table in (view.map { [$0] } ?? []) + (view?.descendants { $0.name == "tableView" } ?? [])
        where table.name == "tableView" && table["dataMode"] == "static" {
            let sections = table.child(named: "sections")?.children(named: "tableViewSection") ?? []
            for (section, element) in sections.enumerated() {
                for (row, cell) in (element.child(named: "cells")?.children(named: "tableViewCell") ?? []).enumerated() {
                    staticPositions[ObjectIdentifier(cell)] = CellPosition(section: section, row: row)
                }
            }
        }
        // One walk of the view: its controls, and the bars placed in it; the gestures recognized
        // on the view itself come last, behind everything drawn on it.
        if let view {
            collectControls(in: view, insideCell: false, into: &ui.controls)
            keep(recognizers(of: view, isSceneView: true), in: &ui.controls)
        }
        let navigationElement = controller.children.first { $0.name == "navigationItem" && $0["key"] == "navigationItem" }
            ?? viewNavigationItem
        if let navigationElement {
            let item = navigationItem(navigationElement)
            // An empty navigation item (IB adds one to most controllers) draws nothing.
            if item != NavigationItemUI() { ui.navigationItem = item }
        }
        if let tab = controller.children.first(where: { $0.name == "tabBarItem" && $0["key"] == "tabBarItem" }) {
            let item = TabBarItemUI(
                title: text(tab.value("title")), systemItem: tab["systemItem"], badge: text(tab.value("badgeValue")), image: image(of: tab))
            if item != TabBarItemUI() { ui.tabBarItem = item }
        }
        // The controller's toolbarItems (shown by its navigation controller's toolbar), then the
        // items of toolbars placed in its view.
        let toolbarElements = controller.child(named: "toolbarItems")?.children(named: "barButtonItem") ?? []
        ui.toolbarItems = barItems(toolbarElements + viewToolbarItems)
        if droppedControls > 0 {
            warnings.append("scene \(scene): \(droppedControls) controls beyond the first \(SceneUI.maxControls) are not kept in its UI")
        }
        if droppedBarItems > 0 {
            warnings.append("scene \(scene): \(droppedBarItems) items beyond the first \(SceneUI.maxBarItems) of a bar or segmented control are not kept in its UI")
        }
        if cutTexts > 0 {
            let texts = cutTexts == 1 ? "1 text of its UI is" : "\(cutTexts) texts of its UI are"
            warnings.append("scene \(scene): \(texts) longer than \(SceneUI.maxTextBytes) bytes, cut there")
        }
        return ui.isEmpty ? nil : ui
    }

    private mutating func navigationItem(_ element: XMLElementNode) -> NavigationItemUI {
        var item = NavigationItemUI(title: text(element.value("title")), prompt: text(element.value("prompt")))
        let back = element.children.first { $0.name == "barButtonItem" && $0["key"] == "backBarButtonItem" }
        item.backButtonTitle = text(element.value("backButtonTitle") ?? back?.value("title"))
        var left: [XMLElementNode] = []
        var right: [XMLElementNode] = []
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("barButtonItem", "leftBarButtonItem"): left.append(child)
            case ("barButtonItem", "rightBarButtonItem"): right.append(child)
            case ("leftBarButtonItems", _): left += child.children(named: "barButtonItem")
            case ("rightBarButtonItems", _): right += child.children(named: "barButtonItem")
            default: break
            }
        }
        item.leftItems = barItems(left)
        item.rightItems = barItems(right)
        return item
    }

    private mutating func barItems(_ elements: [XMLElementNode]) -> [BarItemUI] {
        if elements.count > SceneUI.maxBarItems { droppedBarItems += elements.count - SceneUI.maxBarItems }
        return elements.prefix(SceneUI.maxBarItems).map { element in
            // A bar item wrapping a custom view (a button) shows that view's title, and tapping it
            // performs the view's segue.
            let customView = element.children.first { $0["key"] == "customView" }
            let title = element.value("title") ?? customView.flatMap(Self.buttonTitle)
            let performs = trigger(of: element) ?? customView.flatMap { trigger(of: $0) }
            let sends = action(of: element) ?? customView.flatMap { action(of: $0) }
            let shown = image(of: element) ?? customView.flatMap { buttonImage($0) }
            return BarItemUI(
                title: text(title), systemItem: element["systemItem"], trigger: performs, action: sends, image: shown,
                userLabel: text(element["userLabel"] ?? customView?["userLabel"]))
        }
    }

    /// Depth-first in document order; a cell's labels are its text, its one control its accessory
    /// (several follow it).
    private mutating func collectControls(in element: XMLElementNode, insideCell: Bool, into controls: inout [ControlUI]) {
        for child in element.children {
            var control: ControlUI
            switch child.name {
            case "button":
                control = ControlUI(kind: .button, text: text(Self.buttonTitle(child)))
                control.image = buttonImage(child)
            case "label" where !insideCell:
                control = ControlUI(kind: .label, text: text(Self.labelText(child)))
            case "textField":
                control = ControlUI(kind: .textField, text: text(child.value("text")), placeholder: text(child.value("placeholder")))
            case "switch":
                control = ControlUI(kind: .switch, isOn: child["on"] == "YES")
            case "stepper":
                control = ControlUI(kind: .stepper)
            case "slider":
                control = ControlUI(kind: .slider)
            case "segmentedControl":
                let elements = child.child(named: "segments")?.children(named: "segment") ?? []
                if elements.count > SceneUI.maxBarItems { droppedBarItems += elements.count - SceneUI.maxBarItems }
                let segments = elements.prefix(SceneUI.maxBarItems).map { text($0.value("title")) ?? "" }
                control = ControlUI(kind: .segmentedControl, segments: segments)
            case "tableViewCell", "collectionViewCell":
                let textLabel = child["textLabel"].flatMap { id in child.descendants { $0["id"] == id }.first }
                    ?? child.descendants { $0.name == "label" }.first
                control = ControlUI(
                    kind: child.name == "tableViewCell" ? .tableViewCell : .collectionViewCell,
                    text: text(textLabel.flatMap(Self.labelText)), reuseIdentifier: child["reuseIdentifier"])
                control.position = staticPositions[ObjectIdentifier(child)]
            case "navigationBar":
                if viewNavigationItem == nil { viewNavigationItem = child.child(named: "items")?.child(named: "navigationItem") }
                continue
            case "toolbar":
                viewToolbarItems += child.child(named: "items")?.children(named: "barButtonItem") ?? []
                continue
            case "tabBar", "connections", "constraints":
                // A tab bar in a view is the app's own; connections and constraints hold no views.
                continue
            default:
                // A view that is not a control: its subviews' controls, then its own gestures.
                collectControls(in: child, insideCell: insideCell, into: &controls)
                keep(recognizers(of: child), in: &controls)
                continue
            }
            control.trigger = trigger(of: child)
            control.action = action(of: child)
            control.userLabel = text(child["userLabel"])
            // A cell's content: its labels are its text; one control beside them is the cell's
            // accessory, the two one row; several stay rows of their own after the cell. Gesture
            // recognizers in it are rows of their own.
            var inside: [ControlUI] = []
            if control.kind.isCell {
                collectControls(in: child, insideCell: true, into: &inside)
                let drawn = inside.indices.filter { inside[$0].kind != .gestureRecognizer }
                if drawn.count == 1, ControlUI.Kind.accessories.contains(inside[drawn[0]].kind) {
                    control.accessory = inside.remove(at: drawn[0])
                }
            }
            keep([control] + inside + recognizers(of: child, control: control), in: &controls)
        }
    }

    /// Appends `found` to `controls` up to ``SceneUI/maxControls``, counting what is dropped.
    private mutating func keep(_ found: [ControlUI], in controls: inout [ControlUI]) {
        for kept in found {
            if controls.count < SceneUI.maxControls {
                controls.append(kept)
            } else {
                droppedControls += 1
            }
        }
    }

    func trigger(of element: XMLElementNode) -> UITrigger? {
        triggers[ObjectIdentifier(element)]?.first.map(UITrigger.init)
    }

    /// The action method the element sends (its `touchUpInside` one first), unresolved: the
    /// selector alone when the scene's controller receives it, which ``CodeActionResolver`` reads
    /// in the class's sources; an `unread` operation when another object does.
    func action(of element: XMLElementNode) -> CodeAction? {
        let actions = element.child(named: "connections")?.children(named: "action") ?? []
        guard let chosen = actions.first(where: { $0["eventType"] == "touchUpInside" }) ?? actions.first,
            let selector = chosen["selector"]
        else { return nil }
        if let destination = chosen["destination"], !controllerIDs.contains(destination) {
            let receiver = sceneObjects.lazy.compactMap { $0["id"] == destination ? $0 : $0.descendants { $0["id"] == destination }.first }.first
            guard let receiver, let receiverClass = receiver["customClass"] else {
                let what = receiver.map { "the \($0.name) \(destination)" } ?? "object \(destination)"
                return CodeAction(selector: selector, performs: [CodeOperation(.unread(reason: "sent to \(what), not the scene's view controller, and not of a class of the app"))])
            }
            return CodeAction(selector: selector, receiverClass: receiverClass)
        }
        return CodeAction(selector: selector)
    }

    /// The image `element` names in its `image` attribute (a bar item, a tab bar item, a button's
    /// state), or in an `<imageReference key="image">` child (a button configuration, Xcode 13+):
    /// a system symbol when it says `catalog="system"` or the document's resources list it so.
    private func image(of element: XMLElementNode) -> ImageUI? {
        let reference = element.children.first { $0.name == "imageReference" && $0["key"] == "image" }
        guard let name = element["image"] ?? element["systemImage"] ?? reference?["image"], !name.isEmpty else { return nil }
        let catalog = element["image"] != nil ? element["catalog"] : reference?["catalog"]
        return ImageUI(name: name, isSystem: element["systemImage"] != nil || catalog == "system" || systemImages.contains(name))
    }

    /// A button's image: its normal state's, else its configuration's.
    private func buttonImage(_ button: XMLElementNode) -> ImageUI? {
        let normal = button.children.first { $0.name == "state" && $0["key"] == "normal" }
        let configuration = button.children.first { $0.name == "buttonConfiguration" }
        return normal.flatMap(image(of:)) ?? configuration.flatMap(image(of:))
    }

    /// A text value cut to ``SceneUI/maxTextBytes`` UTF-8 bytes on a character boundary.
    mutating func text(_ value: String?) -> String? {
        guard let value, value.utf8.count > SceneUI.maxTextBytes else { return value }
        cutTexts += 1
        var cut = ""
        for character in value {
            guard cut.utf8.count + character.utf8.count <= SceneUI.maxTextBytes else { break }
            cut.append(character)
        }
        return cut
    }

    /// The normal state's title (`<state key="normal" title=…>`), the button configuration's
    /// (Xcode 13+), or the normal state's attributed title.
    static func buttonTitle(_ button: XMLElementNode) -> String? {
        let normal = button.children.first { $0.name == "state" && $0["key"] == "normal" }
        if let title = normal?.value("title") ?? button.children.first(where: { $0.name == "buttonConfiguration" })?.value("title") {
            return title
        }
        return normal.flatMap(attributedText)
    }

    /// A label's `text`, or its attributed text's fragments joined.
    static func labelText(_ label: XMLElementNode) -> String? {
        label.value("text") ?? attributedText(label)
    }

    private static func attributedText(_ element: XMLElementNode) -> String? {
        guard let attributed = element.children.first(where: { $0.name == "attributedString" }) else { return nil }
        let fragments = attributed.children(named: "fragment").compactMap { $0.value("content") }
        return fragments.isEmpty ? nil : fragments.joined()
    }
}
