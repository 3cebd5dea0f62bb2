import Storyboard

extension NavigationState {
    /// The children whose views a container shows (spec §4.1): a navigation stack's top, the selected
    /// tab, a split's visible columns, every embedded child.
    public func visibleChildren(of id: ControllerID) -> [ControllerID] {
        guard let index = instances.index(of: id) else { preconditionFailure("\(id) is not live") }
        let controller = instances.values[index]
        switch controller.kind {
        case .navigationController:
            return controller.children.last.map { [$0] } ?? []
        case .tabBarController:
            return controller.children.indices.contains(controller.selectedIndex)
                ? [controller.children[controller.selectedIndex]] : []
        case .splitViewController:
            guard let split = controller.split else { return [] }
            if split.isCollapsed { return [split.compact ?? split.primary] }
            return [split.primary, split.supplementary, split.secondary].compactMap { $0 }
        default:
            return controller.children
        }
    }

    /// `id` and its visible descendants through containment, top-down.
    func visibleSubtree(of id: ControllerID) -> [ControllerID] {
        var result: [ControllerID] = []
        result.reserveCapacity(8)
        appendVisibleSubtree(of: id, to: &result)
        return result
    }

    /// Appends without building an array per node: this runs for every transition.
    private func appendVisibleSubtree(of id: ControllerID, to result: inout [ControllerID]) {
        result.append(id)
        guard let index = instances.index(of: id) else { preconditionFailure("\(id) is not live") }
        let controller = instances.values[index]
        switch controller.kind {
        case .navigationController:
            if let top = controller.children.last { appendVisibleSubtree(of: top, to: &result) }
        case .tabBarController:
            if controller.children.indices.contains(controller.selectedIndex) {
                appendVisibleSubtree(of: controller.children[controller.selectedIndex], to: &result)
            }
        case .splitViewController:
            guard let split = controller.split else { return }
            if split.isCollapsed, let compact = split.compact {
                appendVisibleSubtree(of: compact, to: &result)
                return
            }
            appendVisibleSubtree(of: split.primary, to: &result)
            if !split.isCollapsed {
                if let supplementary = split.supplementary { appendVisibleSubtree(of: supplementary, to: &result) }
                if let secondary = split.secondary { appendVisibleSubtree(of: secondary, to: &result) }
            }
        default:
            for child in controller.children { appendVisibleSubtree(of: child, to: &result) }
        }
    }

    /// The window root and every presented root, bottom to top.
    public var layers: [ControllerID] {
        guard let root = windowRoot else { return [] }
        return [root] + presentations
    }

    /// Instances whose views are on screen, top-down (spec §4.1).
    public var onScreen: [ControllerID] {
        guard let root = windowRoot else { return [] }
        var result = visibleSubtree(of: root)
        for presented in presentations {
            let controller = self.controller(presented)
            guard let presenting = controller.presenting, result.contains(presenting) else { continue }
            if controller.presentationStyle?.removesPresenterView == true {
                let covered = visibleSubtree(of: presenting)
                result.removeAll { covered.contains($0) }
            }
            result += visibleSubtree(of: presented)
        }
        return result
    }

    /// From the window root through containers and presentations to the instance the user sees.
    public var visiblePath: [ControllerID] {
        guard var current = windowRoot else { return [] }
        var path = [current]
        while true {
            let controller = self.controller(current)
            let next: ControllerID?
            if let presented = controller.presented {
                next = presented
            } else {
                switch controller.kind {
                case .navigationController, .tabBarController:
                    next = visibleChildren(of: current).first
                case .splitViewController:
                    next = controller.split.flatMap { $0.isCollapsed ? ($0.compact ?? $0.primary) : ($0.secondary ?? $0.primary) }
                default:
                    next = nil
                }
            }
            guard let next else { return path }
            path.append(next)
            current = next
        }
    }

    /// The instance the user sees: the default source of every request.
    public var visible: ControllerID? { visiblePath.last }

    /// The containing parent, or for a presented root the instance that called `present`
    /// (UIKit's next responder for unwinding, spec §5.10).
    func nextResponder(of id: ControllerID) -> ControllerID? {
        let controller = self.controller(id)
        if controller.isPresentedRoot { return controller.presentationCaller }
        return controller.parent
    }

    /// The parent, or for a presented root the presenting instance: the structural way up.
    func structuralParent(of id: ControllerID) -> ControllerID? {
        let controller = self.controller(id)
        return controller.parent ?? controller.presenting
    }

    /// `id` and everything above it, through parents and presentations.
    func structuralAncestry(of id: ControllerID) -> [ControllerID] {
        var result = [id]
        var current = id
        while let up = structuralParent(of: current) {
            result.append(up)
            current = up
        }
        return result
    }

    /// The root of the layer `id` is in: the window root or a presented root.
    func layerRoot(of id: ControllerID) -> ControllerID {
        var current = id
        while let parent = controller(current).parent { current = parent }
        return current
    }

    /// The nearest navigation controller containing `id` (`navigationController`); only parents count.
    func enclosingNavigationController(of id: ControllerID) -> ControllerID? {
        var current = controller(id).parent
        while let candidate = current {
            if controller(candidate).isNavigationController { return candidate }
            current = controller(candidate).parent
        }
        return nil
    }

    /// `id`, then its parents: the chain a containment search walks.
    func selfAndParents(of id: ControllerID) -> [ControllerID] {
        var result = [id]
        var current = id
        while let parent = controller(current).parent {
            result.append(parent)
            current = parent
        }
        return result
    }

    /// `id` and every instance it contains or presents, containers first.
    func subtree(of id: ControllerID) -> [ControllerID] {
        var result: [ControllerID] = []
        func visit(_ id: ControllerID) {
            result.append(id)
            let controller = self.controller(id)
            for child in controller.children { visit(child) }
            if let presented = controller.presented { visit(presented) }
        }
        visit(id)
        return result
    }

    /// The order instances of a removed subtree are released in (spec §4.4): what was presented last
    /// first, a stack's top first, a container before its children.
    func releaseOrder(of id: ControllerID) -> [ControllerID] {
        var result: [ControllerID] = []
        func visit(_ id: ControllerID) {
            let contained = containmentSubtree(of: id)
            let inside = Set(contained)
            for presented in presentations.reversed() {
                guard let presenting = controller(presented).presenting, inside.contains(presenting) else { continue }
                visit(presented)
            }
            result += containmentReleaseOrder(of: id)
        }
        visit(id)
        return result
    }

    /// `id` and everything it contains, containers first.
    private func containmentSubtree(of id: ControllerID) -> [ControllerID] {
        var result = [id]
        var index = 0
        while index < result.count {
            result += children(of: result[index])
            index += 1
        }
        return result
    }

    /// A container before its children, the last child (a stack's top) first.
    private func containmentReleaseOrder(of id: ControllerID) -> [ControllerID] {
        var result: [ControllerID] = []
        func visit(_ id: ControllerID) {
            result.append(id)
            for child in children(of: id).reversed() { visit(child) }
        }
        visit(id)
        return result
    }
}
