import Flows
import Navigation

/// The messages of `GET …/events/stream` (WHATWG Server-Sent Events; CONTRACTS.md §2), written as
/// the bytes sent: `event:` names the kind, `id:` a callback's sequence number (what a client sends
/// back as `Last-Event-ID`), `data:` one line of JSON (the writer escapes every line break).
enum EventStreamMessages {
    /// One `callback` message per event: the same JSON as an event in an operation's response.
    static func callbacks(_ events: ArraySlice<LifecycleEvent>, headers: EventHeaders, into w: inout JSONWriter) {
        for index in events.indices {
            w.fragment("event: callback\nid: ")
            w.digits(events[index].sequence)
            w.fragment("\ndata: ")
            w.event(events, at: index, headers: headers)
            end(&w)
        }
    }

    /// An operation's `callback` messages, then its `operation` message with the whole stack.
    static func operation(
        _ name: OperationRecord.Name, _ transcript: Transcript, state: NavigationState, headers: EventHeaders, command: Command?
    ) -> [UInt8] {
        var w = JSONWriter(capacity: 4096 + 256 * transcript.events.count)
        callbacks(transcript.events[...], headers: headers, into: &w)
        operationMessage(
            name, revision: state.revision, performed: transcript.performed, reason: transcript.reason,
            segue: transcript.segue, destination: transcript.destination, search: transcript.search,
            firstSequence: transcript.events.first?.sequence, lastSequence: transcript.events.last?.sequence,
            command: command, tap: transcript.tap, stack: state, into: &w)
        return w.bytes
    }

    /// The `operation` message of an operation the log remembers (``OperationRecord``): as it was
    /// sent live, but `stack` is null, the stack it left being gone (`state` follows the backlog).
    static func replayedOperation(_ record: OperationRecord, into w: inout JSONWriter) {
        operationMessage(
            record.name, revision: record.revision, performed: record.performed, reason: record.reason,
            segue: record.segue, destination: record.destination, search: record.search,
            firstSequence: record.firstSequence, lastSequence: record.lastSequence, command: record.command, tap: record.tap,
            stack: nil, into: &w)
    }

    private static func operationMessage(
        _ name: OperationRecord.Name, revision: Int, performed: Bool, reason: Transcript.Reason?, segue: SegueDescription?,
        destination: ControllerID?, search: [SearchStep], firstSequence: Int?, lastSequence: Int?, command: Command?,
        tap: Transcript.Tap?, stack: NavigationState?, into w: inout JSONWriter
    ) {
        w.fragment("event: operation\ndata: ")
        w.object { w in
            w.key("revision"); w.int(revision)
            w.key("performed"); w.bool(performed)
            w.key("reason"); w.string(reason?.rawValue)
            w.key("operation"); w.string(name.rawValue)
            // The command as a flow step line (docs/flows.md): what the operation was, for a header.
            w.key("step"); w.string(command.map(FlowCommandWriter.line))
            // A tap's control and the action method's `path:line`, for the header.
            if let tap { w.key("tap"); w.tap(tap) }
            w.key("segue")
            if let segue { w.segue(segue) } else { w.null() }
            w.key("destination"); w.controller(destination)
            w.key("search"); w.searchSteps(search)
            w.key("firstSeq"); w.int(firstSequence)
            w.key("lastSeq"); w.int(lastSequence)
            w.key("stack")
            if let stack { w.stack(stack) } else { w.null() }
        }
        end(&w)
    }

    /// One piece of what a (re)connecting client gets, from `after` (the last sequence it has):
    /// `dropped` when events after it are no longer in the log, the backlog's `callback`s, each
    /// operation's `operation` message after its last callback (for the operations the log
    /// remembers, ``OperationRecord``), then `state` once the log's end is reached (`done`). A
    /// piece stops after the event that takes it past `budget` bytes; `next` is where the next one
    /// starts (EventBacklog writes the backlog as the client reads it, a piece at a time).
    static func backlogPiece(
        after: Int, log: EventLog, state: NavigationState, headers: EventHeaders, budget: Int
    ) -> (bytes: [UInt8], next: Int, done: Bool) {
        let last = state.nextEventSequence - 1
        let firstAvailable = log.firstSequence ?? last + 1
        var w = JSONWriter(capacity: min(budget, 64 << 10) + 1024)
        var cursor = after
        if after < firstAvailable - 1 {
            w.fragment("event: dropped\ndata: ")
            w.object { w in
                w.key("after"); w.int(after)
                w.key("firstAvailable"); w.int(firstAvailable)
                let range = after + 1 == firstAvailable - 1 ? "event \(after + 1) is" : "events \(after + 1)–\(firstAvailable - 1) are"
                w.key("detail"); w.string("\(range) no longer in the bounded log")
            }
            end(&w)
            cursor = firstAvailable - 1
        }
        var exhausted = cursor >= last
        writing: while !exhausted, w.byteCount < budget {
            // A few events at a time: a piece usually ends long before the log does.
            let events = log.events(after: cursor, limit: 16)
            if events.isEmpty { exhausted = true }
            for index in events.indices {
                callbacks(events[index...index], headers: headers, into: &w)
                for operation in log.operations(endingAfter: cursor, through: events[index].sequence) {
                    replayedOperation(operation, into: &w)
                }
                cursor = events[index].sequence
                if cursor >= last { exhausted = true }
                if w.byteCount >= budget { break writing }
            }
        }
        if exhausted {
            w.fragment("event: state\ndata: ")
            w.object { w in
                w.key("revision"); w.int(state.revision)
                w.key("lastSeq"); w.int(last)
                w.key("stack"); w.stack(state)
            }
            end(&w)
        }
        return (w.bytes, cursor, exhausted)
    }

    /// Why a stream ends: the session was deleted, expired, or the server shuts down.
    enum EndReason: String, Sendable {
        case deleted, expired, shutdown
    }

    static func end(_ reason: EndReason) -> [UInt8] {
        Array("event: end\ndata: {\"reason\":\"\(reason.rawValue)\"}\n\n".utf8)
    }

    /// Closes a message; the next JSON value starts a new document, without a comma.
    private static func end(_ w: inout JSONWriter) {
        w.fragment("\n\n")
        w.afterKey()
    }
}

extension JSONWriter {
    mutating func int(_ value: Int?) {
        if let value { int(value) } else { null() }
    }
}
