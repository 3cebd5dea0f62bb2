public import Storyboard

/// What one step did, in the terms a flow's expectations use. Drivers (the engine in process, a
/// daemon over HTTP) fill it in; the runner compares it with the expectations.
public struct StepOutcome: Sendable, Equatable {
    public var performed: Bool
    /// Why UIKit ended it silently (`shouldPerformSegueReturnedFalse`, …).
    public var reason: String?
    /// The error code when the step was refused (`unknown-segue`), and its message.
    public var error: String?
    public var errorMessage: String?
    public var visibleScene: String?
    /// The visible path, by scenes.
    public var scenes: [String]
    /// An unwind's destination scene.
    public var destinationScene: String?
    /// The callbacks, as ``CallbackLine`` writes them.
    public var callbacks: [String]
    /// The storyboard segue (or unwind segue) the step performed, for coverage: a `tap` of a
    /// control wired to one included.
    public var exercised: SegueKey?
    /// The alternative of a code action a `tap` step named (``TappedControl``), performed or not:
    /// coverage counts it when ``performed``, and says why not when the tap was refused or did nothing.
    public var tappedAction: ActionKey?

    public init(
        performed: Bool, reason: String? = nil, error: String? = nil, errorMessage: String? = nil,
        visibleScene: String? = nil, scenes: [String] = [], destinationScene: String? = nil, callbacks: [String] = [],
        exercised: SegueKey? = nil, tappedAction: ActionKey? = nil
    ) {
        self.performed = performed
        self.reason = reason
        self.error = error
        self.errorMessage = errorMessage
        self.visibleScene = visibleScene
        self.scenes = scenes
        self.destinationScene = destinationScene
        self.callbacks = callbacks
        self.exercised = exercised
        self.tappedAction = tappedAction
    }
}

/// Runs a flow's steps somewhere: ``EngineDriver`` in process, the CLI's HTTP driver on a daemon.
public protocol FlowDriver {
    /// Starts a session for `flow` (its storyboard, profile, traits, initial scene): the launch.
    mutating func launch(_ flow: Flow, storyboard: Storyboard) throws -> StepOutcome
    /// One step's command line (`segue showItem data={…}`).
    mutating func perform(_ command: String) throws -> StepOutcome
    /// Ends the session.
    mutating func finish()
}

/// A storyboard segue: its source scene and its place among the scene's segues. Unwind segues
/// included; the name says which for people.
public struct SegueKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var scene: String
    public var index: Int
    public var name: String

    public init(scene: String, index: Int, segue: Segue) {
        self.scene = scene
        self.index = index
        let label = segue.identifier?.rawValue ?? segue.id.map { "id=\($0)" } ?? "#\(index)"
        if segue.kind == .unwind {
            name = "\(scene) → unwind \(label)" + (segue.action.map { " (\($0))" } ?? "")
        } else {
            name = "\(scene) → \(label) (\(segue.kind.rawValue)\(segue.destination.map { " to \($0)" } ?? ""))"
        }
    }

    public var description: String { name }
    public static func < (lhs: SegueKey, rhs: SegueKey) -> Bool { (lhs.scene, lhs.index) < (rhs.scene, rhs.index) }
    public static func == (lhs: SegueKey, rhs: SegueKey) -> Bool { lhs.scene == rhs.scene && lhs.index == rhs.index }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scene)
        hasher.combine(index)
    }

    /// The segues a user or code can trigger by name: forward segues other than embeds and
    /// relationships (containers make those), and unwind segues: coverage counts these.
    public static func all(in storyboard: Storyboard) -> [SegueKey] {
        storyboard.sceneTable.flatMap { scene in
            scene.segues.enumerated().compactMap { index, segue in
                isTriggerable(segue) ? SegueKey(scene: scene.id.rawValue, index: index, segue: segue) : nil
            }
        }.sorted()
    }

    static func isTriggerable(_ segue: Segue) -> Bool {
        segue.kind == .unwind || (!segue.isEmbedding && segue.kind != .relationship)
    }

    /// The segue of `scene` that a command names: by identifier, id, or (for unwinds) action.
    public static func find(in scene: Scene, identifier: String?, id: String?, action: String?, unwind: Bool) -> SegueKey? {
        let index = scene.segues.firstIndex { segue in
            if let id { return segue.id == id }
            if let identifier { return segue.identifier?.rawValue == identifier && (segue.kind == .unwind) == unwind }
            if let action { return segue.kind == .unwind && segue.action == action }
            return false
        }
        return index.map { SegueKey(scene: scene.id.rawValue, index: $0, segue: scene.segues[$0]) }
    }
}
