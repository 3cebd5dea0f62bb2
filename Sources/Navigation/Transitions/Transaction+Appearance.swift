import Storyboard

/// The instances a transition takes off and puts on screen, each list top-down (spec §4.1).
struct AppearanceChange {
    var disappearing: [ControllerID]
    var appearing: [ControllerID]
}

/// A navigation controller showing `top`, for its delegate calls (spec §7).
struct NavigationShow {
    var navigation: ControllerID
    var top: ControllerID
}

/// How the will/did steps of a transition interleave; each is logged on a device (spec §5).
enum AppearanceOrder {
    /// Push and pop (§5.3): out will, in will, out did, in did.
    case navigation
    /// Present and dismiss (§5.5): out will, in will, in did, out did.
    case modal
    /// Tab selection (§5.9): in will, out will, out did, in did.
    case tab
}

extension Transaction {
    /// Loads the views of instances that come on screen and works out who appears and disappears,
    /// comparing `before` (the on-screen list before the structural change) with the state now.
    /// On-screen lists mostly hold a handful of instances, so linear `contains` beats building sets.
    mutating func appearanceChange(from before: [ControllerID]) -> AppearanceChange {
        var after = state.onScreen
        let createdBefore = state.createdCount
        // Views load in on-screen order as instances enter (spec §4.3).
        // Long lists (sheets leave every layer on screen) are compared through sets: searching one
        // list for each entry of the other made every present O(N²) in the depth of the chain.
        let beforeSet = before.count * after.count > Self.linearComparisonLimit ? Set(before) : nil
        func wasOnScreen(_ id: ControllerID) -> Bool { beforeSet?.contains(id) ?? before.contains(id) }
        for id in after where !wasOnScreen(id) && !state[live: id].isViewLoaded { loadView(id) }
        // A view that loaded may have embedded new children on screen; only then is the on-screen
        // list taken again (walking the tree twice per transition was measurable), and the views
        // of those children's own children (an embedded navigation controller's top) load too.
        if state.createdCount != createdBefore {
            after = state.onScreen
            loadEmbeddedViews(in: &after, where: { !wasOnScreen($0) }, retake: { $0.onScreen })
        }
        let afterSet = before.count * after.count > Self.linearComparisonLimit ? Set(after) : nil
        let disappearing = before.filter { !(afterSet?.contains($0) ?? after.contains($0)) }
        // `after` becomes the appearing list in place: one array fewer per transition.
        after.removeAll { wasOnScreen($0) }
        return AppearanceChange(disappearing: disappearing, appearing: after)
    }

    /// After a pass that loaded views and created embedded children: loads the views in `list`
    /// (taken again after the pass) still unloaded, again while loading creates more. An embed
    /// segue loads its destination as the source's view loads, but a container it embeds (a
    /// navigation controller) shows children of its own, whose views load before they appear:
    /// UIKit never sends `viewWillAppear` to a controller whose view is not loaded.
    mutating func loadEmbeddedViews(in list: inout [ControllerID], where comesOnScreen: (ControllerID) -> Bool, retake: (NavigationState) -> [ControllerID]) {
        while true {
            let createdBefore = state.createdCount
            for id in list where comesOnScreen(id) && !state[live: id].isViewLoaded { loadView(id) }
            guard state.createdCount != createdBefore else { return }
            list = retake(state)
        }
    }

    /// Lists whose sizes multiply to more than this are compared through a set.
    static var linearComparisonLimit: Int { 256 }

    /// Emits the will- and did-steps of `change` in `order` (and `viewIsAppearing` where the profile
    /// has it). `shows` are the navigation controllers whose top changes in this transition: their
    /// `navigationControllerWillShow` comes after the `viewWillAppear` step; a navigation controller
    /// appearing for the first time reports `willShow` and `didShow` there and `didShow` again after
    /// the `viewDidAppear` step (docs/behaviour-notes.md §7, iOS 5 log and openradars 29912893,
    /// 44966342).
    mutating func emitAppearance(
        _ change: AppearanceChange, order: AppearanceOrder, animated: Bool, shows: [NavigationShow] = []
    ) {
        let firstShown = change.appearing.compactMap { id -> NavigationShow? in
            let controller = state[live: id]
            guard controller.isNavigationController, !controller.hasAppeared, let top = controller.children.last else { return nil }
            return NavigationShow(navigation: id, top: top)
        }
        switch order {
        case .navigation, .modal:
            willDisappear(change.disappearing, animated)
            willAppear(change.appearing, animated, firstShown: firstShown, shows: shows)
        case .tab:
            willAppear(change.appearing, animated, firstShown: firstShown, shows: shows)
            willDisappear(change.disappearing, animated)
        }
        switch order {
        case .navigation, .tab:
            didDisappear(change.disappearing, animated)
            didAppear(change.appearing, animated, firstShown: firstShown)
        case .modal:
            didAppear(change.appearing, animated, firstShown: firstShown)
            didDisappear(change.disappearing, animated)
        }
    }

