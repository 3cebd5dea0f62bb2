import Navigation
import Storyboard

extension JSONWriter {
    /// The stack (api.md): revision, visible instance, path, and each layer bottom to top.
    mutating func stack(_ state: NavigationState) {
        object { w in
            w.key(.revision); w.int(state.revision)
            w.key(.visible); w.controller(state.visible)
            w.key(.path); w.array { w in for id in state.visiblePath { w.controller(id) } }
            w.key(.layers)
            w.array { w in
                for layer in state.layers {
                    let root = state[layer]!
                    w.object { w in
                        w.key(.presentation)
                        if let presenting = root.presenting {
                            w.object { w in
                                w.key(.style); w.string(root.presentationStyle?.rawValue)
                                w.key(.requestedStyle); w.string(root.requestedStyle?.rawValue)
                                w.key(.presenting); w.controller(presenting)
                                w.key(.calledBy); w.controller(root.presentationCaller)
                            }
                        } else {
                            w.null()
                        }
                        w.key(.root); w.node(layer, in: state)
                    }
                }
            }
        }
    }

    /// One instance and its contained children, recursively.
    mutating func node(_ id: ControllerID, in state: NavigationState) {
        // Fields are read in place (`state[live:]`): copying the instance retained its strings and
        // arrays, and with two threads writing the same session those shared counters bounced
        // between cores (perf, bench/http (a)).
        object { w in
            w.key(.id); w.controller(id)
            w.key(.scene); w.string(state[live: id].scene.rawValue)
            w.key(.class); w.string(state[live: id].className)
            w.key(.kind); w.string(state[live: id].kind.rawValue)
            w.key(.appearance); w.string(state[live: id].appearance.rawValue)
            w.key(.viewLoaded); w.bool(state[live: id].isViewLoaded)
            switch state[live: id].kind {
            case .navigationController:
                w.key(.stack); w.array { w in for child in state[live: id].children { w.controller(child) } }
            case .tabBarController:
                w.key(.selectedIndex); w.int(state[live: id].selectedIndex)
            case .splitViewController:
                if let split = state[live: id].split {
                    w.key(.collapsed); w.bool(split.isCollapsed)
                    w.key(.columns)
                    w.object { w in
                        w.key(.primary); w.controller(split.primary)
                        w.key(.supplementary); w.controller(split.supplementary)
                        w.key(.secondary); w.controller(split.secondary)
                        w.key(.compact); w.controller(split.compact)
                    }
                }
            default:
                break
            }
            if let presented = state[live: id].presented { w.key(.presented); w.controller(presented) }
            if !state[live: id].properties.isEmpty { w.key(.properties); w.value(.object(state[live: id].properties)) }
            w.key(.children)
            w.array { w in for child in state[live: id].children { w.node(child, in: state) } }
        }
    }
}
