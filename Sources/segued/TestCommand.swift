import ArgumentParser
import Flows
import Foundation
import SourceScanning
import Storyboard

/// `segued test FLOW…`: runs flows (docs/flows.md) in process, or on a daemon with `--url`; one
/// line per flow, named by its path as given (two folders may hold flows of one name), then
/// `N passed, N failed`; exits 1 when one fails.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run flows (.flow files, or folders of them) and check what each step must do.")

    @Argument(help: "Flow files, or folders whose .flow files are run.")
    var flows: [String]

    @OptionGroup var daemon: DaemonOptions

    @Option(help: "Flows run at once.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Flag(help: "Write what happened into each flow as its expectations, for review, instead of checking.")
    var record = false

    @Flag(help: "Report which segues, unwinds and code actions (taps) of each storyboard the flows exercise.")
    var coverage = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs takes 1 or more") }
    }

    func run() throws {
        let files = try Self.flowFiles(flows)
        let client = try daemon.client()
        let results = FlowBatch.run(files: files, jobs: jobs, record: record) { folder in
            if let client { return AnyDriver(HTTPFlowDriver(client: client, uploads: uploads, folder: folder)) }
            return AnyDriver(EngineDriver())
        }
        for result in results {
            if record, result.passed, let flow = result.recorded {
                try FlowWriter.text(flow).write(toFile: result.file, atomically: true, encoding: .utf8)
                print("RECORDED \(result.file)")
            } else {
                print("\(result.passed ? "PASS" : "FAIL") \(result.file)")
            }
            if let failure = result.failure { print(failure.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")) }
        }
        let failed = results.filter { !$0.passed }.count
        print("\(results.count - failed) passed, \(failed) failed")
        if coverage {
            for (name, report) in FlowBatch.coverage(results, files: files) {
                print("coverage \(name): " + report.joined(separator: "\n"))
            }
        }
        if let junit { try JUnitReport.xml(results).write(toFile: junit, atomically: true, encoding: .utf8) }
        if failed > 0 { throw ExitCode(1) }
    }

    private let uploads = UploadCache()

    private enum CodingKeys: CodingKey { case flows, daemon, jobs, junit, record, coverage }

    /// The files named, and the `.flow` files of the folders named, sorted within each folder; each
    /// a path as given (a folder's files under the folder's path as given).
    static func flowFiles(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw ValidationError("\(path): no such file") }
            if isFolder.boolValue {
                let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".flow") }.sorted()
                files += names.map { (path.hasSuffix("/") ? path : path + "/") + $0 }
            } else {
                files.append(path)
            }
        }
        return files
    }
}

/// A driver of either kind, so that the batch runs one code path.
struct AnyDriver: FlowDriver {
    private var engine: EngineDriver?
    private var http: HTTPFlowDriver?
    init(_ engine: EngineDriver) { self.engine = engine }
    init(_ http: HTTPFlowDriver) { self.http = http }

    mutating func launch(_ flow: Flow, storyboard: Storyboard) throws -> StepOutcome {
        if engine != nil { return try engine!.launch(flow, storyboard: storyboard) }
        return try http!.launch(flow, storyboard: storyboard)
    }

    mutating func perform(_ command: String) throws -> StepOutcome {
        if engine != nil { return try engine!.perform(command) }
        return try http!.perform(command)
    }

    mutating func finish() {
        engine?.finish()
        http?.finish()
    }
}

/// Runs many flow files on `jobs` threads; results in the files' order.
enum FlowBatch {
    static func run(files: [String], jobs: Int, record: Bool, driver: @escaping @Sendable (URL) -> AnyDriver) -> [FlowResult] {
        let cache = StoryboardCache()
        let results = ResultSlots(count: files.count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(files.count, 1))) { _ in
            while let index = results.claim() {
                results.store(runOne(files[index], cache: cache, record: record, driver: driver), at: index)
            }
        }
        return results.all
    }

    static func runOne(_ file: String, cache: StoryboardCache, record: Bool, driver: (URL) -> AnyDriver) -> FlowResult {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        do {
            let flow = try FlowRunner.load(file)
            let storyboard = try FlowRunner.storyboard(for: flow, folder: folder, cache: cache, swift: SwiftSyntaxSourceReader())
            var runner = driver(folder)
            return FlowRunner.run(flow, file: file, storyboard: storyboard, driver: &runner, record: record)
        } catch {
            return FlowResult(name: name, file: file, failure: "\(error)", seconds: 0, exercised: [], recorded: nil)
        }
    }

    /// Per storyboard the flows name: its segues and unwinds, and those the flows performed; then,
    /// as `segued explore` counts them, the alternatives of its controls' code actions that
    /// navigate (``ActionKey``) and those the flows' taps performed, each other one with why.
    static func coverage(_ results: [FlowResult], files: [String]) -> [(String, [String])] {
        let cache = StoryboardCache()
        var byStoryboard: [String: (storyboard: Storyboard, results: [FlowResult])] = [:]
        for (file, result) in zip(files, results) {
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
            guard let flow = try? FlowRunner.load(file), let storyboard = try? FlowRunner.storyboard(for: flow, folder: folder, cache: cache, swift: SwiftSyntaxSourceReader())
            else { continue }
            let key = FlowRunner.storyboardKey(for: flow, folder: folder)
            byStoryboard[key, default: (storyboard, [])].results.append(result)
        }
        return byStoryboard.sorted { $0.key < $1.key }.map { key, value in
            (URL(fileURLWithPath: key).lastPathComponent, Coverage(value.storyboard, results: value.results).report)
        }
    }
}

/// The batch's results, filled by its threads.
final class ResultSlots: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var slots: [FlowResult?]
    private var next = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ result: FlowResult, at index: Int) { lock.withLock { slots[index] = result } }
    var all: [FlowResult] { lock.withLock { slots.compactMap { $0 } } }
}
