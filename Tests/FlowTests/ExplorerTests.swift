import Flows
import Foundation
import Navigation
import SeguedTestSupport
import Storyboard
import Testing

/// `segued explore`'s search: every segue and unwind of the demo is reached, and the flows it
/// generates pass when run again; the corpus storyboards' generated flows pass too.
struct ExplorerTests {
    func exploreAndReplay(_ storyboard: Storyboard, name: String, bounds: ExploreBounds = ExploreBounds(seconds: 20))
        throws -> (Exploration, [FlowResult])
    {
        let exploration = try Explorer.explore(storyboard, header: Flow(name: name, storyboard: "x", steps: []), bounds: bounds)
        var results: [FlowResult] = []
        for flow in exploration.flows {
            var recorder = EngineDriver()
            let recorded = try #require(FlowRunner.run(flow, file: "", storyboard: storyboard, driver: &recorder, record: true).recorded)
            let reread = try FlowParser.parse(FlowWriter.text(recorded), name: flow.name)
            var driver = EngineDriver()
            results.append(FlowRunner.run(reread, file: "", storyboard: storyboard, driver: &driver))
        }
        return (exploration, results)
    }

    @Test func demo_everySegueAndUnwindIsPerformed() throws {
        let (exploration, results) = try exploreAndReplay(DemoStoryboard.storyboard, name: "demo")
        #expect(exploration.coverage.summary == "9 of 9 segues and unwinds (100.0%)")
        #expect(exploration.cutBy.isEmpty)
        #expect(results.filter { !$0.passed }.isEmpty)
        let exercised = Set(results.flatMap(\.exercised))
        #expect(exercised == Set(SegueKey.all(in: DemoStoryboard.storyboard)))
        // Shortest paths: the Settings segue is one tab switch away.
        let about = try #require(exploration.flows.first { $0.name.contains("showAbout") })
        #expect(about.steps.map(\.command) == ["launch", "selectTab 1 user tabBar=vc1", "segue showAbout"])
    }

    @Test func bounds_sayWhenTheyCutTheSearch() throws {
        let exploration = try Explorer.explore(
            DemoStoryboard.storyboard, header: Flow(name: "demo", storyboard: "demo", steps: []),
            bounds: ExploreBounds(maxStates: 5, maxDepth: 30, seconds: 20))
        #expect(exploration.cutBy == ["states"])
        #expect(exploration.coverage.reasons.values.allSatisfy { $0.contains("bounds") || $0.contains("never offered") || $0.contains("not performed") || $0.contains("no implementer") })
        #expect(exploration.coverage.exercised.count < 9)
    }

    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"),
          arguments: SharedCorpus.storyboardFiles.map(\.lastPathComponent))
    func corpus_generatedFlowsPass(_ file: String) throws {
        let data = try Data(contentsOf: SharedCorpus.folder.appendingPathComponent(file))
        let storyboard = try InterfaceBuilderImporter.load(data, name: String(file.dropLast(".storyboard".count))).storyboard
        let (exploration, results) = try exploreAndReplay(
            storyboard, name: "c", bounds: ExploreBounds(maxStates: 2_000, maxDepth: 12, seconds: 10))
        for result in results where !result.passed { Issue.record("\(file) \(result.name): \(result.failure ?? "")") }
        // Every segue a flow was generated for is performed when it runs again.
        #expect(Set(results.flatMap(\.exercised)) == exploration.coverage.exercised)
        print("coverage \(file): \(exploration.coverage.summary)")
    }
}
