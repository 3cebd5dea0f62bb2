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
