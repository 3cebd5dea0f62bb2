import Foundation
import Navigation
public import Storyboard

/// Bounds of an exploration: a search cut by one says so in ``Exploration/cutBy``.
public struct ExploreBounds: Sendable {
    public var maxStates: Int
    public var maxDepth: Int
    public var seconds: Double
    public init(maxStates: Int = 20_000, maxDepth: Int = 30, seconds: Double = 60) {
        self.maxStates = maxStates
        self.maxDepth = maxDepth
        self.seconds = seconds
    }
}

/// What `segued explore` found: flows that together perform every segue and unwind reached (each
/// by a shortest path from launch), and coverage with the reason for each segue not reached.
public struct Exploration: Sendable {
    public var flows: [Flow]
    public var coverage: Coverage
    public var states: Int
    /// The bounds that cut the search (`states`, `depth`, `time`); empty when it was exhaustive.
    public var cutBy: [String]
}

/// Breadth-first search over navigation states from launch. Moves are what the engine says can be
/// triggered now (``NavigationState/triggerableSegues()``, touchable sources only), a tap of each
/// alternative of the touchable scenes' action methods that navigate and were read (``ActionKey``),
/// back, dismiss,
/// every other tab of the tab bars on screen, and, from launch, the presentations app code makes of
/// scenes that no segue reaches (by storyboard identifier). States are compared by their hierarchy
/// of scenes (instance ids and data aside), so a state is expanded once, at its shortest depth.
public enum Explorer {
    public static func explore(
        _ storyboard: Storyboard, header: Flow, bounds: ExploreBounds = ExploreBounds()
    ) throws -> Exploration {
        let deadline = Date().addingTimeInterval(bounds.seconds)
        let profile = Profile(rawValue: header.profile ?? "ios17") ?? .ios17
        let (launched, _) = try Navigator.launch(
            storyboard, profile: profile, traits: EngineDriver.traits(header.traits ?? "phone"),
            initialScene: header.initialScene.map { SceneID($0) })
        var seen: Set<String> = [key(launched)]
        var queue: [(state: NavigationState, steps: [String])] = [(launched, [])]
        var head = 0
        var firstPath: [SegueKey: [String]] = [:]
        var firstTap: [ActionKey: [String]] = [:]
        var failures: [SegueKey: String] = [:]
        var tapFailures: [ActionKey: String] = [:]
        var scenesOnScreen: Set<String> = []
        var cut: Set<String> = []
        while head < queue.count {
            let (state, steps) = queue[head]
            head += 1
            for id in state.onScreen { if let scene = state[id]?.scene.rawValue { scenesOnScreen.insert(scene) } }
            if Date() > deadline { cut.insert("time"); break }
            guard steps.count < bounds.maxDepth else { cut.insert("depth"); continue }
            let taps: [(line: String, key: ActionKey?)] = ActionKey.taps(in: state).map { ($0.line, $0.key) }
            for (move, tapped) in moves(state, isLaunch: steps.isEmpty).map({ ($0, ActionKey?.none) }) + taps {
                var next = state
                guard let command = try? FlowCommandParser.parse(move) else { continue }
                let segue = EngineDriver.segue(named: command, in: state)
                let transcript: Transcript
                do {
                    transcript = try Navigator.apply(command, to: &next)
                } catch {
                    if let segue, firstPath[segue] == nil { failures[segue] = "refused: \(error)" }
                    if let tapped, firstTap[tapped] == nil { tapFailures[tapped] = "refused: \(error)" }
                    continue
                }
                guard transcript.performed else {
                    if let segue, firstPath[segue] == nil {
                        failures[segue] = transcript.reason == .noUnwindDestination
                            ? "no implementer: no instance on the way answers its unwind action"
                            : "not performed: \(transcript.reason?.rawValue ?? "?")"
                    }
                    if let tapped, firstTap[tapped] == nil { tapFailures[tapped] = "not performed: \(transcript.reason?.rawValue ?? "?")" }
                    continue
                }
                if let segue, firstPath[segue] == nil { firstPath[segue] = steps + [move] }
                if let tapped, firstTap[tapped] == nil { firstTap[tapped] = steps + [move] }
                let nextKey = key(next)
                guard !seen.contains(nextKey) else { continue }
                guard seen.count < bounds.maxStates else { cut.insert("states"); continue }
                seen.insert(nextKey)
                queue.append((next, steps + [move]))
            }
        }
        let all = SegueKey.all(in: storyboard)
        var coverage = Coverage(
            segues: all, exercised: Set(firstPath.keys),
            reasons: Dictionary(uniqueKeysWithValues: all.filter { firstPath[$0] == nil }.map {
                ($0, failures[$0] ?? whyNotReached($0, storyboard: storyboard, onScreen: scenesOnScreen, cut: !cut.isEmpty))
            }))
        let actions = ActionKey.all(in: storyboard)
        coverage.actions = actions
        coverage.exercisedActions = Set(firstTap.keys)
        for key in actions where firstTap[key] == nil {
            coverage.actionReasons[key] = key.unread.map { "not read from the sources: \($0)" } ?? tapFailures[key]
                ?? (cut.isEmpty ? "no tap on screen: its scene \(key.scene) is never on screen from launch" : "not reached within the bounds of the search")
        }
        // Segues first, in their order, then taps: a storyboard without actions gets the flows it got.
        let segueRuns = firstPath.sorted { $0.key < $1.key }.map { (name: $0.key.name, path: $0.value) }
        let tapRuns = firstTap.sorted { $0.key < $1.key }.map { (name: $0.key.name, path: $0.value) }
        return Exploration(flows: flows(segueRuns + tapRuns, header: header), coverage: coverage, states: seen.count, cutBy: cut.sorted())
    }

