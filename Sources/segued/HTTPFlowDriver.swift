import Flows
import Foundation
import Navigation
import Storyboard

/// Runs flows on a running daemon (`segued test --url`): one session per flow, each step one
/// request, the answers turned into ``StepOutcome``s exactly as the engine driver makes them (the
/// callback lines come from the API's event objects, the scenes from the instances' `init` events).
struct HTTPFlowDriver: FlowDriver {
    let client: DaemonClient
    /// The daemon's storyboard id per flow storyboard, uploaded once per run.
    let uploads: UploadCache
    let folder: URL
    private var session: String?
    private var storyboard: Storyboard?
    private var scenes: [String: String] = [:]
    /// For a flow with `tap` steps, the same steps on the engine: a tap's answer names the control
    /// and its action but not the instance whose control it is (the default source is the
    /// engine's choice), so the mirror names what the tap exercised (``TappedControl``), and the
    /// daemon's answer must agree with it (the same control, alternative, segue source) to count.
    private var mirror: EngineDriver?

    init(client: DaemonClient, uploads: UploadCache, folder: URL) {
        self.client = client
        self.uploads = uploads
        self.folder = folder
    }

    mutating func launch(_ flow: Flow, storyboard: Storyboard) throws -> StepOutcome {
        self.storyboard = storyboard
        scenes = [:]
        let id = try uploads.id(for: flow, folder: folder, client: client)
        var body: [String: JSONValue] = ["storyboard": .string(id)]
        if let profile = flow.profile { body["profile"] = .string(profile) }
        if let traits = flow.traits {
            let parsed = EngineDriver.traits(traits)
            body["traits"] = .object([
                "idiom": .string(parsed.idiom.rawValue), "horizontalSizeClass": .string(parsed.horizontalSizeClass.rawValue),
            ])
        }
        if let initial = flow.initialScene { body["initialScene"] = .string(initial) }
        let reply = try client.send("POST", "/v1/sessions", json: .object(body))
        guard reply.status == 201, let session = reply.json["id"]?.stringValue else {
            throw FlowError("the daemon refused the session (\(reply.status)): \(reply.json.compactDescription)")
        }
        self.session = session
        mirror = nil
        if flow.steps.contains(where: { $0.command.hasPrefix("tap ") }) {
            var engine = EngineDriver()
            if (try? engine.launch(flow, storyboard: storyboard)) != nil { mirror = engine }
        }
        return outcome(reply.json, exercised: nil)
    }

    mutating func perform(_ text: String) throws -> StepOutcome {
        guard let session else { throw FlowError("no session: launch first") }
        let command = try FlowCommandParser.parse(text)
        if command == .end {
            let reply = try client.send("DELETE", "/v1/sessions/\(session)")
            self.session = nil
            mirror = nil
            return outcome(reply.json, exercised: nil)
        }
        var tapped: TappedControl?
        if case .tap(let request) = command, let state = mirror?.state { tapped = TappedControl.find(request, in: state) }
        _ = try? mirror?.perform(text)
        let (path, body) = Self.request(command, back: text.hasPrefix("back"))
        let reply = try client.send("POST", "/v1/sessions/\(session)/\(path)", json: .object(body))
        guard reply.status == 200 else {
            var failed = StepOutcome(performed: false)
            failed.tappedAction = tapped?.action
            let type = reply.json["type"]?.stringValue ?? "http-\(reply.status)"
            failed.error = String(type.split(separator: ":").last ?? "")
            failed.errorMessage = reply.json["detail"]?.stringValue ?? reply.json["title"]?.stringValue
            // A refused step leaves the session as it was: its screen is the stack's.
            let stack = try client.send("GET", "/v1/sessions/\(session)/stack").json
            let path = stack["path"]?.arrayValue?.compactMap(\.stringValue) ?? []
            failed.visibleScene = stack["visible"]?.stringValue.map { scenes[$0] ?? "?" }
            failed.scenes = path.map { scenes[$0] ?? "?" }
            return failed
        }
        if case .tap = command {
            var answered = outcome(reply.json, exercised: tapped?.segue.flatMap { agreed($0, answer: reply.json) })
            answered.tappedAction = tapped?.action.flatMap { agreed($0, answer: reply.json) }
            return answered
        }
        return outcome(reply.json, exercised: exercised(command, answer: reply.json))
    }

