/// Compares one step's outcome with its expectations; the first unmet expectation is the failure,
/// written for a person: what was expected, what happened, and for callbacks the first difference
/// with its neighbours.
public enum FlowCheck {
    /// Lines of context on each side of a differing callback.
    static let context = 3

    public static func failure(_ expectation: Expectation, _ outcome: StepOutcome) -> String? {
        switch expectation {
        case .performed(let performed, let reason):
            if let error = outcome.error { return "expected performed: \(performed), got error \(error): \(outcome.errorMessage ?? "")" }
            if outcome.performed != performed || (reason != nil && reason != outcome.reason) {
                return "expected performed: \(performed)\(reason.map { " \($0)" } ?? ""), got performed: \(outcome.performed)\(outcome.reason.map { " \($0)" } ?? "")"
            }
        case .error(let code):
            if outcome.error != code { return "expected error \(code), got \(outcome.error.map { "error \($0): \(outcome.errorMessage ?? "")" } ?? "no error")" }
        case .visible(let scene):
            if outcome.visibleScene != scene { return "expected visible: \(scene), got visible: \(outcome.visibleScene ?? "none")" }
        case .scenes(let scenes):
            if outcome.scenes != scenes {
                return "expected scenes: \(scenes.joined(separator: " ")), got scenes: \(outcome.scenes.joined(separator: " "))"
            }
        case .destination(let scene):
            if outcome.destinationScene != scene {
                return "expected destination: \(scene), got destination: \(outcome.destinationScene ?? "none")"
            }
        case .callbacks(let expected):
            return sequenceFailure(expected: expected, actual: outcome.callbacks, what: "callbacks")
        case .callbacksMatching(let methods, let expected):
            let filtered = outcome.callbacks.filter { line in CallbackLine.method(of: line).map { methods.contains(String($0)) } ?? false }
            return sequenceFailure(expected: expected, actual: filtered, what: "callbacks matching \(methods.joined(separator: " "))")
        case .callbacksIncluding(let expected):
            var position = 0
            for (index, line) in expected.enumerated() {
                guard let found = outcome.callbacks[position...].firstIndex(where: { CallbackLine.matches(expected: line, actual: $0) }) else {
                    return "callbacks including: expected line \(index + 1) not found after callback \(position):\n      - \(line)\n"
                        + closestLine(to: line, in: outcome.callbacks, after: position)
                        + neighbours(outcome.callbacks, around: position)
                }
                position = found + 1
            }
        }
        return nil
    }

    /// The first differing line of two callback lists, with up to ``context`` lines either side:
    /// `  ` common, `- ` expected, `+ ` got.
    static func sequenceFailure(expected: [String], actual: [String], what: String) -> String? {
        let common = min(expected.count, actual.count)
        let index = (0..<common).first { !CallbackLine.matches(expected: expected[$0], actual: actual[$0]) }
            ?? (expected.count == actual.count ? nil : common)
        guard let index else { return nil }
        var lines = ["\(what) differ at callback \(index + 1) (expected \(expected.count), got \(actual.count); - expected, + got):"]
        for before in max(0, index - context)..<index { lines.append("        \(actual[before])") }
        if index < expected.count { lines.append("      - \(expected[index])") }
        if index < actual.count { lines.append("      + \(actual[index])") }
        for after in (index + 1)..<min(actual.count, index + 1 + context) { lines.append("        \(actual[after])") }
        return lines.joined(separator: "\n")
    }

    /// `expected X, closest: Y (callback N)` and a line break, or nothing when no callback is close
    /// (issue 30: a line that misses by an instance id, `vc12` for `vc13`, was hard to see among
    /// the neighbours). See ``CallbackLine/closest(to:in:preferringFrom:)``.
    static func closestLine(to expected: String, in callbacks: [String], after position: Int) -> String {
        guard let index = CallbackLine.closest(to: expected, in: callbacks, preferringFrom: position) else { return "" }
        return "      expected \(expected), closest: \(callbacks[index]) (callback \(index + 1))\n"
    }

    static func neighbours(_ lines: [String], around index: Int) -> String {
        let range = max(0, index - context)..<min(lines.count, index + context)
        return range.map { "        \(lines[$0])" }.joined(separator: "\n")
    }

    /// What a step did, as the expectations `--record` writes: performed (or the error), the visible
    /// scene, the path by scenes, an unwind's destination, and every callback.
    public static func recorded(_ outcome: StepOutcome, isLaunch: Bool) -> [Expectation] {
        var expectations: [Expectation] = []
        if let error = outcome.error {
            expectations.append(.error(error))
        } else if !isLaunch {
            expectations.append(.performed(outcome.performed, reason: outcome.reason))
        }
        if let visible = outcome.visibleScene { expectations.append(.visible(visible)) }
        expectations.append(.scenes(outcome.scenes))
        if let destination = outcome.destinationScene { expectations.append(.destination(destination)) }
        expectations.append(.callbacks(outcome.callbacks))
        return expectations
    }
}
