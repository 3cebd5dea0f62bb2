import Storyboard

extension Transaction {
    /// A trait change (spec §5.11): `willTransitionToTraitCollection` to on-screen instances, splits
    /// collapse or expand, presentations re-adapt, then `traitCollectionDidChange`.
    mutating func setTraits(_ traits: Traits) -> Transcript {
        guard traits != state.traits else { return transcript(performed: false, reason: .nothingToChange) }
        let previous = state.traits
        let traitArguments: EventArguments = [
            .init("horizontalSizeClass", .string(traits.horizontalSizeClass.rawValue)),
            .init("idiom", .string(traits.idiom.rawValue)),
        ]
        for id in state.onScreen { emit(id, .willTransitionToTraitCollection, traitArguments) }
        state.traits = traits
        let compact = traits.horizontalSizeClass == .compact
        // Expanding releases what was pushed above a secondary, so re-check each id is still alive.
        for id in state.onScreen where state[id]?.split != nil {
            let collapsed = state[live: id].split!.isCollapsed
            if compact, !collapsed { collapse(id, animated: true) }
            if !compact, collapsed { expand(id, animated: true) }
        }
        readaptPresentations()
        for id in state.onScreen {
            emit(id, .traitCollectionDidChange,
                [.init("previousHorizontalSizeClass", .string(previous.horizontalSizeClass.rawValue))])
        }
        return transcript()
    }

    /// Presentations whose adapted style changes with the traits (popovers, pre-iOS 13 sheets) take
    /// the new style; appearance follows in modal order.
    private mutating func readaptPresentations() {
        let before = state.onScreen
        for id in state.layers.dropFirst() {
            let controller = state[live: id]
            guard let requested = controller.requestedStyle else { continue }
            let style = adaptedStyle(requested, adaptive: controller.adaptiveStyle)
            if requested == .popover, state.traits.horizontalSizeClass == .compact {
                emit(controller.presentationCaller ?? id, .adaptivePresentationStyle,
                    result: .string(style == .popover ? "none" : style.rawValue))
            }
            if style != controller.presentationStyle { state.update(id) { $0.presentationStyle = style } }
        }
        emitAppearance(appearanceChange(from: before), order: .modal, animated: true)
    }
}
