public import Storyboard

/// One UIKit callback or call, on one instance, in the order UIKit makes it.
public struct LifecycleEvent: Sendable, Equatable, CustomStringConvertible {
    /// The session-wide sequence number.
    public var sequence: Int
    public var controller: ControllerID
    public var scene: SceneID
    public var className: String
    public var method: EventMethod
    public var arguments: EventArguments
    /// What a query returned (`shouldPerformSegue`, `canPerformUnwindSegueAction`, …).
    public var result: EventValue?

    public init(
        sequence: Int, controller: ControllerID, scene: SceneID, className: String, method: EventMethod,
        arguments: EventArguments = .none, result: EventValue? = nil
    ) {
        self.sequence = sequence
        self.controller = controller
        self.scene = scene
        self.className = className
        self.method = method
        self.arguments = arguments
        self.result = result
    }

    /// `vc3 list prepareForSegue segue=showItem:show(vc3->vc4) sender=null`, and ` -> result` for queries:
    /// the line format of scenario files.
    public var description: String {
        var line = "\(controller) \(scene) \(method.rawValue)"
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
