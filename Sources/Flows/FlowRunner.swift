public import Foundation
public import Storyboard

/// The result of one flow: passed, or the step and expectation that failed; with the time taken,
/// the segues and code actions it exercised, and (for `--record`) the flow with what happened as its
/// expectations.
public struct FlowResult: Sendable {
    public var name: String
    public var file: String
    /// `nil` when the flow passed.
    public var failure: String?
    public var seconds: Double
    public var exercised: [SegueKey]
    /// The alternatives of code actions its `tap` steps performed (``TappedControl``).
    public var exercisedActions: [ActionKey] = []
    /// Those its taps named that were refused (`refused: …`, the error's message) or did nothing
    /// (`not performed: REASON`), each with the first such outcome, as `segued explore` says it.
    public var refusedActions: [ActionKey: String] = [:]
    public var recorded: Flow?
    public var passed: Bool { failure == nil }

    public init(name: String, file: String, failure: String?, seconds: Double, exercised: [SegueKey], recorded: Flow?) {
        self.name = name
        self.file = file
        self.failure = failure
        self.seconds = seconds
        self.exercised = exercised
        self.recorded = recorded
    }
}

/// Runs flows on a driver and checks each step's expectations.
public enum FlowRunner {
    /// Reads a flow file; its name is the file name without `.flow`.
    public static func load(_ path: String) throws -> Flow {
        let url = URL(fileURLWithPath: path)
        guard let data = FileManager.default.contents(atPath: path) else { throw FlowError("\(path): cannot read") }
        return try FlowParser.parse(String(decoding: data, as: UTF8.self), name: url.deletingPathExtension().lastPathComponent)
    }

    /// The flow's storyboard: `demo`, a file or an app folder relative to `folder` (the flow's).
    /// - Parameter swift: reads an app's Swift sources (the CLI passes swift-syntax's reader; Flows
    ///   itself stays beside the engine, without the parser).
    public static func storyboard(
        for flow: Flow, folder: URL, cache: StoryboardCache? = nil, swift: any SwiftSourceReader
    ) throws -> Storyboard {
        let key = storyboardKey(for: flow, folder: folder)
        if let cached = cache?.storyboard(key) { return cached }
        let storyboard: Storyboard
        if let app = flow.app {
            let path = resolve(app, folder: folder)
            do {
                storyboard = try InterfaceBuilderImporter.load(try StoryboardBundle.read(folder: path, entry: flow.entry), swift: swift).storyboard
            } catch {
                throw FlowError("\(path): cannot import the app: \(error)")
            }
        } else if let name = flow.storyboard, name == "demo" {
            storyboard = DemoStoryboard.storyboard
        } else {
            let path = resolve(flow.storyboard ?? "", folder: folder)
            guard let data = FileManager.default.contents(atPath: path) else { throw FlowError("\(path): cannot read the storyboard") }
            do {
                storyboard = try StoryboardDocument.load(
                    data, name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, swift: swift
                ).storyboard
            } catch {
                throw FlowError("\(path): not a storyboard segued can run: \(error.issues.map(\.description).joined(separator: "; "))")
            }
        }
        cache?.store(storyboard, for: key)
        return storyboard
    }

    /// What a flow's storyboard is known by in a run: `demo`, or the resolved path of its file or
    /// app (with the app's `entry:` after a space, when it names one).
    public static func storyboardKey(for flow: Flow, folder: URL) -> String {
        if flow.storyboard == "demo" { return "demo" }
        return resolve(flow.storyboard ?? flow.app ?? "", folder: folder) + (flow.app != nil ? flow.entry.map { " entry \($0)" } ?? "" : "")
    }

    public static func resolve(_ path: String, folder: URL) -> String {
        path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }

    /// Runs `flow` on `driver`; with `record`, every step's expectations are replaced by what
    /// happened and nothing fails on a difference.
    public static func run(
        _ flow: Flow, file: String, storyboard: Storyboard, driver: inout some FlowDriver, record: Bool = false
    ) -> FlowResult {
        let start = DispatchTime.now().uptimeNanoseconds
        var result = FlowResult(name: flow.name, file: file, failure: nil, seconds: 0, exercised: [], recorded: nil)
        var recorded = flow
        defer { driver.finish() }
        for (index, step) in flow.steps.enumerated() {
            let outcome: StepOutcome
            do {
                outcome = step.isLaunch ? try driver.launch(flow, storyboard: storyboard) : try driver.perform(step.command)
            } catch {
                result.failure = "step \(index) `\(step.command)`: \(error)"
                break
            }
            if let exercised = outcome.exercised { result.exercised.append(exercised) }
            if let tapped = outcome.tappedAction {
                if outcome.performed, outcome.error == nil {
                    result.exercisedActions.append(tapped)
                } else if result.refusedActions[tapped] == nil {
                    result.refusedActions[tapped] = outcome.error != nil
                        ? "refused: \(outcome.errorMessage ?? outcome.error ?? "")" : "not performed: \(outcome.reason ?? "?")"
                }
            }
            if record {
                recorded.steps[index].expectations = FlowCheck.recorded(outcome, isLaunch: step.isLaunch)
                continue
            }
            if let failure = step.expectations.lazy.compactMap({ FlowCheck.failure($0, outcome) }).first {
                result.failure = "step \(index) `\(step.command)`: \(failure)"
                break
            }
            // An unexpected error fails the step even when nothing about errors was written.
            if let error = outcome.error, !step.expectations.contains(.error(error)) {
                result.failure = "step \(index) `\(step.command)`: error \(error): \(outcome.errorMessage ?? "")"
                break
            }
        }
        if record { result.recorded = recorded }
        result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return result
    }
}

/// Storyboards already loaded, by the path flows name them with: a thousand flows on one app read
/// and import it once. Shared between the runner's threads.
public final class StoryboardCache: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var storyboards: [String: Storyboard] = [:]

    public init() {}

    func storyboard(_ key: String) -> Storyboard? { lock.withLock { storyboards[key] } }

    func store(_ storyboard: Storyboard, for key: String) { lock.withLock { storyboards[key] = storyboard } }
}
