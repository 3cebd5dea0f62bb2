import Navigation
import Storyboard

extension JSONWriter {
    mutating func segue(_ segue: SegueDescription) {
        self.segue(segue) { w, segue in
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
    /// Written from pre-built fragments (``EventHeaders``): the scene's and method's parts, and the
    /// argument objects' literal parts.
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
        fragment(headers.methodParts, Int(events[index].method.code))
        afterKey()
        arguments(of: events, at: index)
        if events[index].hasResult, let result = events[index].result {
            key(.result); eventValue(result)
        }
        fragment(EventHeaders.close)
        finishValue()
    }

    /// An event's `args` object. Every shape but a list is written from literals around its
    /// values: through names and `EventValue`s, the segue and unwind callbacks' arguments took
    /// a third of an unwind's answer.
    ///
    /// Switches on the event's arguments in place: handed them as a value, every event's arguments
    /// were copied and destroyed around the call (about 500 instructions a segue and unwind). The
    /// payloads a case binds are still retained while they are written.
    mutating func arguments<Events: RandomAccessCollection<LifecycleEvent>>(of events: Events, at index: Events.Index) {
        beginValue()
        switch events[index].arguments {
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
        case .instance(let name, let id):
            switch name {
            case .source: fragment(EventHeaders.source)
            case .towards: fragment(EventHeaders.towards)
            case .viewController: fragment(EventHeaders.viewController)
            }
            digits(id.rawValue)
            fragment(EventHeaders.closeString)
        case .actionFrom(let action, let from):
            fragment(EventHeaders.action); afterKey(); string(action)
            fragment(EventHeaders.andFrom)
            digits(from.rawValue)
            fragment(EventHeaders.closeString)
        case .segue(let segue):
            fragment(EventHeaders.segue); afterKey(); self.segue(segue)
            fragment(EventHeaders.close)
        case .segueSender(let segue, let sender):
            fragment(EventHeaders.segue); afterKey(); self.segue(segue)
            fragment(EventHeaders.andSender); afterKey(); eventValue(sender)
            fragment(EventHeaders.close)
        case .actionSegue(let action, let segue):
            fragment(EventHeaders.action); afterKey(); string(action)
            fragment(EventHeaders.andSegue); afterKey(); self.segue(segue)
            fragment(EventHeaders.close)
        case .identifierSender(let identifier, let sender):
            fragment(EventHeaders.identifier); afterKey(); eventValue(identifier)
            fragment(EventHeaders.andSender); afterKey(); eventValue(sender)
            fragment(EventHeaders.close)
        case .list(let elements):
            fragment(EventHeaders.openObject)
            afterKey()
            for element in elements {
                key(identifier: element.name)
                eventValue(element.value)
            }
            fragment(EventHeaders.close)
        }
        finishValue()
    }

    /// An unwind's `search` (api.md), read in place, each method's name from a table of quoted
    /// names: `method.rawValue` through the string writer scanned every name for escapes.
    /// The table is read once, not once a step (a `swift_once` check each).
    mutating func searchSteps(_ steps: [SearchStep]) {
        let quotedMethods = EventHeaders.quotedMethods
        array { w in
            for index in steps.indices {
                w.object { w in
                    w.key(.vc); w.controller(steps[index].controller)
                    w.key(.method); w.beginValue(); w.fragment(quotedMethods, Int(steps[index].method.code)); w.finishValue()
                    w.key(.result); w.eventValue(steps[index].result)
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
            if let tap = transcript.tap { w.key("tap"); w.tap(tap) }
            w.key(.segue)
            if let segue = transcript.segue { w.segue(segue) } else { w.null() }
            if case .unwind? = transcript.segue?.kind, let destination = transcript.destination {
                w.key(.destination); w.controller(destination)
            } else if transcript.reason == .noUnwindDestination {
                w.key(.destination); w.null()
            }
            w.key(.events); w.events(transcript.events, headers: headers)
            w.key(.search); w.searchSteps(transcript.search)
            w.key(.stack); w.stackSummary(state)
            w.key(.revision); w.int(state.revision)
        }
    }

    /// A tap's `{"control", "selector", "source", "when"}`: what the page names the operation by
    /// ("tap Cancel — EditViewController.swift:42").
    mutating func tap(_ tap: Transcript.Tap) {
        object { w in
            w.key("control"); w.string(tap.control)
            w.key("selector"); w.string(tap.selector)
            w.key("source"); w.string(tap.source)
            w.key("when"); w.string(tap.when)
        }
    }

    /// `{"revision", "visible", "path"}`.
    mutating func stackSummary(_ summary: StackSummary) {
        object { w in
            w.key(.revision); w.int(summary.revision)
            w.key(.visible); w.controller(summary.path.last)
            w.key(.path); w.array { w in for id in summary.path { w.controller(id) } }
            // Only mid-gesture, so that every other answer reads as before.
            if let transition = summary.transition { w.key(.transition); w.interactiveTransition(transition) }
        }
    }
}
