/// A flow: a storyboard (or an app), a session's options, and steps, each with what must hold after
/// it (docs/flows.md, format version 1). Written by a person, or by `segued explore` and `--record`.
public struct Flow: Sendable, Equatable {
    /// The format version this build reads and writes (`flow: 1`).
    public static let formatVersion = 1

    /// The flow's name in reports: its file name without `.flow`.
    public var name: String
    /// `#` lines, kept when a flow is re-recorded.
    public var comments: [String]
    /// `storyboard:` — `demo`, or a file (segued JSON, `.storyboard`, a bundle from `segued import`)
    /// relative to the flow's folder. Exactly one of `storyboard` and `app` is set.
    public var storyboard: String?
    /// `app:` — an Xcode project folder, relative to the flow's folder.
    public var app: String?
    /// `entry:` — with `app:`, the storyboard the app starts in, over what its `Info.plist` says
    /// (as `segued import --entry`).
    public var entry: String?
    /// `profile:` (`ios17` when absent), `traits:` (`phone`, `pad regular`, …), `initialScene:`.
    public var profile: String?
    public var traits: String?
    public var initialScene: String?
    /// The steps in order; the first is `launch` (written or implied).
    public var steps: [FlowStep]

    public init(
        name: String, comments: [String] = [], storyboard: String? = nil, app: String? = nil, entry: String? = nil, profile: String? = nil,
        traits: String? = nil, initialScene: String? = nil, steps: [FlowStep]
    ) {
        self.entry = entry
        self.name = name
        self.comments = comments
        self.storyboard = storyboard
        self.app = app
        self.profile = profile
        self.traits = traits
        self.initialScene = initialScene
        self.steps = steps
    }
}

/// One step: `launch` or a command line (the scenario command syntax: `segue showItem data={…}`),
/// and what must hold after it.
public struct FlowStep: Sendable, Equatable {
    public var command: String
    public var expectations: [Expectation]
    public var isLaunch: Bool { command == "launch" }

    public init(command: String, expectations: [Expectation] = []) {
        self.command = command
        self.expectations = expectations
    }
}

/// What must hold after a step. Scenes are named by their storyboard scene id; callbacks by their
/// line (``CallbackLine``).
public enum Expectation: Sendable, Equatable {
    /// `performed: true`, or `performed: false` with the reason UIKit ended it silently.
    case performed(Bool, reason: String?)
    /// `error: unknown-segue`: the step is refused with this error code.
    case error(String)
    /// `visible: itemDetail`
    case visible(String)
    /// `scenes: tabs itemsNav itemDetail` — the visible path, by scenes.
    case scenes([String])
    /// `destination: itemDetail` — an unwind's destination scene.
    case destination(String)
    /// `callbacks:` — exactly these callbacks, in order.
    case callbacks([String])
    /// `callbacks matching M…:` — the callbacks whose method is one of M, exactly, in order.
    case callbacksMatching(methods: [String], lines: [String])
    /// `callbacks including:` — these callbacks appear in this order, others between them allowed.
    case callbacksIncluding([String])
}

public struct FlowError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
