import HTTPServer
import Navigation
import Storyboard

/// Decoding of the operation endpoints' bodies (api.md), kept behind these functions so that the
/// decoder can be swapped for a faster one if profiling asks for it.
extension Command {
    /// The fields of `POST …/segues`. A switch rather than a shared set: no hashing, and nothing
    /// retained across threads.
    private static func isSegueField(_ key: String) -> Bool {
        switch key {
        case "identifier", "id", "source", "trigger", "shouldPerform", "sender", "data", "animated", "kind", "scene",
            "storyboardIdentifier", "modalPresentationStyle":
            true
        default: false
        }
    }

    private static func isUnwindField(_ key: String) -> Bool {
        switch key {
        case "action", "identifier", "source", "trigger", "shouldPerform", "data", "animated": true
        default: false
        }
    }

    /// `POST …/segues`: a storyboard segue by `identifier` (or by `id`, its id in the storyboard file,
    /// for one without an identifier), or a segue made in code by `kind` and a destination (`scene`
    /// or `storyboardIdentifier`).
    static func segue(_ request: Request) throws(Problem) -> Command {
        var body = try RequestBody(request)
        let command = segue(&body)
        return try body.finish(command)
    }

    /// The fields of a segue request in `body`; `nil` with the problems recorded in `body` (a batch's
    /// operations are read by the same function).
    static func segue(_ body: inout RequestBody) -> Command? {
        body.only(where: isSegueField)
        let source = body.controller("source")
        let animated = body.bool("animated")
        let data = body.data()
        if body.object["kind"] != nil {
            // The kinds a segue made in code may have, as openapi.yaml's CodeSegueRequest lists them:
            // refused here as a field (422 `invalid-request`) rather than by the engine.
            var kind = body.requiredEnumeration(SegueKind.self, "kind")
            if let found = kind, !found.isForward || found == .custom {
                let allowed = SegueKind.allCases.filter { $0.isForward && $0 != .custom }.map(\.rawValue).joined(separator: ", ")
                body.reader.fail("kind", "a segue made in code cannot be of kind \(found.rawValue) (expected one of: \(allowed))")
                kind = nil
            }
            let destination = body.sceneReference(required: true)
            let identifier = body.string("identifier").map { SegueID($0) }
            let style = body.enumeration(PresentationStyle.self, "modalPresentationStyle")
            let notInCode = "not used by a segue made in code (it skips shouldPerformSegue)"
            body.reject(ifPresent: "trigger", notInCode)
            body.reject(ifPresent: "shouldPerform", notInCode)
            body.reject(ifPresent: "sender", notInCode)
            body.reject(ifPresent: "id", "names a storyboard segue, not one made in code")
            let request = kind.flatMap { kind in
                destination.map { destination in
                    Command.CodeSegueRequest(
                        identifier: identifier, kind: kind, destination: destination, source: source,
                        modalPresentationStyle: style, data: data, animated: animated ?? true)
                }
            }
            return request.map(Command.performCodeSegue)
        }
        let segue: SegueReference? =
            switch body.either("identifier", or: "id", missing: "missing (or give id, or kind for a segue made in code)") {
            case .first(let identifier)?: .identifier(SegueID(identifier))
            case .second(let id)?: .id(id)
            case nil: nil
            }
        let trigger = body.enumeration(Trigger.self, "trigger") ?? .storyboard
        let shouldPerform = body.bool("shouldPerform")
        let sender = body.object["sender"] ?? .null
        // Calls, not a loop over an array literal: the array was allocated on every request.
        let onlyInCode = "only for a segue made in code (give kind)"
        body.reject(ifPresent: "scene", onlyInCode)
        body.reject(ifPresent: "storyboardIdentifier", onlyInCode)
        body.reject(ifPresent: "modalPresentationStyle", onlyInCode)
        let request = segue.map {
            Command.SegueRequest(
                segue: $0, source: source, trigger: trigger, shouldPerform: shouldPerform, sender: sender,
                data: data, animated: animated)
        }
        return request.map(Command.performSegue)
    }

    /// `POST …/unwind`: `{action}` or `{identifier}` of an unwind segue.
    static func unwind(_ request: Request) throws(Problem) -> Command {
        var body = try RequestBody(request)
        let command = unwind(&body)
        return try body.finish(command)
    }

    /// The fields of an unwind request in `body`; `nil` with the problems recorded in `body`.
    static func unwind(_ body: inout RequestBody) -> Command? {
        body.only(where: isUnwindField)
        let target: UnwindTarget? =
            switch body.either("action", or: "identifier") {
            case .first(let action)?: .action(action)
            case .second(let identifier)?: .segue(SegueID(identifier))
            case nil: nil
            }
        let source = body.controller("source")
        let trigger = body.enumeration(Trigger.self, "trigger") ?? .storyboard
        let shouldPerform = body.bool("shouldPerform")
        let data = body.data()
        let animated = body.bool("animated") ?? true
        let request = target.map {
            Command.UnwindRequest(target: $0, source: source, trigger: trigger, shouldPerform: shouldPerform, data: data, animated: animated)
        }
        return request.map(Command.unwind)
    }
}
