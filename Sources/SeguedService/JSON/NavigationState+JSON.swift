import Navigation
import Storyboard

extension JSONWriter {
    /// The stack (api.md): revision, visible instance, path, and each layer bottom to top.
    mutating func stack(_ state: NavigationState) {
        object { w in
            w.key(.revision); w.int(state.revision)
            w.key(.visible); w.controller(state.visible)
            w.key(.path); w.array { w in for id in state.visiblePath { w.controller(id) } }
            // Only mid-gesture (spec §5.12), so that every other stack reads as before.
            if let transition = state.transition { w.key(.transition); w.interactiveTransition(transition) }
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
        let controller = state[id]!
        object { w in
            w.key(.id); w.controller(id)
            w.key(.scene); w.string(controller.scene.rawValue)
            w.key(.title); w.string(state.storyboard.sceneTable[controller.sceneIndex.position].displayTitle)
            w.key(.class); w.string(controller.className)
            w.key(.kind); w.string(controller.kind.rawValue)
            w.key(.appearance); w.string(controller.appearance.rawValue)
            w.key(.viewLoaded); w.bool(controller.isViewLoaded)
            switch controller.kind {
            case .navigationController:
                w.key(.stack); w.array { w in for child in controller.children { w.controller(child) } }
            case .tabBarController:
                w.key(.selectedIndex); w.int(controller.selectedIndex)
            case .splitViewController:
                if let split = controller.split {
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
            if let presented = controller.presented { w.key(.presented); w.controller(presented) }
            if !controller.properties.isEmpty { w.key(.properties); w.value(.object(controller.properties)) }
            w.key(.children)
            w.array { w in for child in controller.children { w.node(child, in: state) } }
        }
    }
}
