import ArgumentParser
import Flows
import Foundation
import Storyboard
import Testing

@testable import segued

/// `segued explore --app DIR` then `segued test` on what it wrote: the app's sources say who
/// implements each unwind action, so both Exit segues are performed; without them, coverage says
/// that nobody implements them.
struct ExploreCommandTests {
    @Test func exploreApp_writesFlowsThatPassAndPerformEveryUnwind() throws {
        let root = try StoryboardFileTests().makeApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("flows").path
        let explore = try Explore.parse(["--app", root.appendingPathComponent("app").path, "-o", output])
        try explore.run()
        let files = try Test.flowFiles([output])
        #expect(files.count >= 2)
        let results = FlowBatch.run(files: files, jobs: 2, record: false) { _ in AnyDriver(EngineDriver()) }
        #expect(results.filter { !$0.passed }.map(\.name) == [])
        let exercised = Set(results.flatMap(\.exercised).map(\.name))
        #expect(exercised.contains("results → unwind home (exitToHomeScreen:)"))
        #expect(exercised.contains("results → unwind restart (exitToQuizStart:)"))
        let coverage = FlowBatch.coverage(results, files: files)
        #expect(coverage.map(\.1.first) == ["4 of 4 segues and unwinds (100.0%)"])

    }

    @Test func storyboardWithoutItsSources_reportsTheUnwindsNobodyImplements() throws {
        let storyboard = try InterfaceBuilderImporter.load(Data(StoryboardFileTests.storyboard.utf8), name: "Main").storyboard
        let exploration = try Explorer.explore(storyboard, header: Flow(name: "quiz", storyboard: "x", steps: []))
        #expect(exploration.coverage.report == [
            "2 of 4 segues and unwinds (50.0%)",
            "  not exercised: results → unwind home (exitToHomeScreen:) — no implementer: no instance on the way answers its unwind action",
            "  not exercised: results → unwind restart (exitToQuizStart:) — no implementer: no instance on the way answers its unwind action",
        ])
    }
}
