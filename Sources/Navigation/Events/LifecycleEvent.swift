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
    public var result: EventValue?

    public init(
        sequence: Int, controller: ControllerID, sceneIndex: SceneIndex, method: EventMethod,
        arguments: consuming EventArguments = .none, result: consuming EventValue? = nil
    ) {
        self.sequence = sequence
        self.controller = controller
        self.sceneIndex = sceneIndex
        self.method = method
        self.arguments = arguments
        self.result = result
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
}
