import Foundation
import SeguedTestSupport
import Testing

/// Runs every `Scenarios/*.scenario` file and compares the whole rendered transcript with the file.
/// `SEGUED_RECORD=1` rewrites the files with what the engine does now and fails, so that a recording
/// is always reviewed before it is committed.
struct ScenarioTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let scenarios = directory.appendingPathComponent("Scenarios")
    static let fixtures = directory.appendingPathComponent("Fixtures")

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []
        return names.filter { $0.hasSuffix(".scenario") }.sorted()
    }()

    @Test func scenarioFolder_holdsAtLeastFiftyScenarios() {
        #expect(Self.files.count >= 50)
    }

    @Test(arguments: files)
    func scenario_matchesItsTranscript(_ name: String) throws {
        let url = Self.scenarios.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let scenario = try Scenario(text: text)
        let actual = scenario.render(actual: try ScenarioRunner.run(scenario, fixtures: Self.fixtures))
        if ProcessInfo.processInfo.environment["SEGUED_RECORD"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name): review the file and run again without SEGUED_RECORD")
            return
        }
        #expect(actual == text, "\(name) differs:\n\(Self.diff(expected: text, actual: actual))")
    }

    /// The first differing lines, for a readable failure.
    static func diff(expected: String, actual: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index]) : "<end>"
            let r = index < right.count ? String(right[index]) : "<end>"
            if l != r { return "line \(index + 1)\n  expected: \(l)\n  actual:   \(r)" }
        }
        return "(no line differs)"
    }
}
