import Storyboard

extension NavigationState {
    /// The children whose views a container shows (spec §4.1): a navigation stack's top, the selected
    /// tab, a split's visible columns (its compact column alone when collapsed), every embedded child.
    public func visibleChildren(of id: ControllerID) -> [ControllerID] {
        var result: [ControllerID] = []
        forEachVisibleChild(of: id) { result.append($0) }
        return result
    }

    /// The first of `visibleChildren(of:)`, without building the list.
    func firstVisibleChild(of id: ControllerID) -> ControllerID? {
        var first: ControllerID?
        forEachVisibleChild(of: id) { if first == nil { first = $0 } }
        return first
    }

    /// `id` and its visible descendants through containment, top-down.
    func visibleSubtree(of id: ControllerID) -> [ControllerID] {
        var result: [ControllerID] = []
        result.reserveCapacity(8)
        appendVisibleSubtree(of: id, to: &result)
        return result
    }

    private func appendVisibleSubtree(of id: ControllerID, to result: inout [ControllerID]) {
        result.append(id)
        forEachVisibleChild(of: id) { appendVisibleSubtree(of: $0, to: &result) }
    }

    /// The one statement of which children are visible, calling `body` for each rather than building
    /// an array: every transition walks the visible tree, and an array per node was measurable.
    func forEachVisibleChild(of id: ControllerID, _ body: (ControllerID) -> Void) {
        guard let index = instances.index(of: id) else { preconditionFailure("\(id) is not live") }
        // Fields are read through the array in place: binding the instance to a local copied it.
        switch instances.values[index].kind {
        case .navigationController:
            if let top = instances.values[index].children.last { body(top) }
        case .tabBarController:
            let selected = instances.values[index].selectedIndex
            if instances.values[index].children.indices.contains(selected) { body(instances.values[index].children[selected]) }
        case .splitViewController:
            guard let split = instances.values[index].split else { return }
            if split.isCollapsed {
                body(split.compact ?? split.primary)
            } else {
                body(split.primary)
                if let supplementary = split.supplementary { body(supplementary) }
                if let secondary = split.secondary { body(secondary) }
            }
        default:
            for child in instances.values[index].children { body(child) }
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
        // One buffer for the whole walk: appending each layer's subtree as its own array was a fifth
        // of the array allocations of a push+pop.
        var result: [ControllerID] = []
        result.reserveCapacity(16)
        appendVisibleSubtree(of: root, to: &result)
        if presentations.count > Self.fewPresentations { return onScreenOfManyLayers(root: result) }
        for presented in presentations {
            guard let presenting = self[live: presented].presenting, result.contains(presenting) else { continue }
            if self[live: presented].presentationStyle?.removesPresenterView == true {
                let covered = visibleSubtree(of: presenting)
                result.removeAll { covered.contains($0) }
            }
            appendVisibleSubtree(of: presented, to: &result)
        }
        return result
    }

    /// Whether `id` is on screen as of the last finished transition, read from its appearance instead
    /// of the on-screen walk (O(N) under a chain of N sheets): between transitions the appeared
    /// instances are exactly the on-screen ones (``invariantViolations()`` checks it, and a restored
    /// snapshot is checked against ``onScreen``). Within a transition it answers for the state before
    /// the appearance steps, which is what a check before the change or a `before` list asks.
    func isAppeared(_ id: ControllerID) -> Bool {
        guard let index = instances.index(of: id) else { return false }
        return instances.values[index].appearance == .appeared
    }

    /// Up to this many presentations the on-screen list is searched linearly (no set to build).
    static var fewPresentations: Int { 8 }

    /// ``onScreen`` for many layers, `result` holding the window root's visible subtree: the same
    /// list, with sets for membership and one removal pass at the end. Searching the list for each
    /// presentation made every present O(N²) once sheets left N layers on screen. Removing covered
    /// instances at the end gives the same list: a later layer never adds one back (a presentation's
    /// subtree is disjoint from everything below it).
    private func onScreenOfManyLayers(root result: [ControllerID]) -> [ControllerID] {
        var result = result
        var members = Set(result)
        var covered: Set<ControllerID> = []
        for presented in presentations {
            guard let presenting = self[live: presented].presenting, members.contains(presenting) else { continue }
            if self[live: presented].presentationStyle?.removesPresenterView == true {
                for id in visibleSubtree(of: presenting) where members.remove(id) != nil { covered.insert(id) }
            }
            let start = result.count
            appendVisibleSubtree(of: presented, to: &result)
            members.formUnion(result[start...])
        }
        if !covered.isEmpty { result.removeAll { covered.contains($0) } }
        return result
    }

    /// What a presentation made by `presenting` has as its ``Controller/presentationBase``:
    /// `presenting`'s own when it is a presented root, else `presenting`.
    func presentationBase(below presenting: ControllerID) -> ControllerID? {
        guard let index = instances.index(of: presenting) else { return nil }
        return instances.values[index].isPresentedRoot ? instances.values[index].presentationBase : presenting
    }

    /// The containing parent, or for a presented root the instance that called `present`
    /// (UIKit's next responder for unwinding, spec §5.10).
    func nextResponder(of id: ControllerID) -> ControllerID? {
        if self[live: id].isPresentedRoot { return self[live: id].presentationCaller }
        return self[live: id].parent
    }

    /// The parent, or for a presented root the presenting instance: the structural way up.
    func structuralParent(of id: ControllerID) -> ControllerID? {
        self[live: id].parent ?? self[live: id].presenting
    }

    /// The first of `id` and everything above it (``structuralAncestry(of:)``) that satisfies
    /// `predicate`, found without building the list.
    func firstStructuralAncestor(of id: ControllerID, where predicate: (ControllerID) -> Bool) -> ControllerID? {
        var current: ControllerID? = id
        while let candidate = current {
            if predicate(candidate) { return candidate }
            current = structuralParent(of: candidate)
        }
        return nil
    }

    /// `id` and everything above it, through parents and presentations.
    func structuralAncestry(of id: ControllerID) -> [ControllerID] {
        var result: [ControllerID] = []
        result.reserveCapacity(8)
        result.append(id)
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
        while let parent = self[live: current].parent { current = parent }
        return current
    }

    /// The nearest navigation controller containing `id` (`navigationController`); only parents count.
    func enclosingNavigationController(of id: ControllerID) -> ControllerID? {
        var current = self[live: id].parent
        while let candidate = current {
            if self[live: candidate].isNavigationController { return candidate }
            current = self[live: candidate].parent
        }
        return nil
    }

    /// `id` and every instance it contains or presents, containers first.
    func subtree(of id: ControllerID) -> [ControllerID] {
        var result: [ControllerID] = []
        func visit(_ id: ControllerID) {
            result.append(id)
            for child in self[live: id].children { visit(child) }
            if let presented = self[live: id].presented { visit(presented) }
        }
        visit(id)
        return result
    }

    /// The order instances of a removed subtree are released in (spec §4.4): what was presented last
    /// first, a stack's top first, a container before its children.
    ///
    /// The presentations made from a containment subtree are read from its instances' `presented`
    /// (one each: a presenting instance presents one at a time), not found by scanning every
    /// presentation for each subtree: that scan made releasing a chain of N layers O(N²) (9,990
    /// full-screen layers: 2.8 s). Each instance is visited once, so this is linear in the released.
    func releaseOrder(of id: ControllerID) -> [ControllerID] {
        // A leaf that presents nothing (a popped or dismissed detail, most releases) goes alone.
        if self[live: id].children.isEmpty && self[live: id].presented == nil { return [id] }
        // The order is a post-order: for each subtree, what it presented (last presented first),
        // then its own containment order. It is built reversed, as a pre-order with an explicit
        // stack (a chain of 10,000 layers nests 10,000 deep), then turned around once.
        var reversed: [ControllerID] = []
        // Where each presented root sits in `presentations`, built only when one subtree presents
        // several (the last presented goes first).
        var positions: [ControllerID: Int]?
        var pending: [ControllerID] = [id]
        while let next = pending.popLast() {
            reversed.append(contentsOf: containmentReleaseOrder(of: next).reversed())
            var made: [ControllerID] = []
            for contained in containmentSubtree(of: next) {
                if let presented = self[live: contained].presented { made.append(presented) }
            }
            if made.count > 1 {
                if positions == nil {
                    positions = Dictionary(uniqueKeysWithValues: presentations.enumerated().map { ($1, $0) })
                }
                // Reversed, the order runs earliest presented first: it goes on the stack last.
                made.sort { positions![$0]! > positions![$1]! }
            }
            pending.append(contentsOf: made)
        }
        reversed.reverse()
        return reversed
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
