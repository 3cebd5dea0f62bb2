import ArgumentParser
import Flows
import Foundation
import SourceScanning
import Storyboard

/// `segued explore`: generates flows that together perform every segue and unwind reachable from
/// launch, each recorded, and reports coverage with the reason for each segue not reached.
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate recorded flows that perform every segue and unwind reachable from launch, and report coverage.")

    @Argument(help: "The storyboard (segued JSON, .storyboard, or a bundle from segued import), or `demo`.")
    var storyboard: String?

    @Option(help: "An Xcode project folder instead of a storyboard.")
    var app: String?

    @Option(name: .shortAndLong, help: "The folder the flows are written to.")
    var output: String

    @Option(help: "Device profile.") var profile: String?
    @Option(help: "Traits: phone, pad, pad compact, …") var traits: String?
    @Option(help: "The scene sessions start in.") var initialScene: String?

    /// With `--url`, the paths found in process are recorded on the daemon: the flows hold what it answers.
    @OptionGroup var daemon: DaemonOptions

    @Option(help: "Stop after this many distinct states.") var maxStates = 20_000
    @Option(help: "Stop at paths this long.") var maxDepth = 30
    @Option(help: "Stop after this many seconds.") var timeLimit = 60.0

    func validate() throws {
        guard (storyboard == nil) != (app == nil) else { throw ValidationError("give a storyboard or --app, not both") }
    }

    func run() throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        // The flows name their storyboard relative to where they are written.
        func relative(_ path: String) -> String {
            if path == "demo" { return path }
            let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
            let base = outputURL.pathComponents
            let common = zip(target, base).prefix { $0 == $1 }.count
            return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
        }
        let name = URL(fileURLWithPath: storyboard ?? app ?? "app").deletingPathExtension().lastPathComponent
        let header = Flow(
            name: name, storyboard: storyboard.map(relative), app: app.map(relative), profile: profile, traits: traits,
            initialScene: initialScene, steps: [])
        let loaded = try FlowRunner.storyboard(for: header, folder: outputURL, swift: SwiftSyntaxSourceReader())
        let exploration = try Explorer.explore(
            loaded, header: header, bounds: ExploreBounds(maxStates: maxStates, maxDepth: maxDepth, seconds: timeLimit))
        let client = try daemon.client()
        let uploads = UploadCache()
        for flow in exploration.flows {
            let result: FlowResult
            if let client {
                var driver = HTTPFlowDriver(client: client, uploads: uploads, folder: outputURL)
                result = FlowRunner.run(flow, file: "", storyboard: loaded, driver: &driver, record: true)
                // A daemon that cannot be reached or refuses the token fails every flow alike: say so once.
                if result.recorded == nil, let failure = result.failure { throw ValidationError("\(flow.name): \(failure)") }
            } else {
                var driver = EngineDriver()
                result = FlowRunner.run(flow, file: "", storyboard: loaded, driver: &driver, record: true)
            }
            guard let recorded = result.recorded else { continue }
            try FlowWriter.text(recorded).write(
                toFile: outputURL.appendingPathComponent(flow.name + ".flow").path, atomically: true, encoding: .utf8)
        }
        print("\(name): \(exploration.flows.count) flows written to \(output), \(exploration.states) states explored")
        if !exploration.cutBy.isEmpty {
            print("\(name): the search was cut by its bounds (\(exploration.cutBy.joined(separator: ", "))): raise --max-states, --max-depth or --time-limit")
        }
        print("coverage \(name): " + exploration.coverage.report.joined(separator: "\n"))
    }
}
