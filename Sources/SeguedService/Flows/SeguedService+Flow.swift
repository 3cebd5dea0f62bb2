import Dispatch
import Flows
import HTTPServer
import Navigation
import Storyboard

extension SeguedService {
    /// `GET /v1/sessions/{id}/flow`: the session's walk from launch as a flow file (docs/flows.md),
    /// its expectations recorded (``FlowRecorder``), so that `segued test` passes it unchanged against
    /// a fresh daemon and fails with a diff once the navigation changes. text/plain.
    ///
    /// The `storyboard:` header is `demo` for the demo; otherwise `?storyboard=` (the file the
    /// reader keeps beside the flow), by default `NAME.storyboard` after the storyboard's name. An
    /// upload of several Interface Builder storyboards names its scenes `Storyboard:id`, which only
    /// the same storyboards read together give: its flow names the app instead, `app:` (`?app=`,
    /// the folder holding the `.storyboard` files beside the flow; by default the upload's name)
    /// with `entry:` its entry storyboard (and so does an upload read with the app's sources, whose
    /// actions a storyboard file lacks), unless `?storyboard=` names a file (a bundle from
    /// `segued import -o`). A session of a device family with an entry of its own
    /// (``Storyboard/idiomInitialScenes``) names its initial scene, which an entry alone does not give.
    /// 409 `flow-unavailable` when the walk is not known (a restored snapshot, a walk past its
    /// bound) or cannot be written as steps.
    func getFlow(_ request: Request, _ id: String) throws(Problem) -> Response {
        let header = try flowFileHeader("storyboard", request.queryValue("storyboard"))
        let appHeader = try flowFileHeader("app", request.queryValue("app"))
        let session = try lookupSession(id)
        let walk = session.read { $0.walk }
        if let gap = walk.gap { throw .flowUnavailable(session: id, "\(gap)") }
        guard walk.bytes > Self.flowWrittenInline else {
            return try writeFlow(id, session, walk, storyboardHeader: header, appHeader: appHeader)
        }
        // A large walk's flow is written on the flows' own thread, one at a time, the request held
        // back meanwhile (its connection suspended: no server thread waits): two flows of 250 MB
        // walks held both of a 2-core daemon's threads for 37-42 s, and a canary waited 36.7 s.
        let gate = ResponseGate()
        Self.flowWriter.async { [self] in
            let response: Response
            do throws(Problem) {
                response = try writeFlow(id, session, walk, storyboardHeader: header, appHeader: appHeader)
            } catch {
                response = error.response
            }
            gate.open(replacing: response)
        }
        var held = Response(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: [])
        held.gate = gate
        return held
    }

    /// The thread large flows are written on (``flowWrittenInline``), one after the other.
    static let flowWriter = DispatchQueue(label: "segued-flows")
    /// Walks up to this many bytes (``SessionWalk/bytes``, 256 KiB: about 20 ms of CPU) have their
    /// flow written on the request's thread; larger ones on ``flowWriter``.
    static let flowWrittenInline = 256 << 10

    private func writeFlow(
        _ id: String, _ session: Session, _ walk: SessionWalk, storyboardHeader header: String?, appHeader: String?
    ) throws(Problem) -> Response {
        // What writing the flow holds until its text is made (the replay, its lines, the text), in
        // the memory budget like what sessions hold: past it 503, at once. The text, once made, is
        // a held body the server counts until the client has read it.
        let transient = Self.flowBytesPerWalkByte * walk.bytes
        guard memory.reserve(transient) else {
            throw .memoryBudgetExceeded(limit: memory.limit, held: memory.accounted, adding: transient)
        }
        defer { memory.adjust(by: -transient) }
        let stored = try storyboards.find(session.configuration.storyboardID)
        let configuration = session.configuration
        let storyboardName = stored.id == demoStoryboardID ? "demo" : header ?? "\(stored.name).storyboard"
        let documents = stored.storyboard.documents
        // An upload read with the app's sources names the app's folder too: a storyboard file alone
        // has no actions to tap.
        let named = documents.count > 1 || (!documents.isEmpty && (appHeader != nil || stored.storyboard.hasActionsFromSources))
        let app = header == nil && named ? (folder: appHeader ?? stored.name, entry: documents[0]) : nil
        let idiomScene = app == nil ? nil : stored.storyboard.idiomInitialScenes[configuration.traits.idiom.rawValue]
        let flow: Flow
        do throws(FlowRecorder.Failure) {
            flow = try FlowRecorder.flow(
                name: id,
                comments: [
                    "# Session \(id) of segued, recorded from its launch (storyboard \(stored.id), \"\(Self.oneLine(stored.name))\").",
                    "# Run it with: segued test FOLDER (the storyboard file beside this one), or --url against a daemon.",
                ],
                storyboard: stored.storyboard, storyboardName: storyboardName, app: app, profile: configuration.profile,
                traits: configuration.traits, initialScene: configuration.initialScene ?? idiomScene, commands: walk.commands)
        } catch {
            throw .flowUnavailable(session: id, error.description)
        }
        return Response(
            status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(FlowWriter.text(flow).utf8))
    }

    /// Memory writing a flow takes per byte of its walk (``SessionWalk/bytes``): 5 measured (a 20 MB
    /// walk's GET took 100 MB more RSS on the release binary), 6 counted.
    static let flowBytesPerWalkByte = 6

    /// `?storyboard=`, `?app=`: a file or folder name for the flow's `storyboard:` or `app:` line,
    /// which is one line of text.
    private func flowFileHeader(_ parameter: String, _ value: String?) throws(Problem) -> String? {
        guard let value else { return nil }
        // Counted in Unicode scalars, as openapi.yaml's maxLength counts them. 128: both names at
        // their longest, percent-encoded (12 bytes a 4-byte scalar), still fit the request line in
        // the 8 KiB connection memory (about 3.8 KB for the line and headers); at 1,024 a request the
        // schema allowed got libmicrohttpd's HTML 414 (schemathesis, issue 52's smaller pool).
        let scalars = value.unicodeScalars
        guard !scalars.isEmpty, scalars.count <= 128 else { throw .invalidParameter(parameter, "a file name of 1 to 128 characters") }
        guard scalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }), scalars.first != " ", scalars.last != " " else {
            throw .invalidParameter(parameter, "a file name on one line, without control characters or surrounding spaces")
        }
        return value
    }

    /// A storyboard's name inside a `#` line: its line breaks would end the comment.
    private static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
    }
}

extension Problem {
    /// A session whose flow cannot be written: `why` says what is missing.
    static func flowUnavailable(session: String, _ why: String) -> Problem {
        Problem(.flowUnavailable, detail: "Session \"\(session)\" has no flow: \(why).")
    }
}
