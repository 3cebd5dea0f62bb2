public import Navigation
public import Storyboard

/// Turns a session's walk (its launch options and the commands it performed, in order) into a flow
/// with its expectations recorded: what `GET /v1/sessions/{id}/flow` answers and the web app's
/// "Save as test" downloads.
///
/// The expectations come from running the walk again on the engine from launch (``EngineDriver``,
/// the same runner as `segued test --record`), not from the session's event log: the log is bounded
/// and drops old events, while the engine is deterministic (the same commands from the same launch
/// give the same instance ids and callbacks), so the replay is the session's history exactly.
public enum FlowRecorder {
    /// What the walk could not become.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The flow of `commands` performed from the launch of `storyboard` with these options.
    /// - Parameters:
    ///   - storyboardName: the `storyboard:` header: `demo`, or the file the flow's reader keeps
    ///     beside it (`Main.storyboard`); `nil` with `app`.
    ///   - app: the `app:` header, the folder of an app's storyboards, with its `entry:`.
    ///   - comments: `#` lines written before the header (where the flow came from).
    /// - Throws: ``Failure`` when a command has no step line that reads back to it (an identifier
    ///   with a space), or when the replay does not perform what the session did.
    public static func flow(
        name: String, comments: [String] = [], storyboard: Storyboard, storyboardName: String?, app: (folder: String, entry: String)? = nil,
        profile: Profile, traits: Traits, initialScene: SceneID?, commands: [Command]
    ) throws(Failure) -> Flow {
        var steps = [FlowStep(command: "launch")]
        for (index, command) in commands.enumerated() {
            let line = FlowCommandWriter.line(command)
            guard (try? FlowCommandParser.parse(line)) == command else {
                throw Failure(description: "step \(index + 1) (\(line)) has no flow step line that reads back to the same command")
            }
            steps.append(FlowStep(command: line))
        }
        let flow = Flow(
            name: name, comments: comments, storyboard: app == nil ? storyboardName : nil, app: app?.folder, entry: app?.entry,
            profile: profile.rawValue,
            traits: "\(traits.idiom.rawValue) \(traits.horizontalSizeClass.rawValue)", initialScene: initialScene?.rawValue,
            steps: steps)
        var driver = EngineDriver()
        let result = FlowRunner.run(flow, file: name, storyboard: storyboard, driver: &driver, record: true)
        if let failure = result.failure { throw Failure(description: failure) }
        guard let recorded = result.recorded else { throw Failure(description: "the replay recorded nothing") }
        return recorded
    }
}
