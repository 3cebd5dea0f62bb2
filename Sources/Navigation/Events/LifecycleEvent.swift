public import Storyboard

/// One UIKit callback or call, on one instance, in the order UIKit makes it.
public struct LifecycleEvent: Sendable, Equatable {
    /// The session-wide sequence number.
    public var sequence: Int
    public var controller: ControllerID
    /// The instance's scene in the session's storyboard, whose table gives its id and class
    /// (`storyboard[event.sceneIndex]`). An index rather than the two strings, so that making, copying
    /// and dropping an event retains nothing: their reference counts were a fifth of a push+pop.
    public var sceneIndex: SceneIndex
    public var method: EventMethod
    public var arguments: EventArguments
    /// What a query returned (`shouldPerformSegue`, `canPerformUnwindSegueAction`, …).
    public var result: EventValue? {
        get { storedResult.value }
        set { storedResult = StoredResult(newValue) }
    }
    /// A yes or no inline, anything else boxed: few events have a result, and an inline
    /// `EventValue` made every event's copy and destruction go through the value witnesses (a tenth
    /// of a push+pop under callgrind); most results are yes or no, which a box allocated for.
    private var storedResult: StoredResult
    /// Whether the event has a result: asked without copying the result out of its box.
    public var hasResult: Bool {
        if case .none = storedResult { return false }
        return true
    }

    public init(
        sequence: Int, controller: ControllerID, sceneIndex: SceneIndex, method: EventMethod,
        arguments: consuming EventArguments = .none, result: consuming EventValue? = nil
    ) {
        self.sequence = sequence
        self.controller = controller
        self.sceneIndex = sceneIndex
        self.method = method
        self.arguments = arguments
        self.storedResult = StoredResult(result)
    }

    public static func == (lhs: LifecycleEvent, rhs: LifecycleEvent) -> Bool {
        lhs.sequence == rhs.sequence && lhs.controller == rhs.controller && lhs.sceneIndex == rhs.sceneIndex
            && lhs.method == rhs.method && lhs.arguments == rhs.arguments && lhs.result == rhs.result
    }

    /// `vc3 list prepareForSegue segue=showItem:show(vc3->vc4) sender=null`, and ` -> result` for queries:
    /// the line format of scenario files, with the scene named by `storyboard`.
    public func line(in storyboard: Storyboard) -> String {
        var line = "\(controller) \(storyboard[sceneIndex].id) \(method.rawValue)"
        if arguments.count > 0 { line += " \(arguments)" }
        if let result { line += " -> \(result)" }
        return line
    }
}

/// One step of an unwind's destination search (spec §5.10).
public struct SearchStep: Sendable, Equatable, CustomStringConvertible {
    public var controller: ControllerID
    public var method: EventMethod
    public var result: EventValue
    public var description: String { "\(controller) \(method.rawValue) -> \(result)" }

    /// Public for the service, which reads steps back from its store.
    public init(controller: ControllerID, method: EventMethod, result: EventValue) {
        self.controller = controller
        self.method = method
        self.result = result
    }
}

/// An event's result: none, a yes or no, or anything else held by reference (see
/// ``LifecycleEvent/result``).
private enum StoredResult: Sendable {
    case none
    case bool(Bool)
    case boxed(ResultBox)

    init(_ value: consuming EventValue?) {
        switch value {
        case nil: self = .none
        case .bool(let bool)?: self = .bool(bool)
        case let value?: self = .boxed(ResultBox(value))
        }
    }

    var value: EventValue? {
        switch self {
        case .none: nil
        case .bool(let bool): .bool(bool)
        case .boxed(let box): box.value
        }
    }
}

/// A result other than a yes or no. Immutable, so sharing it between copies of an event is safe.
private final class ResultBox: Sendable {
    let value: EventValue
    init(_ value: EventValue) { self.value = value }
}
