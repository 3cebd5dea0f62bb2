public import Foundation
import Flows
public import Navigation
public import Storyboard

/// Runs a ``Scenario`` on the engine and renders what happened, step by step, in the scenario
/// format: every event line, then `performed: false reason=…` or `error: …`, then `path: …`.
public enum ScenarioRunner {
    /// Runs every step; returns each step's actual lines. `observe` sees each transcript, the
    /// launch's first, for tests that check what is done with transcripts (the daemon's event log).
    public static func run(
        _ scenario: Scenario, fixtures: URL, observe: (Transcript) -> Void = { _ in }
    ) throws -> [[String]] {
        let storyboard = try loadStoryboard(scenario.value("storyboard") ?? "demo", fixtures: fixtures)
        guard let profile = Profile(rawValue: scenario.value("profile") ?? "ios17") else {
            throw ScenarioError("unknown profile")
        }
        let traits = try parseTraits(scenario.value("traits") ?? "phone")
        let initial = scenario.value("initialScene").map { SceneID($0) }
        var state: NavigationState
        var output: [[String]] = []
        do {
            let (launched, transcript) = try Navigator.launch(storyboard, profile: profile, traits: traits, initialScene: initial)
            state = launched
            observe(transcript)
            output.append(render(transcript, state: state))
        } catch {
            throw ScenarioError("launch failed: \(error)")
        }
        for step in scenario.steps.dropFirst() {
            let command = try ScenarioCommandParser.parse(step.command)
            do {
                let transcript = try Navigator.apply(command, to: &state)
                observe(transcript)
                output.append(render(transcript, state: state))
            } catch {
                output.append(["error: \(error.code): \(error)", pathLine(state)])
            }
        }
        return output
    }

    public static func render(_ transcript: Transcript, state: NavigationState) -> [String] {
        var lines = transcript.events.map { $0.line(in: state.storyboard) }
        if !transcript.performed {
            var line = "performed: false reason=\(transcript.reason?.rawValue ?? "?")"
            if let detail = transcript.reasonDetail { line += " (\(detail))" }
            lines.append(line)
        }
        lines.append(pathLine(state))
        return lines
    }

    static func pathLine(_ state: NavigationState) -> String {
        let path = "path: " + state.visiblePath.map(\.description).joined(separator: " ")
        // Mid-gesture (spec §5.12), the transition on the same line: what is leaving and arriving.
        guard let transition = state.transition else { return path }
        let ids = { (ids: [ControllerID]) in ids.map(\.description).joined(separator: ",") }
        return path + " transition=\(transition.kind.rawValue)(\(transition.container)) leaving=\(ids(transition.leaving)) arriving=\(ids(transition.arriving))"
    }

    public static func parseTraits(_ text: String) throws -> Traits {
        let words = text.split(separator: " ").map(String.init)
        let idiom = words.compactMap(Traits.Idiom.init(rawValue:)).first ?? .phone
        let size = words.compactMap(Traits.SizeClass.init(rawValue:)).first
        return Traits(horizontalSizeClass: size, idiom: idiom)
    }

    /// `demo` is the built-in demo; anything else is a JSON file in `fixtures`.
    public static func loadStoryboard(_ name: String, fixtures: URL) throws -> Storyboard {
        if name == "demo" { return DemoStoryboard.storyboard }
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        return try StoryboardJSONLoader.load(data)
    }
}
