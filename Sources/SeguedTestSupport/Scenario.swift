import Foundation
import Navigation
import Storyboard

/// A scenario file: a storyboard, a session configuration, and steps, each a command followed by
/// the exact transcript it must produce.
///
/// ```
/// # Push a detail from the list (spec §5.3)
/// storyboard: demo
/// profile: ios17
/// traits: phone
/// launch
///   vc1 tabs init
///   …
///   path: vc1 vc2 vc3
/// > segue showItem
///   vc3 itemList shouldPerformSegue identifier="showItem" sender=null -> true
///   …
/// ```
/// Header lines are `key: value` (`storyboard`, `profile`, `traits`, `initialScene`); `#` lines are
/// comments. Step lines start with `> `; expected lines are indented by two spaces.
public struct Scenario {
    public var header: [(key: String, value: String)]
    public var comments: [String]
    /// Each step's command text (`launch` first) and its expected lines.
    public var steps: [(command: String, expected: [String])]

    public init(text: String) throws {
        header = []
        comments = []
        steps = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("#") {
                comments.append(line)
            } else if line.hasPrefix("  ") {
                guard !steps.isEmpty else { throw ScenarioError("expected line before any step: \(line)") }
                steps[steps.count - 1].expected.append(String(line.dropFirst(2)))
            } else if line == "launch" {
                steps.append((command: "launch", expected: []))
            } else if line.hasPrefix("> ") {
                steps.append((command: String(line.dropFirst(2)), expected: []))
            } else if let colon = line.firstIndex(of: ":"), steps.isEmpty {
                header.append((
                    key: String(line[..<colon]),
                    value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ScenarioError("cannot read line: \(line)")
            }
        }
        guard steps.first?.command == "launch" else { throw ScenarioError("a scenario starts with launch") }
    }

    public func value(_ key: String) -> String? { header.first { $0.key == key }?.value }

    /// The file text with `actual` lines in place of the expected ones.
    public func render(actual: [[String]]) -> String {
        var lines = comments
        for (key, value) in header { lines.append("\(key): \(value)") }
        for (step, output) in zip(steps, actual) {
            lines.append(step.command == "launch" ? "launch" : "> \(step.command)")
            lines += output.map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

public struct ScenarioError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
