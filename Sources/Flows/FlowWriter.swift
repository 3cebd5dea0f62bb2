/// Writes a flow in the text format ``FlowParser`` reads, so that a recorded or generated flow
/// reads back to the same ``Flow``.
public enum FlowWriter {
    public static func text(_ flow: Flow) -> String {
        var lines = flow.comments
        lines.append("flow: \(Flow.formatVersion)")
        if let storyboard = flow.storyboard { lines.append("storyboard: \(storyboard)") }
        if let app = flow.app { lines.append("app: \(app)") }
        if let entry = flow.entry { lines.append("entry: \(entry)") }
        if let profile = flow.profile { lines.append("profile: \(profile)") }
        if let traits = flow.traits { lines.append("traits: \(traits)") }
        if let initialScene = flow.initialScene { lines.append("initialScene: \(initialScene)") }
        for step in flow.steps {
            lines.append(step.isLaunch ? "launch" : "> \(step.command)")
            for expectation in step.expectations { lines += self.lines(expectation) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func lines(_ expectation: Expectation) -> [String] {
        switch expectation {
        case .performed(let performed, let reason): ["  performed: \(performed)" + (reason.map { " \($0)" } ?? "")]
        case .error(let code): ["  error: \(code)"]
        case .visible(let scene): ["  visible: \(scene)"]
        case .scenes(let scenes): ["  scenes: " + scenes.joined(separator: " ")]
        case .destination(let scene): ["  destination: \(scene)"]
        case .callbacks(let callbacks): ["  callbacks:"] + callbacks.map { "    " + $0 }
        case .callbacksIncluding(let callbacks): ["  callbacks including:"] + callbacks.map { "    " + $0 }
        case .callbacksMatching(let methods, let callbacks):
            ["  callbacks matching \(methods.joined(separator: " ")):"] + callbacks.map { "    " + $0 }
        }
    }
}
