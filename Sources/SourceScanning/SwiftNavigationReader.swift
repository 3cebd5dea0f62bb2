import Storyboard
import SwiftSyntax

/// Reads the navigation calls of one method body (spec §5.13): `dismiss(animated:)`,
/// `popViewController(animated:)`, `popToRootViewController(animated:)`,
/// `performSegue(withIdentifier:sender:)` with a literal identifier, and `present`,
/// `pushViewController`, `show`, `showDetailViewController` of a controller made by
/// `instantiateViewController(withIdentifier:)` (directly or through a `let` of the body, from the
/// controller's `storyboard` or `UIStoryboard(name:bundle:)`), on `self`, `navigationController`,
/// `presentingViewController`, `splitViewController` or `tabBarController`. Calls of the class's
/// own methods are kept as calls for the resolver to follow.
///
/// Calls in an `if`, `guard` or `switch` carry the condition's text; a navigation call that cannot
/// be read (a computed identifier, another receiver, a closure that runs later, a controller not
/// from a storyboard) is an `unread` operation with the reason. Nothing is guessed.
struct SwiftNavigationReader {
    /// Names bound in the body (`let`, `var`, `if let`, `guard let`) to their initial value.
    private var bindings: [String: ExprSyntax] = [:]
    /// How branch conditions are read: on the index path in a selection method.
    private let conditions: IndexPathConditions
    private(set) var operations: [CodeOperation] = []

    /// - Parameters:
    ///   - indexPaths: in a selection method (`tableView(_:didSelectRowAt:)`), its index path
    ///     parameter's name, whose `section` and `row` the conditions are read on.
    ///   - constants: the file's integer constants, which those conditions may compare with.
    init(body: CodeBlockSyntax, indexPaths: Set<String> = [], constants: [String: Int] = [:]) {
        let collector = BindingCollector(viewMode: .sourceAccurate)
        collector.walk(body)
        bindings = collector.bindings
        var conditions = IndexPathConditions(paths: indexPaths, constants: indexPaths.isEmpty ? [:] : constants)
        if !indexPaths.isEmpty {
            // `let row = indexPath.row`: the name reads as the row.
            for name in collector.constants {
                if let value = collector.bindings[name], let field = conditions.field(Self.text(value)) { conditions.aliases[name] = field }
            }
        }
        self.conditions = conditions
        scan(items: body.statements, when: [])
    }

    static let selfReceivers: Set<String> = ["", "self", "super"]
    static let containerReceivers: Set<String> = [
        "navigationController", "presentingViewController", "splitViewController", "tabBarController", "parent",
    ]

