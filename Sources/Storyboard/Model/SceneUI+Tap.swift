/// A control of a scene as a person's tap names it (`POST …/actions {"type": "tap", "control"}`,
/// spec §5.13): by the label the page shows, with what tapping it does.
public struct LabelledControl: Sendable, Equatable {
    public var label: String
    /// The segue or unwind it triggers, if any.
    public var trigger: UITrigger?
    /// The action method it sends and what that method does, if any.
    public var action: CodeAction?

    public init(label: String, trigger: UITrigger? = nil, action: CodeAction? = nil) {
        self.label = label
        self.trigger = trigger
        self.action = action
    }

    /// Whether a tap does something the API can perform or report: a segue, an unwind or an action.
    public var isTappable: Bool { trigger != nil || action != nil }
}

extension SceneUI {
    /// Every control and bar item that has a label, in reading order: the navigation item's left
    /// then right items, the toolbar's items, then the controls (each cell followed by its
    /// accessory).
    public var labelledControls: [LabelledControl] {
        var found: [LabelledControl] = []
        func add(_ item: BarItemUI) {
            if let label = item.label { found.append(LabelledControl(label: label, trigger: item.trigger, action: item.action)) }
        }
        navigationItem?.leftItems.forEach(add)
        navigationItem?.rightItems.forEach(add)
        toolbarItems.forEach(add)
        for control in controls {
            if let label = control.label { found.append(LabelledControl(label: label, trigger: control.trigger, action: control.action)) }
            if let accessory = control.accessory, let label = accessory.label {
                found.append(LabelledControl(label: label, trigger: accessory.trigger, action: accessory.action))
            }
        }
        return found
    }

    /// The controls a tap of `label` names: those labelled exactly so, else (none exactly) those
    /// whose label differs only in case (`Cancel` names a bar item whose system item is `cancel`).
    public func controls(labelled label: String) -> [LabelledControl] {
        let all = labelledControls
        return Self.indices(labelled: label, in: all).map { all[$0] }
    }

    /// Where in `all` (``labelledControls``) the controls a tap of `label` names are, by the rule of
    /// ``controls(labelled:)``: for a caller that needs a control's place among the others (a
    /// flow's coverage counts its occurrence).
    public static func indices(labelled label: String, in all: [LabelledControl]) -> [Int] {
        let exact = all.indices.filter { all[$0].label == label }
        if !exact.isEmpty { return exact }
        let folded = label.lowercased()
        return all.indices.filter { all[$0].label.lowercased() == folded }
    }
}

extension BarItemUI {
    /// What a page shows and a tap names: the title, else the system item (`cancel`, `done`), else
    /// the storyboard's label for it, else its image's name.
    public var label: String? {
        [title, systemItem, userLabel, image?.name].lazy.compactMap { $0 }.first { !$0.isEmpty }
    }
}

extension ControlUI {
    /// What a page shows and a tap names: a cell's text, else its reuse identifier, else the
    /// storyboard's label for it; any other control's text, else the storyboard's label, else its
    /// image's name.
    public var label: String? {
        let candidates = kind.isCell ? [text, reuseIdentifier, userLabel] : [text, userLabel, image?.name]
        return candidates.lazy.compactMap { $0 }.first { !$0.isEmpty }
    }
}

extension CodeAction {
    /// The conditions of the action's alternatives, each once, in the order of the body: what a
    /// tap's `when` chooses from.
    public var choices: [String] {
        performs.compactMap(\.when).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// The operations a tap that chooses `when` runs, in order: those outside any branch, and the
    /// chosen alternative's with those of the branches it is nested in (`a` is taken with
    /// `a and b`), and those whose every condition the choice implies on the index path (`a row
    /// other than 0` is taken with `row 2`); every operation when `when` is nil.
    public func taken(when: String?) -> [CodeOperation] {
        guard let when else { return performs }
        let chosen = when.components(" and ")
        return performs.filter { operation in
            guard let condition = operation.when else { return true }
            if condition == when || when.hasPrefix(condition + " and ") { return true }
            return condition.components(" and ").allSatisfy { CodeCondition.isImplied($0, by: chosen) }
        }
    }

    /// Why each of `operations` that could not be read was not: what keeps a tap from performing them.
    public static func unreadReasons(_ operations: [CodeOperation]) -> [String] {
        operations.compactMap { operation in
            switch operation.kind {
            case .unread(let reason): reason
            case .call(let selector, _): "calls \(selector), which was not followed"
            default: nil
            }
        }
    }
}

extension SceneUI {
    /// Whether a control or bar item sends an action whose method the app's sources had.
    public var hasActionsFromSources: Bool {
        let items = (navigationItem?.leftItems ?? []) + (navigationItem?.rightItems ?? []) + toolbarItems
        return items.contains { $0.action?.source != nil }
            || controls.contains { $0.action?.source != nil || $0.accessory?.action?.source != nil }
    }
}

extension Storyboard {
    /// Whether the upload was read with the app's sources: some control's action method was found
    /// in them (spec §5.13). Its flows then name the app's folder, where the sources are, rather
    /// than a storyboard file, which has none.
    public var hasActionsFromSources: Bool { scenes.values.contains { $0.ui?.hasActionsFromSources ?? false } }
}

private extension String {
    /// The parts between occurrences of `separator`.
    func components(_ separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        return parts + [String(rest)]
    }
}
