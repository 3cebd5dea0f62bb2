import Storyboard

extension Transaction {
    /// Selects tab `index` of `tabBar` (spec §5.9). Returns why nothing was done, if so: the delegate
    /// vetoed it, or code selected the tab already selected (UIKit does nothing, spec §6).
    mutating func selectTab(
        _ index: Int, of tabBar: ControllerID, byUser: Bool, shouldSelect: Bool, animated: Bool
    ) throws(NavigationError) -> Transcript.Reason? {
        let controller = state[live: tabBar]
        guard controller.children.indices.contains(index) else {
            throw .tabIndexOutOfRange(index, count: controller.children.count)
        }
        let tab = controller.children[index]
        if !byUser, index == controller.selectedIndex { return .nothingToChange }
        if byUser {
            emit(tabBar, .tabBarControllerShouldSelect, .instance(.viewController, tab), result: .bool(shouldSelect))
            guard shouldSelect else { return .tabSelectionVetoed }
        }
        if index == controller.selectedIndex {
            // Tapping the selected tab again pops its navigation stack to the root.
            if byUser, state[live: tab].isNavigationController, state[live: tab].children.count > 1 {
                pop(tab, keeping: 1, animated: animated, reportCall: true)
            }
        } else {
            // The old and new tabs' subtrees are the change where that is exact (as for a push).
            let oldTab = controller.children.indices.contains(controller.selectedIndex) ? controller.children[controller.selectedIndex] : nil
            let isLocal = canSwapLocally(under: tabBar, out: oldTab, in: tab)
            let before = isLocal ? [] : state.onScreen
            let checkedBefore = onScreenForChecking()
            state.update(tabBar) { $0.selectedIndex = index }
            let change = isLocal ? swapChange(out: oldTab, in: tab) : appearanceChange(from: before)
            assertSameChange(change, before: checkedBefore)
            emitAppearance(change, order: .tab, animated: false)
        }
        if byUser { emit(tabBar, .tabBarControllerDidSelect, .instance(.viewController, tab)) }
        return nil
    }

    /// The tab bar controller a request names, or the nearest one above the visible instance.
    func tabBarController(_ id: ControllerID?) throws(NavigationError) -> ControllerID {
        try container(id, .tabBarController, named: "tab bar controller", notOne: NavigationError.notATabBarController)
    }
}
