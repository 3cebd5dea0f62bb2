/// Gives every action a scene's controls send what the method does (spec §5.13): the method is
/// looked up in the scene's class, then its superclasses within the app (the first that declares
/// it, as Objective-C dispatches); calls of the class's own methods are followed; a segue it
/// performs must be one of the scene's. Table and collection view cells get the class's
/// `tableView(_:didSelectRowAt:)` / `collectionView(_:didSelectItemAt:)`.
enum CodeActionResolver {
    /// How deep calls of the class's own methods are followed.
    static let maxCallDepth = 6
    static let tableSelection = ["tableView:didSelectRowAt:", "tableView:didSelectRowAtIndexPath:"]
    static let collectionSelection = ["collectionView:didSelectItemAt:", "collectionView:didSelectItemAtIndexPath:"]

    /// - Parameters:
    ///   - classes: superclasses; `methods`: each class's methods by selector.
    static func resolve(_ scenes: inout [SceneID: Scene], classes: [String: ClassInfo], methods: [String: [String: MethodBody]]) {
        for id in scenes.keys {
            guard var ui = scenes[id]!.ui else { continue }
            let context = Context(scene: scenes[id]!, classes: classes, methods: methods)
            if var item = ui.navigationItem {
                item.leftItems = item.leftItems.map(context.resolved)
                item.rightItems = item.rightItems.map(context.resolved)
                ui.navigationItem = item
            }
            ui.toolbarItems = ui.toolbarItems.map(context.resolved)
            ui.controls = ui.controls.map(context.resolved)
            scenes[id]!.ui = ui
        }
    }

    private struct Context {
        let scene: Scene
        let classes: [String: ClassInfo]
        let methods: [String: [String: MethodBody]]
        let segueIdentifiers: Set<String>

        init(scene: Scene, classes: [String: ClassInfo], methods: [String: [String: MethodBody]]) {
            self.scene = scene
            self.classes = classes
            self.methods = methods
            segueIdentifiers = Set(scene.segues.compactMap { $0.identifier?.rawValue })
        }

        func resolved(_ item: BarItemUI) -> BarItemUI {
            var item = item
            item.action = item.action.map(resolved)
            return item
        }

        func resolved(_ control: ControlUI) -> ControlUI {
            var control = control
            control.action = control.action.map(resolved)
            if control.action == nil, control.kind.isCell {
                let selectors = control.kind == .tableViewCell ? tableSelection : collectionSelection
                if let (selector, body) = selectors.lazy.compactMap({ selector in method(selector, of: scene.customClass).map { (selector, $0) } }).first {
                    var performs = expanded(body.operations, of: scene.customClass)
                    if let position = control.position { performs = Self.decided(performs, at: position) }
                    control.action = CodeAction(selector: selector, source: body.source, performs: performs)
                }
            }
            control.position = nil
            if let accessory = control.accessory { control.accessory = resolved(accessory) }
            return control
        }

        /// An action read from the storyboard: the selector alone is resolved; one that already
        /// says what it does (sent elsewhere) is kept.
        func resolved(_ action: CodeAction) -> CodeAction {
            guard action.source == nil, action.performs.isEmpty else { return action }
            let receiver = action.receiverClass ?? scene.customClass
            guard let body = method(action.selector, of: receiver) else {
                let reason = receiver == nil
                    ? "the scene has no custom class, so no method of the app receives \(action.selector)"
                    : "no method \(action.selector) in the sources of \(receiver!) or its superclasses"
                return CodeAction(selector: action.selector, performs: [CodeOperation(.unread(reason: reason))])
            }
            let performs = expanded(body.operations, of: receiver)
            return CodeAction(selector: action.selector, source: body.source, performs: performs)
        }

        /// The method `selector` of `receiver` (the scene's class by default) or its nearest
        /// superclass that has it.
        func method(_ selector: String, of receiver: String?) -> MethodBody? {
            guard var name = receiver else { return nil }
            var seen: Set<String> = []
            while seen.insert(name).inserted, seen.count <= StoryboardValidator.maxClassDepth {
                if let body = methods[name]?[selector] { return body }
                guard let superclass = classes[name]?.superclass else { break }
                name = superclass
            }
            return nil
        }

        /// `operations` with calls of the class's own methods replaced by theirs; `stack` holds the
        /// selectors being followed, so that a method that calls itself again adds nothing.
        func expanded(_ operations: [CodeOperation], of receiver: String?, stack: [String] = []) -> [CodeOperation] {
            var result: [CodeOperation] = []
            for operation in operations {
                switch operation.kind {
                case .call(let selector, let later):
                    // A method the sources do not have (UIKit's own) makes no navigation we know of.
                    guard !stack.contains(selector), let body = method(selector, of: receiver) else { continue }
                    if let later {
                        // What it does is known, when it does it is not: said, not performed.
                        let inner = expanded(body.operations, of: receiver, stack: stack + [selector])
                        guard !inner.isEmpty else { continue }
                        let types = inner.map(\.type).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                        let reason = "calls \(selector) (which performs \(types.joined(separator: ", "))) \(later)"
                        result.append(CodeOperation(.unread(reason: reason), conditions: operation.conditions))
                        continue
                    }
                    guard stack.count < maxCallDepth else {
                        if body.operations.contains(where: { if case .call = $0.kind { false } else { true } }) {
                            result.append(CodeOperation(.unread(reason: "calls \(selector) more than \(maxCallDepth) calls deep"), conditions: operation.conditions))
                        }
                        continue
                    }
                    result += expanded(body.operations, of: receiver, stack: stack + [selector]).map { inner in
                        CodeOperation(inner.kind, conditions: operation.conditions + inner.conditions)
                    }
                case .segue(let identifier) where !segueIdentifiers.contains(identifier):
                    let reason = "performSegue(withIdentifier: \"\(identifier)\"): the scene has no segue with this identifier"
                    result.append(CodeOperation(.unread(reason: reason), conditions: operation.conditions))
                default:
                    result.append(operation)
                }
            }
            return Array(result.prefix(CodeAction.maxOperations))
        }

        /// What a static cell's selection does: the operations whose conditions hold at its section
        /// and row, without the conditions its position decides; those it cannot decide stay.
        static func decided(_ operations: [CodeOperation], at position: CellPosition) -> [CodeOperation] {
            operations.compactMap { operation in
                var left: [CodeCondition] = []
                for condition in operation.conditions {
                    switch condition.decided(section: position.section, row: position.row) {
                    case .yes: continue
                    case .no: return nil
                    case .undecided(let rest): left.append(rest)
                    }
                }
                return CodeOperation(operation.kind, conditions: left)
            }
        }
    }
}
