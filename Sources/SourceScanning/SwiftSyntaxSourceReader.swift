public import Storyboard
import SwiftParser
import SwiftSyntax

/// Reads a Swift file's classes and their unwind actions with the Swift parser: comments and string
/// literals are not code, declarations may span lines, and each method's Objective-C selector is
/// the one the compiler gives it (``ObjectiveCSelector``) or its explicit `@objc(name:)`.
///
/// An unwind action is an instance method Objective-C can see (`@IBAction`, `@objc`, or in an
/// `@objc extension` or an `@objcMembers` class; never `@nonobjc`) whose first parameter is a
/// `UIStoryboardSegue`. A nested class is a class of its own, named by its own name as Interface
/// Builder's `customClass` names it; methods of structs, enums and protocols are not a class's.
///
/// Every instance method of a class is also kept by selector with the line it is declared on and
/// the navigation calls its body makes (``SwiftNavigationReader``, spec §5.13).
public struct SwiftSyntaxSourceReader: SwiftSourceReader {
    public init() {}

    public func classes(inSwift source: String) -> [DeclaredClass] {
        let tree = Parser.parse(source: source)
        let constants = ConstantCollector(viewMode: .sourceAccurate)
        constants.walk(tree)
        let collector = ClassCollector(lines: SourceLocationConverter(fileName: "", tree: tree), constants: constants.constants)
        collector.walk(tree)
        return collector.classes
    }
}

/// Walks the tree keeping the type declaration each method is in.
private final class ClassCollector: SyntaxVisitor {
    var classes: [DeclaredClass] = []
    /// The enclosing type declarations, innermost last: the index of its entry in `classes` and
    /// whether its members are `@objc` by default; nil for a type that is not a class.
    private var contexts: [(index: Int, objcMembers: Bool)?] = []
    private let lines: SourceLocationConverter
    /// The file's integer constants, for conditions on a selected index path.
    private let constants: [String: Int]

