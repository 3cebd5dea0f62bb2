/// The arguments of one event, in the order UIKit's method takes them.
///
/// The shapes most events have (appearance callbacks, containment, navigation controller calls)
/// are stored inline; anything else is a list. A list per event was a heap allocation and a free for
/// every callback, the largest single cost of a push+pop under callgrind.
public enum EventArguments: Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    case none
    /// `animated` (the appearance callbacks).
    case animated(Bool)
    /// `parent` (`willMove(toParent:)`, `didMove(toParent:)`); `nil` when leaving a parent.
    case parent(ControllerID?)
    /// `viewController`, `animated` (push, pop to, the navigation controller delegate calls).
    case viewController(ControllerID, animated: Bool)
    case list([EventArgument])

    /// The same arguments in their inline shape when they have one, so that equal arguments are
    /// stored alike whichever way they were written.
    public init(_ elements: [EventArgument]) {
        // Switching on the count first: one switch over a tuple of optional names and values
        // copied every element, and cost more than the event it described.
        switch elements.count {
        case 0:
            self = .none
        case 1:
            switch (elements[0].name, elements[0].value) {
            case ("animated", .bool(let animated)): self = .animated(animated)
            case ("parent", .controller(let parent)): self = .parent(parent)
            case ("parent", .null): self = .parent(nil)
            default: self = .list(elements)
            }
        case 2:
            if elements[0].name == "viewController", elements[1].name == "animated",
                case .controller(let id) = elements[0].value, case .bool(let animated) = elements[1].value
            {
                self = .viewController(id, animated: animated)
            } else {
                self = .list(elements)
            }
        default:
            self = .list(elements)
        }
    }

    public init(arrayLiteral elements: EventArgument...) { self.init(elements) }

    public var count: Int {
        switch self {
        case .none: 0
        case .animated, .parent: 1
        case .viewController: 2
        case .list(let elements): elements.count
        }
    }

    /// Calls `body` with each name and value, in order, without building a list (the inline shapes'
    /// names are literals: nothing to allocate or retain).
    public func forEach(_ body: (String, EventValue) -> Void) {
        switch self {
        case .none: break
        case .animated(let animated): body("animated", .bool(animated))
        case .parent(let parent): body("parent", .optional(parent))
        case .viewController(let id, let animated):
            body("viewController", .controller(id))
            body("animated", .bool(animated))
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

extension EventArguments: Equatable {
    public static func == (lhs: EventArguments, rhs: EventArguments) -> Bool { lhs.elements == rhs.elements }
}
