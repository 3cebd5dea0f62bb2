import HTTPServer
import Store
import Synchronization

/// The answers of `POST /v1/sessions` that carried an `Idempotency-Key` (issue 53, item 7): a
/// retried create answers the first session rather than making a second; the same key with
/// another request is 422 `idempotency-key-reused`, as on every other write. A session's own
/// writes keep their keys in the session (``IdempotencyCache``); a create has no session yet, so
/// the node keeps these: in memory, the latest ``capacity`` keys and ``byteBudget`` bytes of answers
/// (counted in the memory budget), not across a restart, and per node (in a cluster a retry can
/// reach another node). Only a 201 is kept: a refusal changed nothing, and its retry tries again.
final class SessionCreations: Sendable {
    static let capacity = 4096
    static let byteBudget = 1 << 20

    /// Set while a keyed create runs: the commit its session's first rows wait for
    /// (``SeguedService/storeNew(_:)``), for a retry to wait for it as well.
    final class Receipt: Sendable {
        let ticket = Mutex<CommitTicket?>(nil)
        @TaskLocal static var current: Receipt?
    }

    let answers = Mutex(IdempotencyCache(capacity: SessionCreations.capacity, byteBudget: SessionCreations.byteBudget))
}

extension SeguedService {
    /// `POST /v1/sessions`, once per `Idempotency-Key`. The key's lookup, the create and the keeping
    /// of its answer hold one lock, so that two retries arriving together make one session.
    func createSessionOnce(_ request: Request) throws(Problem) -> Response {
        guard let text = try Self.idempotencyKey(request) else { return try createSession(request, id: nil) }
        let key = IdempotencyCache.Key(key: text, request: request)
        return try creations.answers.withLock { (answers: inout IdempotencyCache) throws(Problem) -> Response in
            switch answers.lookup(key) {
            case .hit(let response, let ticket): return acknowledgingCreate(response, after: ticket, key)
            case .reused: throw .idempotencyKeyReused(text)
            case .miss: break
            }
            let receipt = SessionCreations.Receipt()
            let created = SessionCreations.Receipt.$current.withValue(receipt) { () -> Result<Response, Problem> in
                do throws(Problem) { return .success(try createSession(request, id: nil)) } catch { return .failure(error) }
            }
            var response = try created.get()
            guard response.status == 201 else { return response }
            let ticket = receipt.ticket.withLock { $0 }
            response.gate = nil
            let before = answers.bytes
            answers.store(response, for: key, ticket: ticket)
            memory.adjust(by: answers.bytes - before)
            return acknowledgingCreate(response, after: ticket, key)
        }
    }

    /// `response` once `ticket` has committed; a commit that failed makes the key's answer the
    /// problem it was answered with (the session made, not stored), as for other keyed writes.
    private func acknowledgingCreate(_ response: Response, after ticket: CommitTicket?, _ key: IdempotencyCache.Key) -> Response {
        guard let ticket, let persistence else { return response }
        return persistence.acknowledging(response, after: ticket) { [creations, memory] problem in
            creations.answers.withLock { answers in
                let before = answers.bytes
                answers.replace(key, with: problem)
                memory.adjust(by: answers.bytes - before)
            }
        }
    }
}
