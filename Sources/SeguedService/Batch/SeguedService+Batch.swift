import HTTPServer
import Navigation
import Storyboard

extension SeguedService {
    /// Operations one batch may hold: each is applied under the session's lock, which a batch holds
    /// throughout.
    static let batchLimit = 100

    /// `POST /v1/sessions/{id}/batch {"operations": [{"op": "segue" | "unwind" | "action", …}, …]}`:
    /// the operations in order, all or none. Each operation's other fields are exactly those of its
    /// endpoint's body, read by the same functions (`Command.segue`, `.unwind`, `.action`). 200 with
    /// `{"results": [each operation's response], "revision": N}`; when one fails, nothing is
    /// applied and the answer is its problem, naming it by `operation` (its index) and in `detail`.
    /// `If-Match` and `Idempotency-Key` apply to the batch as a whole.
    func operateBatch(_ request: Request, sessionID: String) throws(Problem) -> Response {
        let session = try lookupSession(sessionID)
        let idempotencyKey = try Self.idempotencyKey(request)
        let ifMatch = try Self.ifMatch(request)
        var body = try RequestBody(request)
        body.only(["operations"])
        let commands = Self.batchCommands(&body)
        try body.finish()
        let idempotency = idempotencyKey.map { IdempotencyCache.Key(key: $0, request: request) }
        return session.performBatch(commands, ifMatch: ifMatch, idempotency: idempotency) { steps in
            for (command, step) in zip(commands, steps) {
                metrics.recordOperation(Self.operationName(command), performed: step.transcript.performed)
            }
            let revision = steps.last?.summary.revision ?? 0
            return Self.json(200, capacity: 2048 * steps.count + 64, headers: [("ETag", ETag.value(revision))]) { w in
                w.object { w in
                    w.key("results")
                    w.array { w in
                        for step in steps { w.transcript(step.transcript, state: step.summary, headers: session.eventHeaders) }
                    }
                    w.key("revision"); w.int(revision)
                }
            }
        } failure: { index, problem in
            var problem = problem
            problem.detail = "operations[\(index)]: " + problem.detail + " (nothing in the batch was applied)"
            problem.extensions.append(("operation", .int(index)))
            return problem.response
        }
    }

    /// The batch's commands, each read by its endpoint's decoder; problems are recorded in `body`
    /// with the operation's path (`operations[2].identifier`).
    private static func batchCommands(_ body: inout RequestBody) -> [Command] {
        guard let value = body.object["operations"], value != .null else {
            body.reader.fail("operations", "missing")
            return []
        }
        guard let operations = value.arrayValue, !operations.isEmpty, operations.count <= batchLimit else {
            body.reader.fail("operations", "expected an array of 1 to \(batchLimit) operations")
            return []
        }
        var commands: [Command] = []
        for (index, operation) in operations.enumerated() {
            let path = "operations[\(index)]"
            guard let object = operation.objectValue else {
                body.reader.fail(path, "expected an object, found \(operation.typeName)")
                continue
            }
            let kind = object["op"]?.stringValue
            let members = JSONMembers(object.filter { $0.key != "op" }.map { (key: $0.key, value: $0.value) })
            var operationBody = RequestBody(members: members)
            let command: Command?
            switch kind {
            case "segue": command = Command.segue(&operationBody)
            case "unwind": command = Command.unwind(&operationBody)
            case "action": command = Command.action(&operationBody)
            default:
                body.reader.fail("\(path).op", "expected \"segue\", \"unwind\" or \"action\"")
                continue
            }
            for issue in operationBody.reader.issues {
                body.reader.fail(issue.path.isEmpty ? path : "\(path).\(issue.path)", issue.message)
            }
            if let command, operationBody.reader.issues.isEmpty { commands.append(command) }
        }
        return commands
    }
}