    mutating func finish() {
        if let session { _ = try? client.send("DELETE", "/v1/sessions/\(session)") }
        session = nil
    }

    /// The outcome of a transcript or a new session's answer.
    private mutating func outcome(_ answer: JSONValue, exercised: SegueKey?) -> StepOutcome {
        let events = answer["events"]?.arrayValue ?? []
        for event in events where event["method"]?.stringValue == "init" {
            if let vc = event["vc"]?.stringValue, let scene = event["scene"]?.stringValue { scenes[vc] = scene }
        }
        let stack = answer["stack"]
        let path = stack?["path"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let visible = stack?["visible"]?.stringValue ?? path.last
        let destination = answer["segue"]?["kind"]?.stringValue == "unwind" ? answer["destination"]?.stringValue : nil
        return StepOutcome(
            performed: answer["performed"]?.boolValue ?? true, reason: answer["reason"]?.stringValue,
            visibleScene: visible.map { scenes[$0] ?? "?" }, scenes: path.map { scenes[$0] ?? "?" },
            destinationScene: destination.map { scenes[$0] ?? "?" }, callbacks: events.map(CallbackLine.line(apiEvent:)),
            exercised: exercised)
    }

    /// The segue the mirror says a tap performed, when the daemon performed a segue from an
    /// instance of that scene.
    private func agreed(_ segue: SegueKey, answer: JSONValue) -> SegueKey? {
        guard answer["performed"]?.boolValue == true, let source = answer["segue"]?["source"]?.stringValue,
            scenes[source] == segue.scene
        else { return nil }
        return segue
    }

    /// The code action the mirror says a tap named, when the daemon's `tap` names the same control,
    /// selector and alternative.
    private func agreed(_ action: ActionKey, answer: JSONValue) -> ActionKey? {
        let tap = answer["tap"]
        guard tap?["control"]?.stringValue == action.control, tap?["selector"]?.stringValue == action.selector,
            tap?["when"]?.stringValue == action.when
        else { return nil }
        return action
    }

    /// The storyboard segue a performed segue or unwind exercised: its source scene from the
    /// answer's segue, then the segue the command names there.
    private func exercised(_ command: Command, answer: JSONValue) -> SegueKey? {
        guard answer["performed"]?.boolValue == true, let storyboard,
            let source = answer["segue"]?["source"]?.stringValue, let sceneID = scenes[source],
            let scene = storyboard.scenes[SceneID(sceneID)]
        else { return nil }
        switch command {
        case .performSegue(let request):
            switch request.segue {
            case .id(let id): return SegueKey.find(in: scene, identifier: nil, id: id, action: nil, unwind: false)
            case .identifier(let identifier):
                let unwind = answer["segue"]?["kind"]?.stringValue == "unwind"
                return SegueKey.find(in: scene, identifier: identifier.rawValue, id: nil, action: nil, unwind: unwind)
            }
        case .unwind(let request):
            switch request.target {
            case .action(let action): return SegueKey.find(in: scene, identifier: nil, id: nil, action: action, unwind: true)
            case .segue(let identifier): return SegueKey.find(in: scene, identifier: identifier.rawValue, id: nil, action: nil, unwind: true)
            }
        default: return nil
        }
    }

    /// The route and body of a command (api.md): `segues`, `unwind` or `actions`.
    static func request(_ command: Command, back: Bool) -> (String, [String: JSONValue]) {
        var body: [String: JSONValue] = [:]
        func put(_ key: String, _ value: JSONValue?) { if let value { body[key] = value } }
        func vc(_ id: ControllerID?) -> JSONValue? { id.map { .string($0.description) } }
        func scene(_ reference: SceneReference) {
            switch reference {
            case .scene(let id): body["scene"] = .string(id.rawValue)
            case .storyboardIdentifier(let name): body["storyboardIdentifier"] = .string(name)
            }
        }
        switch command {
        case .performSegue(let request):
            switch request.segue {
            case .identifier(let identifier): body["identifier"] = .string(identifier.rawValue)
            case .id(let id): body["id"] = .string(id)
            }
            put("source", vc(request.source))
            if request.trigger != .storyboard { body["trigger"] = .string(request.trigger.rawValue) }
            put("shouldPerform", request.shouldPerform.map(JSONValue.bool))
            if request.sender != .null { body["sender"] = request.sender }
            put("data", request.data)
            put("animated", request.animated.map(JSONValue.bool))
            return ("segues", body)
        case .performCodeSegue(let request):
            body["kind"] = .string(request.kind.rawValue)
            put("identifier", request.identifier.map { .string($0.rawValue) })
            scene(request.destination)
            put("source", vc(request.source))
            put("modalPresentationStyle", request.modalPresentationStyle.map { .string($0.rawValue) })
            put("data", request.data)
            return ("segues", body)
        case .unwind(let request):
            switch request.target {
            case .action(let action): body["action"] = .string(action)
            case .segue(let identifier): body["identifier"] = .string(identifier.rawValue)
            }
            put("source", vc(request.source))
            if request.trigger != .storyboard { body["trigger"] = .string(request.trigger.rawValue) }
            put("shouldPerform", request.shouldPerform.map(JSONValue.bool))
            put("data", request.data)
            if !request.animated { body["animated"] = .bool(false) }
            return ("unwind", body)
        case .pop(let navigation, let animated):
            body = ["type": .string(back ? "back" : "pop"), "animated": .bool(animated)]
            put("navigation", vc(navigation))
        case .popToRoot(let navigation, let animated):
            body = ["type": .string("popToRoot"), "animated": .bool(animated)]
            put("navigation", vc(navigation))
        case .popTo(let target, let animated):
            body = ["type": .string("popTo"), "target": .string(target.description), "animated": .bool(animated)]
        case .setViewControllers(let entries, let navigation, let animated):
            body = ["type": .string("setViewControllers"), "animated": .bool(animated)]
            body["viewControllers"] = .array(entries.map { entry in
                switch entry {
                case .existing(let id): .string(id.description)
                case .new(.scene(let id)): .object(["scene": .string(id.rawValue)])
                case .new(.storyboardIdentifier(let name)): .object(["storyboardIdentifier": .string(name)])
                }
            })
            put("navigation", vc(navigation))
        case .push(let reference, let navigation, let data, let animated):
            body = ["type": .string("push"), "animated": .bool(animated)]
            scene(reference)
            put("navigation", vc(navigation))
            put("data", data)
        case .present(let reference, let from, let style, let data, let animated):
            body = ["type": .string("present"), "animated": .bool(animated)]
            scene(reference)
            put("from", vc(from))
            put("modalPresentationStyle", style.map { .string($0.rawValue) })
            put("data", data)
        case .dismiss(let target, let animated):
            body = ["type": .string("dismiss"), "animated": .bool(animated)]
            put("target", vc(target))
        case .selectTab(let index, let tabBar, let byUser, let shouldSelect):
            body = ["type": .string("selectTab"), "index": .number(Double(index)), "byUser": .bool(byUser)]
            put("tabBar", vc(tabBar))
            put("shouldSelect", shouldSelect.map(JSONValue.bool))
        case .setTraits(let traits):
            body = ["type": .string("setTraits"), "idiom": .string(traits.idiom.rawValue)]
            body["horizontalSizeClass"] = .string(traits.horizontalSizeClass.rawValue)
        case .transitionToSize(let size, let traits):
            body = ["type": .string("setTraits"), "idiom": .string(traits.idiom.rawValue)]
            body["horizontalSizeClass"] = .string(traits.horizontalSizeClass.rawValue)
            body["size"] = .object(["width": .number(Double(size.width)), "height": .number(Double(size.height))])
        case .interactivePop(let phase, let navigation):
            body = ["type": .string("interactivePop"), "phase": .string(phase.rawValue)]
            put("target", vc(navigation))
        case .pullDown(let phase, let shouldDismiss, let modalInPresentation):
            body = ["type": .string("pullDown"), "phase": .string(phase.rawValue)]
            put("shouldDismiss", shouldDismiss.map(JSONValue.bool))
            put("modalInPresentation", modalInPresentation.map(JSONValue.bool))
        case .tapOutside(let shouldDismiss, let modalInPresentation):
            body = ["type": .string("tapOutside")]
            put("shouldDismiss", shouldDismiss.map(JSONValue.bool))
            put("modalInPresentation", modalInPresentation.map(JSONValue.bool))
        case .tap(let request):
            body = ["type": .string("tap"), "control": .string(request.control)]
            put("source", vc(request.source))
            put("occurrence", request.occurrence.map { .number(Double($0)) })
            put("when", request.when.map(JSONValue.string))
        case .end:
            break
        }
        return ("actions", body)
    }
}

/// Storyboards uploaded to the daemon in this run, by their resolved path: content-addressed on the
/// daemon, uploaded once here.
final class UploadCache: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var ids: [String: String] = [:]

