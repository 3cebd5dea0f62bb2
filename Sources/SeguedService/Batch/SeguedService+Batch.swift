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
        return session.performBatch(commands, ifMatch: ifMatch, idempotency: idempotency) { steps, before in
            for (command, step) in zip(commands, steps) {
                metrics.recordOperation(Self.operationName(command), performed: step.transcript.performed)
            }
            let revision = steps.last?.summary.revision ?? 0
            var response = Response(status: 200, headers: [("Content-Type", "application/json"), ("ETag", ETag.value(revision))])
            // An answer kept for its Idempotency-Key is written whole (the cache stores its bytes,
            // counted in the session's memory); a long one sent once is written as it is read, when
            // what that keeps costs less than the answer.
            if idempotency == nil,
                let produced = BatchAnswerBody(commands: commands, before: before, steps: steps, headers: session.eventHeaders, memory: memory)
            {
                response.producer = produced
            } else {
                response.body = Self.batchAnswer(steps, headers: session.eventHeaders, revision: revision)
            }
            return response
        } failure: { index, problem in
            var problem = problem
            problem.detail = "operations[\(index)]: " + problem.detail + " (nothing in the batch was applied)"
            problem.extensions.append(("operation", .int(index)))
            return problem.response
        }
    }

    /// The answer to a batch whose operations made `steps`, written whole:
    /// `{"results": [each operation's response], "revision": N}`, as ``BatchAnswerBody`` writes it
    /// in pieces.
    static func batchAnswer(_ steps: [Session.BatchStep], headers: EventHeaders, revision: Int) -> [UInt8] {
        var w = JSONWriter(capacity: 2048 * steps.count + 64)
        w.fragment("{\"results\":[")
        for (index, step) in steps.enumerated() {
            if index > 0 { w.fragment(",") }
            w.afterKey()
            w.transcript(step.transcript, state: step.summary, headers: headers)
        }
        batchAnswerTail(&w, revision: revision)
        return w.bytes
    }

    /// What follows the results: `],"revision":N}`.
    static func batchAnswerTail(_ w: inout JSONWriter, revision: Int) {
        w.fragment("],\"revision\":")
        w.afterKey()
        w.int(revision)
        w.fragment("}")
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
