import Storyboard

extension Transaction {
    /// Launch (spec §5.1): the initial scene and its relationships are created and installed, splits
    /// collapse in compact width, then the window shows the root: loads, then will/did appear, top-down.
    mutating func launch(_ sceneID: SceneID) -> Transcript {
        let root = instantiate(sceneID)
        if state.traits.horizontalSizeClass == .compact {
            for id in state.subtree(of: root) where state[live: id].split != nil {
                collapse(id, animated: false)
            }
        }
        state.windowRoot = root
        emitAppearance(appearanceChange(from: []), order: .modal, animated: false)
        return transcript()
    }

    /// The session ends: every instance is released, presented ones first (spec §4.4).
    mutating func end() -> Transcript {
        state.transition = nil
        if let root = state.windowRoot {
            let released = state.releaseOrder(of: root)
            state.windowRoot = nil
            release(released)
        }
        state.isEnded = true
        return transcript()
    }
}
