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
    private(set) var operations: [CodeOperation] = []

    init(body: CodeBlockSyntax) {
        let collector = BindingCollector(viewMode: .sourceAccurate)
        collector.walk(body)
        bindings = collector.bindings
        scan(items: body.statements, when: [])
    }

    static let selfReceivers: Set<String> = ["", "self", "super"]
    static let containerReceivers: Set<String> = [
        "navigationController", "presentingViewController", "splitViewController", "tabBarController", "parent",
    ]

    private mutating func scan(items: CodeBlockItemListSyntax, when: [String]) {
        var when = when
        for item in items {
            if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                let condition = Self.text(guardStatement.conditions)
                scan(guardStatement.conditions, when: when, closure: nil, callee: nil)
                scan(items: guardStatement.body.statements, when: when + ["not (\(condition))"])
                when.append(condition)
            } else {
                scan(Syntax(item.item), when: when, closure: nil, callee: nil)
            }
        }
    }

    /// `closure`: why calls here run later (inside a closure); `callee`: the call whose arguments
    /// are being read, which a closure argument is passed to.
    private mutating func scan(_ node: some SyntaxProtocol, when: [String], closure: String?, callee: String?) {
        if let ifExpression = node.as(IfExprSyntax.self) {
            let condition = Self.text(ifExpression.conditions)
            scan(ifExpression.conditions, when: when, closure: closure, callee: nil)
            scanBlock(ifExpression.body, when: when + [condition], closure: closure)
            switch ifExpression.elseBody {
            case .ifExpr(let elseIf)?: scan(elseIf, when: when + ["not (\(condition))"], closure: closure, callee: nil)
            case .codeBlock(let block)?: scanBlock(block, when: when + ["not (\(condition))"], closure: closure)
            case nil: break
            }
        } else if let switchExpression = node.as(SwitchExprSyntax.self) {
            let subject = Self.text(switchExpression.subject)
            scan(switchExpression.subject, when: when, closure: closure, callee: nil)
            for element in switchExpression.cases {
                guard let switchCase = element.as(SwitchCaseSyntax.self) else { continue }
                let label: String = switch switchCase.label {
                case .case(let caseLabel): "\(subject) is \(Self.text(caseLabel.caseItems))"
                case .default: "\(subject) is none of the cases above"
                }
                if closure == nil {
                    scan(items: switchCase.statements, when: when + [label])
                } else {
                    scan(switchCase.statements, when: when + [label], closure: closure, callee: nil)
                }
            }
        } else if let doStatement = node.as(DoStmtSyntax.self) {
            scanBlock(doStatement.body, when: when, closure: closure)
            for clause in doStatement.catchClauses {
                let caught = clause.catchItems.isEmpty ? "an error is thrown" : "\(Self.text(clause.catchItems)) is thrown"
                scanBlock(clause.body, when: when + [caught], closure: closure)
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
                    operations.append(CodeOperation(.call(selector: selector, later: closure), when: Self.joined(when)))
                } else if let closure {
                    let name = Self.calledName(call) ?? Self.text(call.calledExpression)
                    operations.append(CodeOperation(.unread(reason: "\(name)(…) \(closure)"), when: Self.joined(when)))
                } else {
                    operations.append(CodeOperation(kind, when: Self.joined(when)))
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

    private mutating func scanBlock(_ block: CodeBlockSyntax, when: [String], closure: String?) {
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

    private static func joined(_ conditions: [String]) -> String? {
        conditions.isEmpty ? nil : conditions.joined(separator: " and ")
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

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value,
            bindings[name] == nil
        {
            bindings[name] = value
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
