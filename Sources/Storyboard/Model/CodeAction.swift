/// What a control's action method does, read from the app's sources (spec §5.13): the navigation
/// calls it makes, in the request shape of the API, alternatives with their condition, and what
/// could not be read with the reason.
public struct CodeAction: Sendable, Equatable {
    /// The Objective-C selector the storyboard connection sends (`cancel:`), or the table or
    /// collection view delegate method a cell's selection calls.
    public var selector: String
    /// `path:line` of the method's declaration; nil when the sources do not have it.
    public var source: String?
    /// The operations, in the order the body makes them; empty when it navigates nowhere.
    public var performs: [CodeOperation]
    /// Until the import resolves the action: the custom class of the object that receives it when
    /// that is not the scene's view controller (a cell, a view of the app's own class); nil for
    /// the controller, and nil once resolved (the scene UI's JSON does not carry it).
    public var receiverClass: String?

    public init(selector: String, source: String? = nil, performs: [CodeOperation] = [], receiverClass: String? = nil) {
        self.selector = selector
        self.source = source
        self.performs = performs
        self.receiverClass = receiverClass
    }

    /// At most this many operations per action: a real action makes a handful.
    public static let maxOperations = 32
}

/// One navigation call of an action's body.
public struct CodeOperation: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `dismiss(animated:)` / `dismissViewControllerAnimated:completion:`.
        case dismiss
        /// `popViewController(animated:)`.
        case pop
        /// `popToRootViewController(animated:)`.
        case popToRoot
        /// `performSegue(withIdentifier:sender:)` of a segue of the scene.
        case segue(identifier: String)
        /// `present`, `pushViewController`, `show` or `showDetailViewController` of
        /// `instantiateViewController(withIdentifier:)`; `storyboard` is the name given to
        /// `UIStoryboard(name:bundle:)`, nil for the controller's own storyboard.
        case instantiate(Presentation, storyboardIdentifier: String, storyboard: String?)
        /// A call that could not be read, and why.
        case unread(reason: String)
        /// A call of another method of the same class (its selector): replaced by that method's
        /// operations when actions are resolved, never left in a resolved action. `later`: why it
        /// may run later (in a closure or block), so that what it does is reported as unread.
        case call(selector: String, later: String?)
    }

    public enum Presentation: String, Sendable, CaseIterable {
        case present, push, show, showDetail
    }

    public var kind: Kind
    /// The conditions of the branches it sits in (`if`, `guard`, `switch`), outermost first.
    public var conditions: [CodeCondition]
    /// The conditions as the API shows them, joined by " and "; nil outside any branch.
    public var when: String? {
        get { CodeCondition.text(of: conditions) }
        set { conditions = newValue.map { [.text($0)] } ?? [] }
    }

    public init(_ kind: Kind, when: String? = nil) {
        self.kind = kind
        conditions = when.map { [.text($0)] } ?? []
    }

    public init(_ kind: Kind, conditions: [CodeCondition]) {
        self.kind = kind
        self.conditions = conditions
    }

    /// The same operation and condition as the API shows them: a condition read on the index path
    /// equals its text.
    public static func == (lhs: CodeOperation, rhs: CodeOperation) -> Bool {
        lhs.kind == rhs.kind && lhs.when == rhs.when
    }

    /// Whether a receiver is one an app hands navigation to (a delegate, coordinator, router or
    /// navigator): what a call on it does is another type's code, so it is reported, not followed.
    public static func isHandOff(_ receiver: String) -> Bool {
        let name = (receiver.split(separator: ".").last.map(String.init) ?? receiver).lowercased()
        return ["delegate", "coordinator", "router", "navigator"].contains { name.contains($0) }
    }

    /// The `type` of the operation in the API.
    public var type: String {
        switch kind {
        case .dismiss: "dismiss"
        case .pop: "pop"
        case .popToRoot: "popToRoot"
        case .segue: "segue"
        case .instantiate(let presentation, _, _): presentation.rawValue
        case .unread, .call: "unread"
        }
    }
}

/// A method of a class as its source declares it: where, and the navigation calls its body makes.
public struct MethodBody: Sendable, Equatable {
    /// `path:line` once the scanner knows the file; the reader gives the line alone.
    public var source: String
    public var operations: [CodeOperation]

    public init(source: String, operations: [CodeOperation] = []) {
        self.source = source
        self.operations = operations
    }
}
