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
/// triggered now (``NavigationState/triggerableSegues()``, touchable sources only), back, dismiss,
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
        var failures: [SegueKey: String] = [:]
        var scenesOnScreen: Set<String> = []
        var cut: Set<String> = []
        while head < queue.count {
            let (state, steps) = queue[head]
            head += 1
            for id in state.onScreen { if let scene = state[id]?.scene.rawValue { scenesOnScreen.insert(scene) } }
            if Date() > deadline { cut.insert("time"); break }
            guard steps.count < bounds.maxDepth else { cut.insert("depth"); continue }
            for move in moves(state, isLaunch: steps.isEmpty) {
                var next = state
                guard let command = try? FlowCommandParser.parse(move) else { continue }
                let segue = EngineDriver.segue(named: command, in: state)
                let transcript: Transcript
                do {
                    transcript = try Navigator.apply(command, to: &next)
                } catch {
                    if let segue, firstPath[segue] == nil { failures[segue] = "refused: \(error)" }
                    continue
                }
                guard transcript.performed else {
                    if let segue, firstPath[segue] == nil {
                        failures[segue] = transcript.reason == .noUnwindDestination
                            ? "no implementer: no instance on the way answers its unwind action"
                            : "not performed: \(transcript.reason?.rawValue ?? "?")"
                    }
                    continue
                }
                if let segue, firstPath[segue] == nil { firstPath[segue] = steps + [move] }
                let nextKey = key(next)
                guard !seen.contains(nextKey) else { continue }
                guard seen.count < bounds.maxStates else { cut.insert("states"); continue }
                seen.insert(nextKey)
                queue.append((next, steps + [move]))
            }
        }
        let all = SegueKey.all(in: storyboard)
        let coverage = Coverage(
            segues: all, exercised: Set(firstPath.keys),
            reasons: Dictionary(uniqueKeysWithValues: all.filter { firstPath[$0] == nil }.map {
                ($0, failures[$0] ?? whyNotReached($0, storyboard: storyboard, onScreen: scenesOnScreen, cut: !cut.isEmpty))
            }))
        return Exploration(flows: flows(firstPath, header: header), coverage: coverage, states: seen.count, cutBy: cut.sorted())
    }

    /// One flow per path that is not the beginning of another, named after its last step's segue.
    static func flows(_ paths: [SegueKey: [String]], header: Flow) -> [Flow] {
        let ordered = paths.sorted { ($0.value.count, $0.key) < ($1.value.count, $1.key) }
        var kept: [(SegueKey, [String])] = []
        for (segue, path) in ordered.reversed() where !kept.contains(where: { $0.1.starts(with: path) }) {
            kept.append((segue, path))
        }
        var names: Set<String> = []
        return kept.reversed().map { segue, path in
            var name = "\(header.name)-" + String(segue.name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
                .split(separator: "-").joined(separator: "-")
            while names.contains(name) { name += "-2" }
            names.insert(name)
            var flow = header
            flow.name = name
            flow.comments = ["# Generated by segued explore: performs \(segue.name) by a shortest path from launch."]
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

    /// The summary, then one line per segue not exercised, with its reason when known.
    public var report: [String] {
        [summary] + segues.filter { !exercised.contains($0) }.map { "  not exercised: \($0.name)" + (reasons[$0].map { " — \($0)" } ?? "") }
    }
}
