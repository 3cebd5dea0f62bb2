import Navigation
import Storyboard

extension JSONWriter {
    mutating func segue(_ segue: SegueDescription) {
        object { w in
            w.key("identifier"); w.string(segue.identifier?.rawValue)
            w.key("kind"); w.string(segue.kind.rawValue)
            w.key("source"); w.controller(segue.source)
            w.key("destination"); w.controller(segue.destination)
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
    mutating func event(_ event: LifecycleEvent) {
        object { w in
            w.key("seq"); w.int(event.sequence)
            w.key("vc"); w.controller(event.controller)
            w.key("scene"); w.string(event.scene.rawValue)
            w.key("class"); w.string(event.className)
            w.key("method"); w.string(event.method.rawValue)
            w.key("args")
            w.object { w in
                event.arguments.forEach { name, value in
                    w.key(name)
                    w.eventValue(value)
                }
            }
            if let result = event.result {
                w.key("result"); w.eventValue(result)
            }
        }
    }

    mutating func events(_ events: [LifecycleEvent]) {
        array { w in for event in events { w.event(event) } }
    }

    /// An operation's response (api.md "Shapes").
    mutating func transcript(_ transcript: Transcript, state: NavigationState) {
        object { w in
            w.key("performed"); w.bool(transcript.performed)
            w.key("reason"); w.string(transcript.reason?.rawValue)
            if let detail = transcript.reasonDetail { w.key("reasonDetail"); w.string(detail) }
            w.key("segue")
            if let segue = transcript.segue { w.segue(segue) } else { w.null() }
            if case .unwind? = transcript.segue?.kind, let destination = transcript.destination {
                w.key("destination"); w.controller(destination)
            } else if transcript.reason == .noUnwindDestination {
                w.key("destination"); w.null()
            }
            w.key("events"); w.events(transcript.events)
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
            w.key("stack"); w.stackSummary(state)
            w.key("revision"); w.int(state.revision)
        }
    }

    /// `{"revision", "visible", "path"}`.
    mutating func stackSummary(_ state: NavigationState) {
        object { w in
            w.key("revision"); w.int(state.revision)
            w.key("visible"); w.controller(state.visible)
            w.key("path"); w.array { w in for id in state.visiblePath { w.controller(id) } }
        }
    }
}