    /// One flow per path that is not the beginning of another, named after what its last step
    /// performs (a segue, or a tap's action); `runs` in the order of their names' kinds and keys.
    static func flows(_ runs: [(name: String, path: [String])], header: Flow) -> [Flow] {
        let ordered = runs.enumerated().sorted { ($0.element.path.count, $0.offset) < ($1.element.path.count, $1.offset) }.map(\.element)
        var kept: [(name: String, path: [String])] = []
        for run in ordered.reversed() where !kept.contains(where: { $0.path.starts(with: run.path) }) {
            kept.append(run)
        }
        var names: Set<String> = []
        return kept.reversed().map { performed, path in
            var name = "\(header.name)-" + String(performed.map { $0.isLetter || $0.isNumber ? $0 : "-" })
                .split(separator: "-").joined(separator: "-")
            while names.contains(name) { name += "-2" }
            names.insert(name)
            var flow = header
            flow.name = name
            flow.comments = ["# Generated by segued explore: performs \(performed) by a shortest path from launch."]
            flow.steps = [FlowStep(command: "launch")] + path.map { FlowStep(command: $0) }
            return flow
        }
    }

    static func whyNotReached(_ segue: SegueKey, storyboard: Storyboard, onScreen: Set<String>, cut: Bool) -> String {
        if onScreen.contains(segue.scene) { return "no trigger on screen: its scene was shown but the segue was never offered" }
        let scene = storyboard.scenes[SceneID(segue.scene)]
        let reachedBySegue = storyboard.sceneTable.contains { other in
            other.segues.contains { $0.destination?.rawValue == segue.scene }
                || other.root?.rawValue == segue.scene || other.tabs.contains { $0.rawValue == segue.scene }
                || [other.primary, other.secondary, other.supplementary, other.compact].contains { $0?.rawValue == segue.scene }
        }
        if cut { return "not reached within the bounds of the search" }
        if !reachedBySegue {
            return scene?.storyboardIdentifier == nil
                ? "code only: no segue leads to its scene \(segue.scene), which has no storyboard identifier"
                : "code only: no segue leads to its scene \(segue.scene); app code must instantiate it"
        }
        return "no trigger on screen: its scene \(segue.scene) is never on screen from launch"
    }

