/// The arguments of one event, in the order UIKit's method takes them.
///
/// The shapes the engine emits are stored as cases of their own rather than as a list: a list per
/// event was a heap allocation and a free for every callback (the largest single cost of a push+pop
/// under callgrind), and every copy of the event retained it. The appearance, containment and
/// navigation controller calls hold nothing to retain; the segue and unwind callbacks, whose
/// arguments carry a segue object or what a client sent, hold them in one box (`indirect`), where
/// a list took an array and a box for the segue. Anything else is a list.
public enum EventArguments: Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    case none
    /// `animated` (the appearance callbacks).
    case animated(Bool)
    /// `parent` (`willMove(toParent:)`, `didMove(toParent:)`); `nil` when leaving a parent.
    case parent(ControllerID?)
    /// `viewController`, `animated` (push, pop to, the navigation controller delegate calls).
    case viewController(ControllerID, animated: Bool)
    /// One instance under one of the names in ``InstanceArgument`` (the unwind search's `source`,
    /// `unwind(for:towards:)`, a tab bar controller's `viewController`).
    case instance(InstanceArgument, ControllerID)
    /// `action`, `from` (`canPerformUnwindSegueAction`, `viewControllerForUnwindSegueAction`).
    case actionFrom(String, ControllerID)
    /// `segue` (`performSegue`).
    case segue(SegueDescription)
    /// `segue`, `sender` (`prepare(for:sender:)`).
    indirect case segueSender(SegueDescription, sender: EventValue)
    /// `action`, `segue` (an unwind action).
    indirect case actionSegue(String, SegueDescription)
    /// `identifier`, `sender` (`shouldPerformSegue(withIdentifier:sender:)`).
    indirect case identifierSender(EventValue, sender: EventValue)
    case list([EventArgument])

    /// The same arguments in their own shape when they have one, so that equal arguments are
    /// stored alike whichever way they were written.
    public init(_ elements: [EventArgument]) {
        // Switching on the count first: one switch over a tuple of optional names and values
        // copied every element, and cost more than the event it described.
        switch elements.count {
        case 0:
            self = .none
        case 1:
            self = Self.single(elements[0]) ?? .list(elements)
        case 2:
            self = Self.pair(elements[0], elements[1]) ?? .list(elements)
        default:
            self = .list(elements)
        }
    }

    private static func single(_ element: EventArgument) -> EventArguments? {
        switch (element.name, element.value) {
        case ("animated", .bool(let animated)): .animated(animated)
        case ("parent", .controller(let parent)): .parent(parent)
        case ("parent", .null): .parent(nil)
        case ("segue", .segue(let segue)): .segue(segue)
        case (let name, .controller(let id)): InstanceArgument(rawValue: name).map { .instance($0, id) }
        default: nil
        }
    }

    private static func pair(_ first: EventArgument, _ second: EventArgument) -> EventArguments? {
        switch (first.name, first.value, second.name, second.value) {
        case ("viewController", .controller(let id), "animated", .bool(let animated)): .viewController(id, animated: animated)
        case ("action", .string(let action), "from", .controller(let from)): .actionFrom(action, from)
        case ("segue", .segue(let segue), "sender", let sender): .segueSender(segue, sender: sender)
        case ("action", .string(let action), "segue", .segue(let segue)): .actionSegue(action, segue)
        case ("identifier", let identifier, "sender", let sender): .identifierSender(identifier, sender: sender)
        default: nil
        }
    }

    public init(arrayLiteral elements: EventArgument...) { self.init(elements) }

    public var count: Int {
        switch self {
        case .none: 0
        case .animated, .parent, .instance, .segue: 1
        case .viewController, .actionFrom, .segueSender, .actionSegue, .identifierSender: 2
        case .list(let elements): elements.count
        }
    }

    /// Calls `body` with each name and value, in order, without building a list (the names are
    /// literals: nothing to allocate or retain).
    public func forEach(_ body: (String, EventValue) -> Void) {
        switch self {
        case .none: break
        case .animated(let animated): body("animated", .bool(animated))
        case .parent(let parent): body("parent", .optional(parent))
        case .viewController(let id, let animated):
            body("viewController", .controller(id))
            body("animated", .bool(animated))
        case .instance(let name, let id): body(name.rawValue, .controller(id))
        case .actionFrom(let action, let from):
            body("action", .string(action))
            body("from", .controller(from))
        case .segue(let segue): body("segue", .segue(segue))
        case .segueSender(let segue, let sender):
            body("segue", .segue(segue))
            body("sender", sender)
        case .actionSegue(let action, let segue):
            body("action", .string(action))
            body("segue", .segue(segue))
        case .identifierSender(let identifier, let sender):
            body("identifier", identifier)
            body("sender", sender)
        case .list(let elements): for element in elements { body(element.name, element.value) }
        }
    }

    /// The arguments as a list of names and values.
    public var elements: [EventArgument] {
        var result: [EventArgument] = []
        forEach { name, value in result.append(EventArgument(name, value)) }
        return result
    }

    public var description: String { elements.map { "\($0.name)=\($0.value)" }.joined(separator: " ") }
}

/// The names an argument holding one instance goes by in ``EventArguments/instance(_:_:)``.
public enum InstanceArgument: String, Sendable, CaseIterable {
    /// `allowedChildrenForUnwinding(from:)`'s source.
    case source
    /// `unwind(for:towards:)`.
    case towards
    /// A tab bar controller delegate's, or `showDetailViewController(_:sender:)`'s.
    case viewController
}

extension EventArguments: Equatable {
    public static func == (lhs: EventArguments, rhs: EventArguments) -> Bool { lhs.elements == rhs.elements }
}
