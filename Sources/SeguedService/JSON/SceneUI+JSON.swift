import Storyboard

extension JSONWriter {
    /// A scene's `ui` (CONTRACTS.md §1): members of the navigation and tab bar items and of each
    /// bar item and trigger are spelled out, null when absent; a control's type-specific members
    /// (`placeholder`, `reuseIdentifier`, `segments`, `on`, a gesture recognizer's `gesture`) only
    /// for its type; a cell's `accessory` only when it has one; `action` only on what sends one
    /// (spec §5.13).
    mutating func sceneUI(_ ui: SceneUI) {
        object { w in
            if let item = ui.navigationItem {
                w.key("navigationItem")
                w.object { w in
                    w.key("title"); w.string(item.title)
                    w.key("prompt"); w.string(item.prompt)
                    w.key("backButtonTitle"); w.string(item.backButtonTitle)
                    w.key("leftItems"); w.barItems(item.leftItems)
                    w.key("rightItems"); w.barItems(item.rightItems)
                }
            }
            if let item = ui.tabBarItem {
                w.key("tabBarItem")
                w.object { w in
                    w.key("title"); w.string(item.title)
                    w.key("systemItem"); w.string(item.systemItem)
                    w.key("badge"); w.string(item.badge)
                    if let image = item.image { w.key("image"); w.image(image) }
                }
            }
            if !ui.toolbarItems.isEmpty { w.key("toolbarItems"); w.barItems(ui.toolbarItems) }
            if !ui.controls.isEmpty {
                w.key("controls")
                w.array { w in for control in ui.controls { w.control(control) } }
            }
        }
    }

    private mutating func barItems(_ items: [BarItemUI]) {
        array { w in
            for item in items {
                w.object { w in
                    w.key("title"); w.string(item.title)
                    w.key("systemItem"); w.string(item.systemItem)
                    w.key("trigger"); w.trigger(item.trigger)
                    if let action = item.action { w.key("action"); w.codeAction(action) }
                    w.imageAndLabel(item.image, item.userLabel)
                }
            }
        }
    }

    private mutating func control(_ control: ControlUI) {
        object { w in
            w.key("type"); w.string(control.kind.rawValue)
            w.key("text"); w.string(control.text)
            switch control.kind {
            case .textField: w.key("placeholder"); w.string(control.placeholder)
            case .tableViewCell, .collectionViewCell:
                w.key("reuseIdentifier"); w.string(control.reuseIdentifier)
                // Only when the cell has one: a cell without keeps the document (and the content
                // id) it had before cells had accessories.
                if let accessory = control.accessory { w.key("accessory"); w.control(accessory) }
            case .segmentedControl: w.key("segments"); w.array { w in for segment in control.segments { w.string(segment) } }
            case .switch: w.key("on"); w.bool(control.isOn)
            case .gestureRecognizer: if let gesture = control.gesture { w.key("gesture"); w.gesture(gesture) }
            case .button, .label, .stepper, .slider: break
            }
            w.key("trigger"); w.trigger(control.trigger)
            if let action = control.action { w.key("action"); w.codeAction(action) }
            w.imageAndLabel(control.image, control.userLabel)
        }
    }

    /// `{"type", "direction", "taps", "touches", "view"}`: every member spelled out, null when absent.
    private mutating func gesture(_ gesture: GestureUI) {
        object { w in
            w.key("type"); w.string(gesture.kind.rawValue)
            w.key("direction"); w.string(gesture.direction)
            w.key("taps"); if let taps = gesture.taps { w.int(taps) } else { w.null() }
            w.key("touches"); if let touches = gesture.touches { w.int(touches) } else { w.null() }
            w.key("view"); w.string(gesture.view)
        }
    }

    /// `{"selector", "source", "performs"}` (spec §5.13): each operation in the request shape of
    /// the API, `when` only on those in a branch.
    private mutating func codeAction(_ action: CodeAction) {
        object { w in
            w.key("selector"); w.string(action.selector)
            w.key("source"); w.string(action.source)
            w.key("performs")
            w.array { w in
                for operation in action.performs {
                    w.object { w in
                        w.key("type"); w.string(operation.type)
                        switch operation.kind {
                        case .segue(let identifier): w.key("identifier"); w.string(identifier)
                        case .instantiate(_, let identifier, let storyboard):
                            w.key("storyboardIdentifier"); w.string(identifier)
                            w.key("storyboard"); w.string(storyboard)
                        case .unread(let reason): w.key("reason"); w.string(reason)
                        case .call(let selector, _): w.key("reason"); w.string("calls \(selector), not resolved")
                        case .dismiss, .pop, .popToRoot: break
                        }
                        if let when = operation.when { w.key("when"); w.string(when) }
                    }
                }
            }
        }
    }

    /// `image` and `userLabel`, each only when there is one: a storyboard without keeps the
    /// document (and the content id) it had before they were read.
    private mutating func imageAndLabel(_ image: ImageUI?, _ userLabel: String?) {
        if let image { key("image"); self.image(image) }
        if let userLabel { key("userLabel"); string(userLabel) }
    }

    private mutating func image(_ image: ImageUI) {
        object { w in
            w.key("name"); w.string(image.name)
            w.key("system"); w.bool(image.isSystem)
        }
    }

    private mutating func trigger(_ trigger: UITrigger?) {
        guard let trigger else { return null() }
        object { w in
            w.key("kind"); w.string(trigger.kind.rawValue)
            w.key("identifier"); w.string(trigger.identifier?.rawValue)
            w.key("id"); w.string(trigger.id)
            w.key("action"); w.string(trigger.action)
        }
    }
}
