import Navigation
import Storyboard

extension JSONWriter {
    mutating func segue(_ segue: SegueDescription) {
        self.segue(segue) { w in
            w.key(.identifier); w.string(segue.identifier?.rawValue)
            w.key(.id); w.string(segue.id)
            w.key(.kind); w.string(segue.kind.rawValue)
            w.key(.source); w.controller(segue.source)
            w.key(.destination); w.controller(segue.destination)
        }
    }

    mutating func eventValue(_ value: EventValue) {
        switch value {
        case .null: null()
        case .bool(let bool): self.bool(bool)
        case .int(let int): self.int(int)
        case .string(let string): self.string(string)
        case .controller(let id): controller(id)
        case .controllers(let ids): array { w in for id in ids { w.controller(id) } }
        case .segue(let description): segue(description)
        case .json(let json): self.value(json)
        }
    }

    /// `{"seq", "vc", "scene", "class", "method", "args", "result"?}` (api.md).
    ///
    /// Written from pre-built fragments (``EventHeaders``): the scene's and method's parts, and for
    /// the common argument shapes the whole arguments object with the event's closing brace.
    ///
    /// Takes the array and an index, and reads the fields in place: handed `events[index]`, every
    /// event was copied and destroyed around the call (2,600 instructions a segue's answer).
    mutating func event<Events: RandomAccessCollection<LifecycleEvent>>(_ events: Events, at index: Events.Index, headers: EventHeaders) {
        beginValue()
        fragment(EventHeaders.open)
        digits(events[index].sequence)
        fragment(EventHeaders.vc)
        digits(events[index].controller.rawValue)
        fragment(headers.scenes, events[index].sceneIndex.position)
        fragment(EventHeaders.methods, Int(events[index].method.code))
        if events[index].hasResult || !inlineArgumentsAndClose(events[index].arguments) {
            afterKey()
            arguments(events[index].arguments)
            if let result = events[index].result {
                key(.result); eventValue(result)
            }
            fragment(EventHeaders.close)
        }
        finishValue()
    }

    /// The inline argument shapes followed by the event's closing brace; `false` (and nothing
    /// written) for a list.
    private mutating func inlineArgumentsAndClose(_ arguments: EventArguments) -> Bool {
        switch arguments {
        case .none:
            fragment(EventHeaders.noArguments)
        case .animated(let animated):
            fragment(animated ? EventHeaders.animatedTrue : EventHeaders.animatedFalse)
        case .parent(nil):
            fragment(EventHeaders.parentNull)
        case .parent(let parent?):
            fragment(EventHeaders.parent)
            digits(parent.rawValue)
            fragment(EventHeaders.closeString)
        case .viewController(let id, let animated):
            fragment(EventHeaders.viewController)
            digits(id.rawValue)
            fragment(animated ? EventHeaders.andAnimatedTrue : EventHeaders.andAnimatedFalse)
        case .list:
            return false
        }
        return true
    }

    /// An event's `args` object; the inline shapes use literal names.
    mutating func arguments(_ arguments: EventArguments) {
        object { w in
            switch arguments {
            case .none: break
            case .animated(let animated):
                w.key(.animated); w.bool(animated)
            case .parent(let parent):
                w.key(.parent); w.controller(parent)
            case .viewController(let id, let animated):
                w.key(.viewController); w.controller(id)
                w.key(.animated); w.bool(animated)
            case .list(let elements):
                for element in elements {
                    w.key(identifier: element.name)
                    w.eventValue(element.value)
                }
            }
        }
    }

    /// Events of a session, whose storyboard's `headers` name their scenes and classes.
    mutating func events(_ events: [LifecycleEvent], headers: EventHeaders) {
        array { w in for index in events.indices { w.event(events, at: index, headers: headers) } }
    }

    /// An operation's response (api.md "Shapes").
    mutating func transcript(_ transcript: Transcript, state: StackSummary, headers: EventHeaders) {
        object { w in
            w.key(.performed); w.bool(transcript.performed)
            w.key(.reason); w.string(transcript.reason?.rawValue)
            if let detail = transcript.reasonDetail { w.key(.reasonDetail); w.string(detail) }
            w.key(.segue)
            if let segue = transcript.segue { w.segue(segue) } else { w.null() }
            if case .unwind? = transcript.segue?.kind, let destination = transcript.destination {
                w.key(.destination); w.controller(destination)
            } else if transcript.reason == .noUnwindDestination {
                w.key(.destination); w.null()
            }
            w.key(.events); w.events(transcript.events, headers: headers)
            w.key(.search)
            w.array { w in
                for step in transcript.search {
                    w.object { w in
                        w.key(.vc); w.controller(step.controller)
                        w.key(.method); w.string(step.method.rawValue)
                        w.key(.result); w.eventValue(step.result)
                    }
                }
            }
            w.key(.stack); w.stackSummary(state)
            w.key(.revision); w.int(state.revision)
        }
    }

    /// `{"revision", "visible", "path"}`.
    mutating func stackSummary(_ summary: StackSummary) {
        object { w in
            w.key(.revision); w.int(summary.revision)
            w.key(.visible); w.controller(summary.path.last)
            w.key(.path); w.array { w in for id in summary.path { w.controller(id) } }
        }
    }
}
