import Flows
import HTTPServer
import Logging
import Navigation
import Storyboard

extension SeguedService {
    /// `POST /v1/sessions {"storyboard", "replay"}` (or `PUT` with them): a new launch of
    /// `storyboard` with the profile, traits and initial scene of live session `replay`, which then
    /// performs that session's walk (the commands its flow holds) in order. This is how an app
    /// whose upload changed continues where a person was: the page adds a storyboard the app
    /// references (a missing storyboard dropped on it) and carries on in a session of the new upload
    /// at the same screen, not at the launch. A snapshot cannot do it: the new upload's scenes are
    /// keyed otherwise (``SceneRenaming``) and a placeholder becomes the scene it names, of another
    /// kind, with children of its own.
    ///
    /// All or nothing: 409 `flow-unavailable` when the walk is not known (a restored snapshot, a
    /// walk past its bound); a step the new storyboard refuses answers that step's problem, its
    /// detail saying which step it was. The new session's own walk is the replayed one, so its flow
    /// and snapshot work as any launched session's.
    func replaySession(_ body: inout RequestBody, id: SessionID, isPut: Bool) throws(Problem) -> Response {
        body.only(["storyboard", "replay"])
        let storyboardReference = body.required("storyboard")
        let sourceReference = body.required("replay")
        // Both read before either is looked up, so that a body missing both names both.
        let (reference, from) = try body.finish(
            storyboardReference.flatMap { storyboard in sourceReference.map { (storyboard, $0) } })
        if isPut, sessions[id] != nil { throw .sessionExists(id.rawValue) }
        let source = try lookupSession(from)
        let walk = source.read { $0.walk }
        if let gap = walk.gap { throw .flowUnavailable(session: from, "\(gap)") }
        let old = try storyboards.find(source.configuration.storyboardID)
        let stored = try storyboard(reference)
        let rename = SceneRenaming(from: old.storyboard, to: stored.storyboard)
        let sessionConfiguration = Session.Configuration(
            storyboardID: stored.id, profile: source.configuration.profile, traits: source.configuration.traits,
            initialScene: source.configuration.initialScene.map { rename($0) })
        let commands = walk.commands.map { rename($0) }
        let replayed = try Self.replay(commands, from: from, on: stored.shared, sessionConfiguration)
        let navigation = replayed.navigation
        let limits = configuration.sessionLimits
        if navigation.liveCount > limits.instances { throw .tooManyInstances(limit: limits.instances, live: 0, asked: navigation.liveCount) }
        if navigation.dataSize > limits.dataBytes { throw .tooMuchData(limit: limits.dataBytes, held: 0, adding: navigation.dataSize) }
        var log = EventLog(capacity: limits.logCapacity, byteCapacity: limits.logBytes)
        var newWalk = SessionWalk()
        for (index, transcript) in replayed.transcripts.enumerated() {
            let command = index == 0 ? nil : commands[index - 1]
            let name = command.map(Session.operationName) ?? .launch
            let record = OperationRecord(name, transcript, revision: replayed.revisions[index], command: command)
            log.append(contentsOf: transcript.events, operation: record)
            if let command { newWalk.append(command, byteCapacity: limits.walkBytes, revision: replayed.revisions[index]) }
        }
        let session = try insertCopy(id: id, storyboard: stored, adding: Session.footprint(navigation, log) + newWalk.bytes) {
            Session(
                id: id, configuration: sessionConfiguration, eventHeaders: stored.eventHeaders, navigation: navigation, log: log,
                walk: newWalk, limits: limits, memory: memory, persistence: persistence, incarnation: persistence?.nextIncarnation() ?? 0)
        }
        let staged = storeNew(session)
        logger.info("session \(id) replayed the walk of \(source.id) (\(commands.count) steps) on \(stored.id)")
        metrics.recordOperation("launch", performed: true)
        return acknowledging(session.read { state in sessionResponse(session, state: state, status: 201, launch: nil) }, after: staged)
    }

    /// The launch and each command's transcript with the revision after it, and the state at the end.
    struct Replayed {
        var navigation: NavigationState
        var transcripts: [Transcript]
        var revisions: [Int]
    }

    /// Launches `storyboard` and applies `commands`; a refused one throws its problem, saying which
    /// step of session `from` it was.
    static func replay(
        _ commands: [Command], from: String, on storyboard: SharedStoryboard, _ configuration: Session.Configuration
    ) throws(Problem) -> Replayed {
        let (launched, launch) = try launch(storyboard, configuration)
        var replayed = Replayed(navigation: launched, transcripts: [launch], revisions: [launched.revision])
        for (index, command) in commands.enumerated() {
            do throws(NavigationError) {
                replayed.transcripts.append(try Navigator.apply(command, to: &replayed.navigation))
                replayed.revisions.append(replayed.navigation.revision)
            } catch {
                var problem = error.problem
                problem.detail = "Step \(index + 1) of session \"\(from)\" (\(FlowCommandWriter.line(command))) on this storyboard: \(problem.detail)"
                throw problem
            }
        }
        return replayed
    }
}