    /// The will-half of ``emitAppearance(_:order:animated:shows:)``: what an interactive transition
    /// reports when the gesture begins (spec §5.12).
    mutating func emitWillSteps(_ change: AppearanceChange, order: AppearanceOrder, animated: Bool, shows: [NavigationShow] = []) {
        let firstShown = firstShownNavigations(change.appearing)
        if order == .tab {
            willAppear(change.appearing, animated, firstShown: firstShown, shows: shows)
            willDisappear(change.disappearing, animated)
        } else {
            willDisappear(change.disappearing, animated)
            willAppear(change.appearing, animated, firstShown: firstShown, shows: shows)
        }
    }

    /// The did-half of ``emitAppearance(_:order:animated:shows:)``: what an interactive transition
    /// reports when it finishes or is cancelled.
    mutating func emitDidSteps(_ change: AppearanceChange, order: AppearanceOrder, animated: Bool) {
        let firstShown = firstShownNavigations(change.appearing)
        if order == .modal {
            didAppear(change.appearing, animated, firstShown: firstShown)
            didDisappear(change.disappearing, animated)
        } else {
            didDisappear(change.disappearing, animated)
            didAppear(change.appearing, animated, firstShown: firstShown)
        }
    }

    private func firstShownNavigations(_ appearing: [ControllerID]) -> [NavigationShow] {
        appearing.compactMap { id -> NavigationShow? in
            let controller = state[live: id]
            guard controller.isNavigationController, !controller.hasAppeared, let top = controller.children.last else { return nil }
            return NavigationShow(navigation: id, top: top)
        }
    }

    private mutating func willAppear(_ ids: [ControllerID], _ animated: Bool, firstShown: [NavigationShow], shows: [NavigationShow]) {
        step(ids, .viewWillAppear, leaving: .appearing, animated)
        for show in firstShown {
            emit(show.navigation, .navigationControllerWillShow, .viewController(show.top, animated: animated))
            emit(show.navigation, .navigationControllerDidShow, .viewController(show.top, animated: animated))
        }
        for show in shows {
            emit(show.navigation, .navigationControllerWillShow, .viewController(show.top, animated: animated))
        }
        if profile.reportsViewIsAppearing {
            for id in ids { emit(id, .viewIsAppearing, .animated(animated)) }
        }
    }

    private mutating func didAppear(_ ids: [ControllerID], _ animated: Bool, firstShown: [NavigationShow]) {
        step(ids, .viewDidAppear, leaving: .appeared, animated)
        for show in firstShown {
            emit(show.navigation, .navigationControllerDidShow, .viewController(show.top, animated: animated))
        }
    }

    private mutating func willDisappear(_ ids: [ControllerID], _ animated: Bool) {
        step(ids, .viewWillDisappear, leaving: .disappearing, animated)
    }

    private mutating func didDisappear(_ ids: [ControllerID], _ animated: Bool) {
        step(ids, .viewDidDisappear, leaving: .disappeared, animated)
    }

    /// One appearance step over `ids`, top-down: each instance gets `method` and is left in `appearance`.
    private mutating func step(_ ids: [ControllerID], _ method: EventMethod, leaving appearance: AppearanceState, _ animated: Bool) {
        for id in ids {
            // One lookup for both the change and the event: appearance steps are a third of a
            // push+pop's events.
            guard let index = state.instances.index(of: id) else { preconditionFailure("\(id) is not live") }
            state.instances.modify(at: index) {
                $0.appearance = appearance
                if appearance == .appeared { $0.hasAppeared = true }
            }
            emit(id, sceneIndex: state.instances.values[index].sceneIndex, method, .animated(animated))
        }
    }
}
