/// Finds unwind actions in an app's sources, which a storyboard does not record (Xcode reads them
/// from the code): action methods whose first parameter is a `UIStoryboardSegue`, the class they
/// belong to, and class inheritance; and every method's navigation calls (spec §5.13).
///
/// Swift is parsed by a ``SwiftSourceReader`` given by the caller (the `SourceScanning` target
/// reads it with swift-syntax, which this target does not link so that the engine does not pay for
/// the parser); Objective-C is read here by ``ObjectiveCActionReader``, comments and `#if 0` blocks
/// left out.
public enum UnwindActionScanner {
    public static func scan(_ sources: [String: String], swift: any SwiftSourceReader) -> [String: ClassInfo] {
        read(sources, swift: swift).classes
    }

    /// The classes, and each class's methods by selector with their navigation calls (`source`
    /// `path:line`): kept apart from ``ClassInfo``, which a stored storyboard holds, because only the
    /// import needs them (``CodeActionResolver``).
    public static func read(_ sources: [String: String], swift: any SwiftSourceReader) -> (classes: [String: ClassInfo], methods: [String: [String: MethodBody]]) {
        // Actions are gathered in sets and sorted once per class: merging and sorting at each
        // declaration took 12 s for 12,000 extensions of one class (770 KB, one upload).
        var superclasses: [String: String] = [:]
        var actions: [String: Set<String>] = [:]
        var methods: [String: [String: MethodBody]] = [:]
        for path in sources.keys.sorted() {
            let text = sources[path]!
            let found: [DeclaredClass]
            if path.hasSuffix(".swift") {
                found = swift.classes(inSwift: text)
            } else if path.hasSuffix(".m") || path.hasSuffix(".h") || path.hasSuffix(".mm") {
                found = ObjectiveCActionReader.classes(in: text)
            } else {
                found = []
            }
            for declared in found {
                // The first declaration that names a superclass gives it.
                if superclasses[declared.name] == nil, let superclass = declared.superclass { superclasses[declared.name] = superclass }
                actions[declared.name, default: []].formUnion(declared.unwindActions)
                for (selector, body) in declared.methods where methods[declared.name]?[selector] == nil {
                    // The first declaration of a selector (files in path order) is the one kept.
                    methods[declared.name, default: [:]][selector] = MethodBody(source: "\(path):\(body.source)", operations: body.operations)
                }
            }
        }
        var classes: [String: ClassInfo] = [:]
        for (className, declared) in actions {
            classes[className] = ClassInfo(superclass: superclasses[className], unwindActions: declared.sorted())
        }
        return (classes, methods)
    }
}

/// One class declaration or extension as a source file states it: the class's name (a nested
/// type's own name, as Interface Builder's `customClass` names it), the superclass it names, and
/// the selectors of the unwind actions declared in that body.
public struct DeclaredClass: Sendable, Equatable {
    public var name: String
    public var superclass: String?
    public var unwindActions: [String]
    /// Instance methods by selector, their `source` the line alone (the scanner adds the path).
    public var methods: [String: MethodBody]

    public init(name: String, superclass: String? = nil, unwindActions: [String] = [], methods: [String: MethodBody] = [:]) {
        self.name = name
        self.superclass = superclass
        self.unwindActions = unwindActions
        self.methods = methods
    }
}

/// Reads the class declarations of a Swift source file (`SourceScanning.SwiftSyntaxSourceReader`).
public protocol SwiftSourceReader: Sendable {
    func classes(inSwift source: String) -> [DeclaredClass]
}
