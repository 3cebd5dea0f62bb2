import Storyboard

extension Transaction {
    /// A trait change (spec §5.11): `willTransitionToTraitCollection` to on-screen instances, splits
    /// collapse or expand, presentations re-adapt, then `traitCollectionDidChange`.
    /// With a size (spec §5.12, a rotation or a resized window), `viewWillTransitionToSize` goes to
    /// the on-screen instances top-down (the window root first, each container before its
    /// children) after `willTransitionToTraitCollection` and before the split's collapse or
    /// expansion (docs/behaviour-notes.md §5.12, decided); a size alone changes no traits.
    mutating func setTraits(_ traits: Traits, size: WindowSize? = nil) -> Transcript {
        guard traits != state.traits else {
            guard let size else { return transcript(performed: false, reason: .nothingToChange) }
            transitionToSize(size)
            return transcript()
        }
        let previous = state.traits
        let traitArguments: EventArguments = [
            .init("horizontalSizeClass", .string(traits.horizontalSizeClass.rawValue)),
            .init("idiom", .string(traits.idiom.rawValue)),
        ]
        for id in state.onScreen { emit(id, .willTransitionToTraitCollection, traitArguments) }
        if let size { transitionToSize(size) }
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

    private mutating func transitionToSize(_ size: WindowSize) {
        let arguments: EventArguments = [
            .init("size", .json(.object(["width": .number(Double(size.width)), "height": .number(Double(size.height))])))]
        for id in state.onScreen { emit(id, .viewWillTransitionToSize, arguments) }
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
