public import Navigation
public import Storyboard

/// Runs flows on the engine in process: no daemon, no HTTP.
public struct EngineDriver: FlowDriver {
    public private(set) var state: NavigationState?

    public init() {}

    public mutating func launch(_ flow: Flow, storyboard: Storyboard) throws -> StepOutcome {
        guard let profile = Profile(rawValue: flow.profile ?? "ios17") else { throw FlowError("unknown profile \(flow.profile ?? "")") }
        let traits = Self.traits(flow.traits ?? "phone")
        do {
            let (launched, transcript) = try Navigator.launch(
                storyboard, profile: profile, traits: traits, initialScene: flow.initialScene.map { SceneID($0) })
            state = launched
            return Self.outcome(transcript, state: launched, exercised: nil)
        } catch {
            throw FlowError("launch failed: \(error)")
        }
    }

    public mutating func perform(_ text: String) throws -> StepOutcome {
        guard var current = state else { throw FlowError("no session: launch first") }
        let command = try FlowCommandParser.parse(text)
        var tapped: TappedControl?
        if case .tap(let request) = command { tapped = TappedControl.find(request, in: current) }
        let exercised = tapped?.segue ?? Self.segue(named: command, in: current)
        do {
            let transcript = try Navigator.apply(command, to: &current)
            state = current
            var outcome = Self.outcome(transcript, state: current, exercised: transcript.performed ? exercised : nil)
            outcome.tappedAction = tapped?.action
            return outcome
        } catch {
            var outcome = Self.outcome(Transcript(performed: false), state: current, exercised: nil)
            outcome.error = error.code
            outcome.errorMessage = "\(error)"
            outcome.tappedAction = tapped?.action
            return outcome
        }
    }

    public mutating func finish() { state = nil }

    static func outcome(_ transcript: Transcript, state: NavigationState, exercised: SegueKey?) -> StepOutcome {
        let storyboard = state.storyboard
        func scene(_ id: ControllerID) -> String { state[id]?.scene.rawValue ?? "?" }
        return StepOutcome(
            performed: transcript.performed, reason: transcript.reason?.rawValue,
            visibleScene: state.visible.map(scene), scenes: state.visiblePath.map(scene),
            destinationScene: transcript.segue?.kind == .unwind ? transcript.destination.map(scene) : nil,
            callbacks: transcript.events.map { CallbackLine.line($0, in: storyboard) }, exercised: exercised)
    }

    /// The storyboard segue a segue or unwind command performs, with the source the engine takes
    /// when the command names none (``NavigationState/defaultSource(for:)``).
    static func segue(named command: Command, in state: NavigationState) -> SegueKey? {
        switch command {
        case .performSegue(let request):
            guard let source = request.source ?? state.defaultSource(for: request.segue), let instance = state[source] else { return nil }
            let scene = state.storyboard[instance.sceneIndex]
            switch request.segue {
            case .identifier(let identifier):
                return SegueKey.find(in: scene, identifier: identifier.rawValue, id: nil, action: nil, unwind: false)
                    ?? SegueKey.find(in: scene, identifier: identifier.rawValue, id: nil, action: nil, unwind: true)
            case .id(let id): return SegueKey.find(in: scene, identifier: nil, id: id, action: nil, unwind: false)
            }
        case .unwind(let request):
            let source: ControllerID?
            switch request.target {
            case .action(let action): source = request.source ?? state.defaultSource(forUnwindAction: action) ?? state.visible
            case .segue: source = request.source ?? state.visible
            }
            guard let source, let instance = state[source] else { return nil }
            let scene = state.storyboard[instance.sceneIndex]
            switch request.target {
            case .action(let action): return SegueKey.find(in: scene, identifier: nil, id: nil, action: action, unwind: true)
            case .segue(let identifier):
                return SegueKey.find(in: scene, identifier: identifier.rawValue, id: nil, action: nil, unwind: true)
            }
        default:
            return nil
        }
    }

    /// `phone`, `pad`, `pad compact`, …: an idiom and an optional horizontal size class.
    public static func traits(_ text: String) -> Traits {
        let words = text.split(separator: " ").map(String.init)
        let idiom = words.compactMap(Traits.Idiom.init(rawValue:)).first ?? .phone
        let size = words.compactMap(Traits.SizeClass.init(rawValue:)).first
        return Traits(horizontalSizeClass: size, idiom: idiom)
    }
}