    func id(for flow: Flow, folder: URL, client: DaemonClient) throws -> String {
        if flow.storyboard == "demo" { return "demo" }
        let key = FlowRunner.storyboardKey(for: flow, folder: folder)
        if let id = lock.withLock({ ids[key] }) { return id }
        guard let name = flow.storyboard else { return try uploadApp(flow, folder: folder, key: key, client: client) }
        let path = FlowRunner.resolve(name, folder: folder)
        guard let data = FileManager.default.contents(atPath: path) else { throw FlowError("\(path): cannot read the storyboard") }
        let xml = path.hasSuffix(".storyboard")
        // Named as in process (its file name), so that storyboard references resolve alike.
        let fileName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let query = xml ? "?name=" + (fileName.addingPercentEncoding(withAllowedCharacters: CharacterSet.alphanumerics) ?? fileName) : ""
        let reply = try client.send(
            "POST", "/v1/storyboards" + query, body: data, contentType: xml ? "application/xml" : "application/json")
        guard reply.status == 201 || reply.status == 200, let id = reply.json["id"]?.stringValue else {
            throw FlowError("\(path): the daemon refused the upload (\(reply.status)): \(reply.json.compactDescription)")
        }
        lock.withLock { ids[key] = id }
        return id
    }

    /// An `app:` folder, uploaded as the bundle `segued import` makes of it (with the flow's `entry:`),
    /// so that its scenes have the names they have in process.
    private func uploadApp(_ flow: Flow, folder: URL, key: String, client: DaemonClient) throws -> String {
        let path = FlowRunner.resolve(flow.app ?? "", folder: folder)
        let bundle: StoryboardBundle
        do {
            bundle = try StoryboardBundle.read(folder: path, entry: flow.entry)
        } catch {
            throw FlowError("\(path): cannot import the app: \(error)")
        }
        let reply = try client.send("POST", "/v1/storyboards", json: bundle.jsonValue)
        guard reply.status == 201 || reply.status == 200, let id = reply.json["id"]?.stringValue else {
            throw FlowError("\(path): the daemon refused the app's upload (\(reply.status)): \(reply.json.compactDescription)")
        }
        lock.withLock { ids[key] = id }
        return id
    }
}