    /// Every move tried from `state`, as flow command lines.
    static func moves(_ state: NavigationState, isLaunch: Bool) -> [String] {
        var moves: [String] = []
        for offer in state.triggerableSegues() where offer.isTouchable {
            let segue = offer.segue
            if segue.kind == .unwind {
                if let action = segue.action {
                    let source = state.defaultSource(forUnwindAction: action) == offer.source ? "" : " source=\(offer.source)"
                    moves.append("unwind action=\(action)\(source)")
                } else if let identifier = segue.identifier {
                    moves.append("unwind segue=\(identifier.rawValue) source=\(offer.source)")
                }
                continue
            }
            let reference: SegueReference = segue.identifier.map { .identifier($0) } ?? .id(segue.id ?? "")
            let name = segue.identifier.map { $0.rawValue } ?? "id=\(segue.id ?? "")"
            let source = state.defaultSource(for: reference) == offer.source ? "" : " source=\(offer.source)"
            moves.append("segue \(name)\(source)")
        }
        moves.append("back")
        moves.append("dismiss")
        for id in state.visiblePath {
            guard let controller = state[id], controller.isTabBarController else { continue }
            for index in controller.children.indices where index != controller.selectedIndex {
                moves.append("selectTab \(index) user tabBar=\(id)")
            }
        }
        if isLaunch {
            let targets = Set(state.storyboard.sceneTable.flatMap { $0.segues.compactMap(\.destination) })
            for scene in state.storyboard.sceneTable.sorted(by: { $0.id.rawValue < $1.id.rawValue })
            where !targets.contains(scene.id) && scene.id != state.storyboard.initialScene {
                guard let identifier = scene.storyboardIdentifier, !identifier.contains(" ") else { continue }
                moves.append("present \(identifier)")
            }
        }
        return moves
    }

    /// A state's hierarchy by scenes, from the window's root: equal keys, same screens.
    static func key(_ state: NavigationState) -> String {
        var text = ""
        func visit(_ id: ControllerID) {
            guard let controller = state[id] else { return }
            text += controller.scene.rawValue
            if controller.isTabBarController { text += "@\(controller.selectedIndex)" }
            if let split = controller.split { text += split.isCollapsed ? "~c" : "~e" }
            if !controller.children.isEmpty {
                text += "("
                for child in controller.children { visit(child); text += "," }
                text += ")"
            }
            if let presented = controller.presented { text += "^"; visit(presented) }
        }
        if let root = state.windowRoot { visit(root) }
        return text
    }
}

/// Which of a storyboard's segues and unwinds were exercised, and why each other one was not.
public struct Coverage: Sendable {
    public var segues: [SegueKey]
    public var exercised: Set<SegueKey>
    public var reasons: [SegueKey: String]
    /// The alternatives of controls' action methods that navigate (``ActionKey``), those tapped,
    /// and why each other one was not: counted apart from segues, on a line of their own.
    public var actions: [ActionKey] = []
    public var exercisedActions: Set<ActionKey> = []
    public var actionReasons: [ActionKey: String] = [:]

    public init(segues: [SegueKey], exercised: Set<SegueKey>, reasons: [SegueKey: String] = [:]) {
        self.segues = segues
        self.exercised = exercised
        self.reasons = reasons
    }

    /// `12 of 14 segues and unwinds (85.7%)`.
    public var summary: String {
        let done = segues.filter(exercised.contains).count
        let percent = segues.isEmpty ? 100 : Double(done) * 100 / Double(segues.count)
        return "\(done) of \(segues.count) segues and unwinds (\(String(format: "%.1f", percent))%)"
    }

    /// `3 of 4 code actions (75.0%)`: the alternatives of action methods tapped.
    public var actionSummary: String {
        let done = actions.filter(exercisedActions.contains).count
        let percent = actions.isEmpty ? 100 : Double(done) * 100 / Double(actions.count)
        return "\(done) of \(actions.count) code actions (\(String(format: "%.1f", percent))%)"
    }

    /// The summary, then one line per segue not exercised, with its reason when known; then, for a
    /// storyboard whose controls send actions that navigate, the same for those.
    public var report: [String] {
        var lines = [summary] + segues.filter { !exercised.contains($0) }.map { "  not exercised: \($0.name)" + (reasons[$0].map { " — \($0)" } ?? "") }
        guard !actions.isEmpty else { return lines }
        lines.append(actionSummary)
        lines += actions.filter { !exercisedActions.contains($0) }.map { "  not exercised: \($0.name)" + (actionReasons[$0].map { " — \($0)" } ?? "") }
        return lines
    }
}
