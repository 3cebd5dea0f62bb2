import HTTPServer
import Navigation
import Store
import Synchronization

extension Session {
    /// One operation of a batch that was performed: its transcript and the state after it.
    struct BatchStep: Sendable {
        var transcript: Transcript
        var summary: StackSummary
    }

    /// Applies `commands` in order, all or none, under the session's lock: they run on a copy of the
    /// state, which replaces the session's only when every one succeeded, so that no other request
    /// sees (or interleaves with) a batch half done. `If-Match` is checked once, before the first;
    /// each command meets the session's limits against the state the previous ones left.
    ///
    /// The response is written under the lock (`respond` on success, with the steps and the state
    /// the batch started from; `failure` with the index of the operation that failed and its problem), so that an `Idempotency-Key` stores it before a retry
    /// can look for it.
    func performBatch(
        _ commands: [Command], ifMatch: String?, idempotency: IdempotencyCache.Key?,
        respond: ([BatchStep], NavigationState) -> Response, failure: (Int, Problem) -> Response
    ) -> Response {
        var staged: CommitTicket?
        let answered = state.withLock { state in
            state.lastUsed = .now
            if let idempotency {
                switch state.idempotency.lookup(idempotency) {
                case .hit(let response, let ticket):
                    staged = ticket
                    return response
                case .reused: return Problem.idempotencyKeyReused(idempotency.key).response
                case .miss: break
                }
            }
            if let refusal = moveRefusal(nil, state) { return refusal.response }
            if let persistence, let refusal = persistence.refusal { return refusal.response }
            state.loadAhead()
            var appended: [AppendedOperation] = []
            let response = runBatch(commands, ifMatch: ifMatch, on: &state, appended: &appended, respond: respond, failure: failure)
            // A batch changes the state all at once or not at all: stored when it did.
            if let persistence, !state.isRetired, !appended.isEmpty { staged = persistence.stage(self, &state, appended) }
            if let idempotency {
                if let persistence, !state.isRetired { staged = persistence.stageAnswer(self, &state, idempotency, response) }
                state.idempotency.store(response, for: idempotency, ticket: staged)
            }
            // The batch's growth (instances, log, data, the stored response) in the memory budget.
            account(&state)
            return response
        }
        guard let staged, let persistence else { return answered }
        return persistence.acknowledging(answered, after: staged, failed: idempotency.map(forgetAnswer))
    }

    private func runBatch(
        _ commands: [Command], ifMatch: String?, on state: inout State, appended: inout [AppendedOperation],
        respond: ([BatchStep], NavigationState) -> Response, failure: (Int, Problem) -> Response
    ) -> Response {
        if let ifMatch, !ETag.matches(ifMatch, revision: state.navigation.revision) {
            return Problem.revisionConflict(expected: ifMatch, current: state.navigation.revision).response
        }
        let before = state.navigation
        var navigation = before
        var steps: [BatchStep] = []
        // The state after each operation, for the event streams' `operation` messages: kept only
        // when a stream listens (copies share their buffers until the next operation changes them).
        let publishing = feed.hasSubscribers
        var states: [NavigationState] = []
        for (index, command) in commands.enumerated() {
            if let refusal = limitRefusal(command, navigation) { return failure(index, refusal) }
            do throws(NavigationError) {
                let transcript = try Navigator.apply(command, to: &navigation)
                steps.append(BatchStep(transcript: transcript, summary: StackSummary(navigation)))
                if publishing { states.append(navigation) }
            } catch {
                return failure(index, error.problem)
            }
        }
        state.navigation = navigation
        for (command, step) in zip(commands, steps) {
            state.noteEvents(of: step.transcript)
            state.walk.append(command, byteCapacity: limits.walkBytes, revision: step.summary.revision)
            let record = OperationRecord(Self.operationName(command), step.transcript, revision: step.summary.revision, command: command)
            state.log.append(contentsOf: step.transcript.events, operation: record)
            if persistence != nil { appended.append(AppendedOperation(record: record, events: step.transcript.events)) }
        }
        state.stackDocument = nil
        for (command, (step, after)) in zip(commands, zip(steps, states)) {
            publish(Self.operationName(command), step.transcript, after, command: command)
        }
        return respond(steps, before)
    }
}