    init(lines: SourceLocationConverter, constants: [String: Int]) {
        self.lines = lines
        self.constants = constants
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let superclass = node.inheritanceClause?.inheritedTypes.first.map { Self.typeName($0.type) }
        classes.append(DeclaredClass(name: node.name.text, superclass: superclass))
        contexts.append((classes.count - 1, Self.has(node.attributes, "objcMembers")))
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { contexts.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        classes.append(DeclaredClass(name: Self.typeName(node.extendedType)))
        contexts.append((classes.count - 1, Self.has(node.attributes, "objc")))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { contexts.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { contexts.append(nil); return .visitChildren }
    override func visitPost(_ node: StructDeclSyntax) { contexts.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { contexts.append(nil); return .visitChildren }
    override func visitPost(_ node: EnumDeclSyntax) { contexts.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { contexts.append(nil); return .visitChildren }
    override func visitPost(_ node: ActorDeclSyntax) { contexts.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        // A function's body holds no members (local functions and types are not the class's).
        guard let context = contexts.last ?? nil else { return .skipChildren }
        let modifiers = Set(node.modifiers.map(\.name.text))
        guard !modifiers.contains("static"), !modifiers.contains("class") else { return .skipChildren }
        let explicitObjC = Self.attribute(node.attributes, "objc")
        let parameters = Array(node.signature.parameterClause.parameters)
        let selector: String
        if let arguments = explicitObjC?.arguments, case .objCName(let pieces) = arguments {
            selector = pieces.map { ($0.name?.text ?? "") + ($0.colon == nil ? "" : ":") }.joined()
        } else {
            selector = ObjectiveCSelector.selector(base: node.name.text, labels: parameters.map(\.firstName.text))
        }
        if let body = node.body {
            let line = lines.location(for: node.positionAfterSkippingLeadingTrivia).line
            var operations = SwiftNavigationReader(body: body, indexPaths: Self.indexPaths(selector, parameters), constants: constants).operations
            // A method declared in a branch of `#if … #else … #endif` among the class's members:
            // its calls are under that branch, and another branch's declaration of the same
            // method is its alternative, never both.
            let branches = Self.configurationBranches(of: node)
            if !branches.isEmpty {
                for index in operations.indices { operations[index].conditions.insert(contentsOf: branches, at: 0) }
            }
            if var known = classes[context.index].methods[selector] {
                if !branches.isEmpty {
                    known.operations += operations
                    classes[context.index].methods[selector] = known
                }
            } else {
                classes[context.index].methods[selector] = MethodBody(source: "\(line)", operations: operations)
            }
        }
        let exported = Self.has(node.attributes, "IBAction") || explicitObjC != nil || context.objcMembers
        guard exported, !Self.has(node.attributes, "nonobjc") else { return .skipChildren }
        guard let first = parameters.first, Self.isStoryboardSegue(first.type) else { return .skipChildren }
        classes[context.index].unwindActions.append(selector)
        return .skipChildren
    }

    /// The `#if` branches a member is declared in, outermost first, up to its type.
    static func configurationBranches(of node: some SyntaxProtocol) -> [CodeCondition] {
        var branches: [CodeCondition] = []
        var parent = node.parent
        while let current = parent, !current.is(ClassDeclSyntax.self), !current.is(ExtensionDeclSyntax.self) {
            if let clause = current.as(IfConfigClauseSyntax.self) { branches.insert(.text(SwiftNavigationReader.label(clause)), at: 0) }
            parent = current.parent
        }
        return branches
    }

    /// In a selection method (`tableView(_:didSelectRowAt:)`), the name of its index path parameter.
    static func indexPaths(_ selector: String, _ parameters: [FunctionParameterSyntax]) -> Set<String> {
        guard IndexPathConditions.selectionSelectors.contains(selector) else { return [] }
        return Set(parameters.filter { ["IndexPath", "NSIndexPath"].contains(typeName($0.type)) }.map { ($0.secondName ?? $0.firstName).text })
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// `UIStoryboardSegue`, `UIKit.UIStoryboardSegue`, and their optionals.
    static func isStoryboardSegue(_ type: TypeSyntax) -> Bool {
        if let optional = type.as(OptionalTypeSyntax.self) { return isStoryboardSegue(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return isStoryboardSegue(unwrapped.wrappedType) }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text == "UIStoryboardSegue" }
        if let member = type.as(MemberTypeSyntax.self) {
            return member.name.text == "UIStoryboardSegue" && member.baseType.trimmedDescription == "UIKit"
        }
        return false
    }

    /// A type's own name: `Outer.Inner` → `Inner`, `Base<T>` → `Base`.
    static func typeName(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return type.trimmedDescription
    }

    static func attribute(_ attributes: AttributeListSyntax, _ name: String) -> AttributeSyntax? {
        for element in attributes {
            if case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == name { return attribute }
        }
        return nil
    }

    static func has(_ attributes: AttributeListSyntax, _ name: String) -> Bool { attribute(attributes, name) != nil }
}

/// A file's integer constants outside function bodies: `let NAME = 2` (at file scope or a type's
/// `static let`), and each case of an `Int` enum as `Enum.case.rawValue` (counted from 0, or from
/// its literal raw value). A name given two values is left out.
private final class ConstantCollector: SyntaxVisitor {
    private(set) var constants: [String: Int] = [:]
    private var ambiguous: Set<String> = []

    private func add(_ name: String, _ value: Int) {
        guard !ambiguous.contains(name) else { return }
        if let known = constants[name], known != value {
            constants[name] = nil
            ambiguous.insert(name)
        } else {
            constants[name] = value
        }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.bindingSpecifier.tokenKind == .keyword(.let) else { return .skipChildren }
        for binding in node.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let literal = binding.initializer?.value.as(IntegerLiteralExprSyntax.self), let value = Int(literal.literal.text)
            {
                add(name, value)
            }
        }
        return .skipChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let raw = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
            ["Int", "UInt", "Int32", "Int64", "NSInteger"].contains(raw)
        else { return .visitChildren }
        var next = 0
        for member in node.memberBlock.members {
            guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in cases.elements {
                if let literal = element.rawValue?.value.as(IntegerLiteralExprSyntax.self), let value = Int(literal.literal.text) {
                    next = value
                }
                add("\(node.name.text).\(element.name.text).rawValue", next)
                next += 1
            }
        }
        return .visitChildren
    }
}
