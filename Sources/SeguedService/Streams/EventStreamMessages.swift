import Navigation

/// The messages of `GET …/events/stream` (WHATWG Server-Sent Events; CONTRACTS.md §2), written as
/// the bytes sent: `event:` names the kind, `id:` a callback's sequence number (what a client sends
/// back as `Last-Event-ID`), `data:` one line of JSON (the writer escapes every line break).
enum EventStreamMessages {
    /// One `callback` message per event: the same JSON as an event in an operation's response.
    static func callbacks(_ events: [LifecycleEvent], headers: EventHeaders, into w: inout JSONWriter) {
        for index in events.indices {
            w.fragment("event: callback\nid: ")
            w.digits(events[index].sequence)
            w.fragment("\ndata: ")
            w.event(events[index], headers: headers)
            end(&w)
        }
    }

    /// An operation's `callback` messages, then its `operation` message with the whole stack.
    static func operation(
        _ name: String, _ transcript: Transcript, state: NavigationState, headers: EventHeaders
    ) -> [UInt8] {
        var w = JSONWriter(capacity: 4096 + 256 * transcript.events.count)
        callbacks(transcript.events, headers: headers, into: &w)
        w.fragment("event: operation\ndata: ")
        w.object { w in
            w.key("revision"); w.int(state.revision)
            w.key("performed"); w.bool(transcript.performed)
            w.key("reason"); w.string(transcript.reason?.rawValue)
            w.key("operation"); w.string(name)
            w.key("segue")
            if let segue = transcript.segue { w.segue(segue) } else { w.null() }
            w.key("destination"); w.controller(transcript.destination)
            w.key("search")
            w.array { w in
                for step in transcript.search {
                    w.object { w in
                        w.key("vc"); w.controller(step.controller)
                        w.key("method"); w.string(step.method.rawValue)
                        w.key("result"); w.eventValue(step.result)
                    }
                }
            }
            w.key("firstSeq"); w.int(transcript.events.first?.sequence)
            w.key("lastSeq"); w.int(transcript.events.last?.sequence)
            w.key("stack"); w.stack(state)
        }
        end(&w)
        return w.bytes
    }

    /// What a (re)connecting client gets: `dropped` when the start it asked for is gone, the
    /// backlog's `callback`s, then `state`.
    static func opening(
        after: Int, firstAvailable: Int, backlog: [LifecycleEvent], state: NavigationState, headers: EventHeaders
    ) -> [UInt8] {
        var w = JSONWriter(capacity: 4096 + 256 * backlog.count)
        if after < firstAvailable - 1 {
            w.fragment("event: dropped\ndata: ")
            w.object { w in
                w.key("after"); w.int(after)
                w.key("firstAvailable"); w.int(firstAvailable)
                let range = after + 1 == firstAvailable - 1 ? "event \(after + 1) is" : "events \(after + 1)–\(firstAvailable - 1) are"
                w.key("detail"); w.string("\(range) no longer in the bounded log")
            }
            end(&w)
        }
        callbacks(backlog, headers: headers, into: &w)
        w.fragment("event: state\ndata: ")
        w.object { w in
            w.key("revision"); w.int(state.revision)
            w.key("lastSeq"); w.int(state.nextEventSequence - 1)
            w.key("stack"); w.stack(state)
        }
        end(&w)
        return w.bytes
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