    private mutating func scan(items: CodeBlockItemListSyntax, when: [CodeCondition]) {
        var when = when
        for item in items {
            if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                let (elements, written) = Self.elements(guardStatement.conditions)
                scan(guardStatement.conditions, when: when, closure: nil, callee: nil)
                scan(items: guardStatement.body.statements, when: when + [conditions.negation(elements, written: written)])
                when += conditions.conjuncts(elements, written: written)
            } else {
                scan(Syntax(item.item), when: when, closure: nil, callee: nil)
                // `if condition { …; return }` without an `else`: what follows runs when it does not hold.
                if let ifExpression = item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self),
                    ifExpression.elseBody == nil, Self.exits(ifExpression.body)
                {
                    let (elements, written) = Self.elements(ifExpression.conditions)
                    when.append(conditions.negation(elements, written: written))
                }
            }
        }
    }

    /// Whether a block always leaves the method: its last statement is a `return` or `throw`.
    private static func exits(_ block: CodeBlockSyntax) -> Bool {
        guard let last = block.statements.last?.item else { return false }
        return last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self)
    }

    /// An `if`'s or `guard`'s condition elements as text, and the whole list as written.
    private static func elements(_ list: ConditionElementListSyntax) -> ([String], String) {
        (list.map { text($0.condition) }, text(list))
    }

    /// `closure`: why calls here run later (inside a closure); `callee`: the call whose arguments
    /// are being read, which a closure argument is passed to.
    private mutating func scan(_ node: some SyntaxProtocol, when: [CodeCondition], closure: String?, callee: String?) {
        if let ifExpression = node.as(IfExprSyntax.self) {
            let (elements, written) = Self.elements(ifExpression.conditions)
            scan(ifExpression.conditions, when: when, closure: closure, callee: nil)
            scanBlock(ifExpression.body, when: when + conditions.conjuncts(elements, written: written), closure: closure)
            let otherwise = when + [conditions.negation(elements, written: written)]
            switch ifExpression.elseBody {
            case .ifExpr(let elseIf)?: scan(elseIf, when: otherwise, closure: closure, callee: nil)
            case .codeBlock(let block)?: scanBlock(block, when: otherwise, closure: closure)
            case nil: break
            }
        } else if let switchExpression = node.as(SwitchExprSyntax.self) {
            let subject = Self.text(switchExpression.subject)
            scan(switchExpression.subject, when: when, closure: closure, callee: nil)
            var cases: [CodeCondition] = []
            for element in switchExpression.cases {
                guard let switchCase = element.as(SwitchCaseSyntax.self) else { continue }
                let label: CodeCondition
                switch switchCase.label {
                case .case(let caseLabel):
                    let items = caseLabel.caseItems.map {
                        IndexPathConditions.CaseItem(pattern: Self.text($0.pattern), guardText: $0.whereClause.map { Self.text($0.condition) })
                    }
                    label = conditions.caseCondition(subject: subject, items: items, written: Self.text(caseLabel.caseItems))
                    cases.append(label)
                case .default:
                    label = conditions.defaultCondition(subject: subject, cases: cases)
                }
                if closure == nil {
                    scan(items: switchCase.statements, when: when + [label])
                } else {
                    scan(switchCase.statements, when: when + [label], closure: closure, callee: nil)
                }
            }
        } else if let configuration = node.as(IfConfigDeclSyntax.self) {
            // `#if DEBUG … #else … #endif`: one branch is compiled, never both; each is an alternative.
            for clause in configuration.clauses {
                let label = Self.label(clause)
                guard let elements = clause.elements else { continue }
                let inner = when + [.text(label)]
                if case .statements(let items) = elements, closure == nil {
                    scan(items: items, when: inner)
                } else {
                    scan(elements, when: inner, closure: closure, callee: callee)
                }
            }
        } else if let doStatement = node.as(DoStmtSyntax.self) {
            scanBlock(doStatement.body, when: when, closure: closure)
            for clause in doStatement.catchClauses {
                let caught = clause.catchItems.isEmpty ? "an error is thrown" : "\(Self.text(clause.catchItems)) is thrown"
                scanBlock(clause.body, when: when + [.text(caught)], closure: closure)
            }
        } else if let closureExpression = node.as(ClosureExprSyntax.self) {
            let reason = closure ?? (callee.map { "in a closure passed to \($0), which may run it later" } ?? "in a closure stored for later")
            scan(closureExpression.statements, when: when, closure: reason, callee: nil)
        } else if node.is(FunctionDeclSyntax.self) || node.is(ClassDeclSyntax.self) || node.is(StructDeclSyntax.self) {
            // A local function or type: its body runs only when something calls it.
            return
        } else if let call = node.as(FunctionCallExprSyntax.self) {
            if let kind = navigation(call) {
                if let closure, case .call(let selector, _) = kind {
                    // A call of the class's own method from a closure: what it does is reported.
                    operations.append(CodeOperation(.call(selector: selector, later: closure), conditions: when))
                } else if let closure {
                    let name = Self.calledName(call) ?? Self.text(call.calledExpression)
                    operations.append(CodeOperation(.unread(reason: "\(name)(…) \(closure)"), conditions: when))
                } else {
                    operations.append(CodeOperation(kind, conditions: when))
                }
            }
            let name = Self.text(call.calledExpression)
            scan(call.calledExpression, when: when, closure: closure, callee: nil)
            scan(call.arguments, when: when, closure: closure, callee: name)
            if let trailing = call.trailingClosure { scan(trailing, when: when, closure: closure, callee: name) }
            for additional in call.additionalTrailingClosures { scan(additional.closure, when: when, closure: closure, callee: name) }
        } else if let block = node.as(CodeBlockSyntax.self) {
            scanBlock(block, when: when, closure: closure)
        } else {
            for child in node.children(viewMode: .sourceAccurate) {
                scan(child, when: when, closure: closure, callee: callee)
            }
        }
    }

    /// What a branch of `#if X … #elseif Y … #else … #endif` is compiled under: `#if X`,
    /// `#elseif Y`, `#else (not X and not Y)`.
    static func label(_ clause: IfConfigClauseSyntax) -> String {
        if let condition = clause.condition { return "\(clause.poundKeyword.text) \(text(condition))" }
        let earlier = (clause.parent?.as(IfConfigClauseListSyntax.self)).map { Array($0) } ?? []
        let conditions = earlier.prefix { $0.id != clause.id }.compactMap(\.condition).map { "not \(text($0))" }
        return "#else (\(conditions.joined(separator: " and ")))"
    }

    private mutating func scanBlock(_ block: CodeBlockSyntax, when: [CodeCondition], closure: String?) {
        if closure == nil {
            scan(items: block.statements, when: when)
        } else {
            scan(block.statements, when: when, closure: closure, callee: nil)
        }
    }

    /// The operation `call` makes, `.call` for a method of the class itself, nil for anything else.
    private func navigation(_ call: FunctionCallExprSyntax) -> CodeOperation.Kind? {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let name: String
        let receiver: String
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
            receiver = member.base.map(Self.receiverName) ?? ""
        } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            receiver = ""
        } else {
            return nil
        }
        let onSelf = Self.selfReceivers.contains(receiver)
        let onContainer = onSelf || Self.containerReceivers.contains(receiver)
        func elsewhere(_ call: String) -> CodeOperation.Kind {
            .unread(reason: "\(call) is called on \(receiver), not on the controller or its containers")
        }
        switch (name, labels.first) {
        case ("dismiss", "animated"):
            return onContainer ? .dismiss : elsewhere("dismiss(animated:)")
        case ("popViewController", "animated"):
            return onContainer ? .pop : elsewhere("popViewController(animated:)")
        case ("popToRootViewController", "animated"):
            return onContainer ? .popToRoot : elsewhere("popToRootViewController(animated:)")
        case ("performSegue", "withIdentifier"):
            guard onSelf else { return elsewhere("performSegue(withIdentifier:sender:)") }
            guard let identifier = Self.literal(call.arguments.first!.expression) else {
                return .unread(reason: "performSegue(withIdentifier:) with a computed identifier: \(Self.text(call.arguments.first!.expression))")
            }
            return .segue(identifier: identifier)
        case ("present", "_") where labels.count >= 2 && labels[1] == "animated":
            return presentation(.present, "present(_:animated:)", call, onContainer, elsewhere)
        case ("pushViewController", "_") where labels.count >= 2 && labels[1] == "animated":
            return presentation(.push, "pushViewController(_:animated:)", call, onContainer, elsewhere)
        case ("show", "_") where labels.count == 2 && labels[1] == "sender":
            return presentation(.show, "show(_:sender:)", call, onContainer, elsewhere)
        case ("showDetailViewController", "_") where labels.count == 2 && labels[1] == "sender":
            return presentation(.showDetail, "showDetailViewController(_:sender:)", call, onContainer, elsewhere)
        default:
            if CodeOperation.isHandOff(receiver) {
                return .unread(reason: "calls \(name)(…) on \(receiver), which may navigate")
            }
            guard onSelf, receiver != "super", let first = name.first, first.isLowercase else { return nil }
            return .call(selector: ObjectiveCSelector.selector(base: name, labels: labels), later: nil)
        }
    }

    private func presentation(
        _ presentation: CodeOperation.Presentation, _ method: String, _ call: FunctionCallExprSyntax, _ onContainer: Bool,
        _ elsewhere: (String) -> CodeOperation.Kind
    ) -> CodeOperation.Kind {
        guard onContainer else { return elsewhere(method) }
        let argument = call.arguments.first!.expression
        switch instantiated(argument, depth: 0) {
        case .success(let (identifier, storyboard)):
            return .instantiate(presentation, storyboardIdentifier: identifier, storyboard: storyboard)
        case .failure(let why):
            return .unread(reason: "\(method) of \(Self.text(argument)): \(why.text)")
        }
    }

    private struct Why: Error { var text: String }

    /// The storyboard identifier (and storyboard name) of a controller made by
    /// `instantiateViewController(withIdentifier:)`.
    private func instantiated(_ expression: ExprSyntax, depth: Int) -> Result<(String, String?), Why> {
        let expression = Self.unwrapped(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            guard depth < 4, let value = bindings[reference.baseName.text] else {
                return .failure(Why(text: "not a controller instantiated from a storyboard in this method"))
            }
            return instantiated(value, depth: depth + 1)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else {
            return .failure(Why(text: "not a controller instantiated from a storyboard in this method"))
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "instantiateViewController"
        else {
            return .failure(Why(text: "a controller made by \(Self.text(call.calledExpression))(…), not instantiated from a storyboard"))
        }
        // `withIdentifier:`, or iOS 13's `instantiateViewController(identifier:creator:)`.
        guard let argument = call.arguments.first, argument.label?.text == "withIdentifier" || argument.label?.text == "identifier" else {
            return .failure(Why(text: "instantiateViewController without an identifier"))
        }
        guard let identifier = Self.literal(argument.expression) else {
            return .failure(Why(text: "a computed storyboard identifier"))
        }
        guard let base = member.base else { return .success((identifier, nil)) }
        return storyboard(base, depth: depth).map { (identifier, $0) }
    }

    /// nil for the controller's own storyboard, the name given to `UIStoryboard(name:bundle:)`.
    private func storyboard(_ expression: ExprSyntax, depth: Int) -> Result<String?, Why> {
        let expression = Self.unwrapped(expression)
        let text = Self.text(expression)
        // A local `let storyboard = UIStoryboard(name:…)` hides the controller's property.
        if let reference = expression.as(DeclReferenceExprSyntax.self), depth < 4, let value = bindings[reference.baseName.text] {
            return storyboard(value, depth: depth + 1)
        }
        if text == "storyboard" || text == "self.storyboard" { return .success(nil) }
        if let call = expression.as(FunctionCallExprSyntax.self), Self.text(call.calledExpression) == "UIStoryboard",
            let argument = call.arguments.first, argument.label?.text == "name"
        {
            guard let name = Self.literal(argument.expression) else { return .failure(Why(text: "a storyboard with a computed name")) }
            return .success(name)
        }
        return .failure(Why(text: "instantiated from the storyboard \(text)"))
    }

    /// Without `as!`/`as?`, `!`, `?`, `try` and parentheses.
    private static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        if let cast = expression.as(AsExprSyntax.self) { return unwrapped(cast.expression) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return unwrapped(forced.expression) }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return unwrapped(optional.expression) }
        if let attempt = expression.as(TryExprSyntax.self) { return unwrapped(attempt.expression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1 { return unwrapped(tuple.elements.first!.expression) }
        // A cast written as a sequence (`x as! T` before folding).
        if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first,
            sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true
        {
            return unwrapped(first)
        }
        return expression
    }

    /// A receiver as written, without `self.`, `?` and `!`: `navigationController`.
    private static func receiverName(_ base: ExprSyntax) -> String {
        var text = text(base).replacingAll("?", "").replacingAll("!", "")
        if text.hasPrefix("self.") { text.removeFirst(5) }
        return text
    }

    private static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return nil
    }

    /// The value of a string literal without interpolation.
    private static func literal(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            case .stringSegment(let segment) = literal.segments.first!
        else { return nil }
        return segment.content.text
    }

    /// Source text on one line, runs of white space made one space.
    static func text(_ node: some SyntaxProtocol) -> String {
        node.trimmedDescription.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

}

private extension String {
    func replacingAll(_ character: Character, _ replacement: String) -> String {
        split(separator: character, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

/// Names bound in a body to their initial value: `let x = …`, `var x = …`, `if let x = …`,
/// `guard let x = …`. A name bound twice keeps its first value.
private final class BindingCollector: SyntaxVisitor {
    var bindings: [String: ExprSyntax] = [:]
    /// The names bound by `let` alone (never assigned again), and bound once.
    var constants: Set<String> = []

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
            let isLet = node.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let)
            if bindings[name] == nil {
                bindings[name] = value
                if isLet { constants.insert(name) }
            } else {
                constants.remove(name)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value,
            bindings[name] == nil
        {
            bindings[name] = value
        }
        return .visitChildren
    }
}
