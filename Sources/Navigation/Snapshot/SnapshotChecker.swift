import Storyboard

/// The checks of ``NavigationState/init(restoring:storyboard:)``, in an order where each relies only
/// on what the previous ones established: numbers and ids first, then relations, then acyclicity,
/// then what depends on the walks (presentation order, appearance). The engine's own functions are
/// called only once the structure is proven: they trap on ids that are not live, and loop on cycles.
struct SnapshotChecker {
    let snapshot: NavigationSnapshot
    let storyboard: Storyboard
    /// Position in `snapshot.instances` by id.
    private var position: [ControllerID: Int] = [:]
    /// Positions sorted by id: the order instances were created in.
    private(set) var creationOrder: [Int] = []
    /// Every (container, child) pair the instances' `children` list, so that "its parent lists it"
    /// is one lookup: searching the parent's list for each child made a navigation stack of 4,000
    /// instances cost 8 million comparisons (issue 28: 0.46 s of CPU for a 1 MB snapshot).
    private var listed: Set<ParentChild> = []

    /// Counters beyond this are refused: past it a snapshot could not be read back (JSON numbers
    /// are read as doubles), and a client could otherwise make the next `+ 1` trap.
    static let counterLimit = Navigator.counterMaximum

    init(snapshot: NavigationSnapshot, storyboard: Storyboard) {
        self.snapshot = snapshot
        self.storyboard = storyboard
    }

    func instance(_ id: ControllerID) -> NavigationSnapshot.Instance { snapshot.instances[position[id]!] }

    mutating func checkStructure() throws(SnapshotError) {
        try checkCounters()
        try checkIDs()
        try checkReferences()
        listed = ParentChild.all(in: snapshot.instances.lazy.map { ($0.id, $0.children) })
        for (index, instance) in snapshot.instances.enumerated() { try checkRelations(instance, at: "instances[\(index)]") }
        try checkAcyclic()
        try checkPresentations()
        for (index, instance) in snapshot.instances.enumerated() { try checkContainer(instance, at: "instances[\(index)]") }
    }

    private func checkCounters() throws(SnapshotError) {
        for (name, value, minimum) in [
            ("createdCount", snapshot.createdCount, 0), ("revision", snapshot.revision, 1),
            ("nextEventSequence", snapshot.nextEventSequence, 1),
        ] where !(minimum...Self.counterLimit).contains(value) {
            throw SnapshotError(name, "\(value) is outside \(minimum)...\(Self.counterLimit)")
        }
        if snapshot.isEnded {
            guard snapshot.instances.isEmpty, snapshot.windowRoot == nil else {
                throw SnapshotError("instances", "an ended session has no instances")
            }
        } else if snapshot.windowRoot == nil {
            throw SnapshotError("windowRoot", "missing: a live session shows a window root")
        }
    }

    private mutating func checkIDs() throws(SnapshotError) {
        for (index, instance) in snapshot.instances.enumerated() {
            let path = "instances[\(index)]"
            guard instance.id.rawValue >= 1, instance.id.rawValue <= snapshot.createdCount else {
                throw SnapshotError("\(path).id", "\(instance.id) is not among the \(snapshot.createdCount) instances created (createdCount)")
            }
            if let other = position[instance.id] { throw SnapshotError("\(path).id", "\(instance.id) is also instances[\(other)]") }
            position[instance.id] = index
            guard let scene = storyboard.scenes[instance.scene] else {
                throw SnapshotError("\(path).scene", "the storyboard has no scene \"\(instance.scene)\"")
            }
            guard scene.kind == instance.kind else {
                throw SnapshotError("\(path).kind", "\(instance.kind.rawValue), but scene \"\(instance.scene)\" is a \(scene.kind.rawValue)")
            }
        }
        creationOrder = position.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Every id the snapshot mentions names a live instance.
    private func checkReferences() throws(SnapshotError) {
        func live(_ id: ControllerID?, _ path: @autoclosure () -> String) throws(SnapshotError) {
            if let id, position[id] == nil { throw SnapshotError(path(), "\(id) is not a live instance") }
        }
        try live(snapshot.windowRoot, "windowRoot")
        for (index, id) in snapshot.presentations.enumerated() { try live(id, "presentations[\(index)]") }
        for (index, instance) in snapshot.instances.enumerated() {
            let path = "instances[\(index)]"
            try live(instance.parent, "\(path).parent")
            try live(instance.presented, "\(path).presented")
            var seen: Set<ControllerID> = []
            for (childIndex, child) in instance.children.enumerated() {
                try live(child, "\(path).children[\(childIndex)]")
                guard seen.insert(child).inserted else { throw SnapshotError("\(path).children[\(childIndex)]", "\(child) is listed twice") }
            }
            if let presentation = instance.presentation {
                try live(presentation.presenting, "\(path).presentation.presenting")
                try live(presentation.caller, "\(path).presentation.caller")
            }
            if let split = instance.split {
                try live(split.primary, "\(path).split.primary")
                try live(split.supplementary, "\(path).split.supplementary")
                try live(split.secondary, "\(path).split.secondary")
                try live(split.compact, "\(path).split.compact")
            }
        }
    }

    /// Both sides of each relation agree, and each instance has exactly one place.
    private func checkRelations(_ instance: NavigationSnapshot.Instance, at path: String) throws(SnapshotError) {
        let id = instance.id
        let places = (snapshot.windowRoot == id ? 1 : 0) + (instance.parent != nil ? 1 : 0) + (instance.presentation != nil ? 1 : 0)
        guard places == 1 else {
            throw SnapshotError(path, "\(id) must be exactly one of: the window root, a child (parent), a presented root (presentation); it is \(places)")
        }
        if let parent = instance.parent, !listed.contains(ParentChild(parent: parent, child: id)) {
            throw SnapshotError("\(path).parent", "\(parent) does not list \(id) among its children")
        }
        for (index, child) in instance.children.enumerated() where self.instance(child).parent != id {
            throw SnapshotError("\(path).children[\(index)]", "\(child) names another parent")
        }
        if let presented = instance.presented, self.instance(presented).presentation?.presenting != id {
            throw SnapshotError("\(path).presented", "\(presented) is not presented by \(id)")
        }
        if let presentation = instance.presentation {
            guard self.instance(presentation.presenting).presented == id else {
                throw SnapshotError("\(path).presentation.presenting", "\(presentation.presenting) does not present \(id)")
            }
            guard presentation.style != .automatic, presentation.style != .none else {
                throw SnapshotError("\(path).presentation.style", "\(presentation.style.rawValue) is never the style in force")
            }
        }
    }

    /// The structural way up (parent, else presenting) from every instance reaches the window root.
    private func checkAcyclic() throws(SnapshotError) {
        // Each walk up stops at an instance an earlier walk proved to lead to the window root, so
        // every instance is walked over once: walking each one's whole way up was quadratic in the
        // depth (issue 28: a chain of 2,600 presentations, a 1 MB snapshot, cost 0.66 s).
        // 0: not walked yet; -1: leads up to the window root; k > 0: on the walk from position k - 1.
        var mark = [Int](repeating: 0, count: snapshot.instances.count)
        for start in snapshot.instances.indices {
            var path: [Int] = []
            var current = start
            while mark[current] != -1 {
                guard mark[current] != start + 1 else {
                    throw SnapshotError("instances[\(start)]", "\(snapshot.instances[start].id) is in a cycle of parents and presenters")
                }
                mark[current] = start + 1
                path.append(current)
                let instance = snapshot.instances[current]
                guard let up = instance.parent ?? instance.presentation?.presenting else {
                    guard instance.id == snapshot.windowRoot else {
                        throw SnapshotError("instances[\(start)]", "\(snapshot.instances[start].id) does not lead up to the window root")
                    }
                    break
                }
                current = position[up]!
            }
            for walked in path { mark[walked] = -1 }
        }
    }

    /// `presentations` lists every presented root once, each after the layer that presents it; a
    /// presentation's caller is outside it (its next responder, which the unwind search follows).
    /// Runs once the instances are known to form one tree under the window root (checkAcyclic).
    private func checkPresentations() throws(SnapshotError) {
        let presented = snapshot.instances.filter { $0.presentation != nil }.map(\.id)
        guard Set(snapshot.presentations) == Set(presented), snapshot.presentations.count == presented.count else {
            throw SnapshotError("presentations", "must list each presented root once: \(presented.sorted().map(\.description))")
        }
        let tree = SnapshotTree(snapshot, position: position)
        var layers: Set<ControllerID> = snapshot.windowRoot.map { [$0] } ?? []
        for (index, id) in snapshot.presentations.enumerated() {
            let presentation = instance(id).presentation!
            guard layers.contains(snapshot.instances[tree.layerRoot[position[presentation.presenting]!]].id) else {
                throw SnapshotError("presentations[\(index)]", "\(id) comes before the presentation of its presenter")
            }
            if tree.contains(position[presentation.caller]!, within: position[id]!) {
                throw SnapshotError("instances[\(position[id]!)].presentation.caller", "inside the presentation it made")
            }
            layers.insert(id)
        }
    }
}

/// The instances of a snapshot as the tree their ways up make (parent, else presenter), rooted at
/// the window root, for questions that walking up from each instance answered in time quadratic in
/// the depth: the root of an instance's layer, and whether an instance is within another's subtree.
struct SnapshotTree {
    /// By position: the position of the root of the layer the instance is in (through parents only).
    let layerRoot: [Int]
    /// By position: when a depth-first walk down from the window root entered the instance, and
    /// the last entry within its subtree.
    private let entered: [Int]
    private let lastWithin: [Int]

    init(_ snapshot: NavigationSnapshot, position: [ControllerID: Int]) {
        let count = snapshot.instances.count
        var below = [[Int]](repeating: [], count: count)
        var root: Int?
        var layerRoot = [Int](repeating: -1, count: count)
        for (index, instance) in snapshot.instances.enumerated() {
            if let up = instance.parent ?? instance.presentation?.presenting { below[position[up]!].append(index) } else { root = index }
        }
        // Layer roots down the tree: a child shares its parent's, a presented root starts its own.
        var entered = [Int](repeating: -1, count: count)
        var lastWithin = [Int](repeating: -1, count: count)
        var clock = 0
        if let root {
            layerRoot[root] = root
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            entered[root] = clock
            clock += 1
            while let (node, next) = stack.last.map({ ($0.node, $0.next) }) {
                guard next < below[node].count else {
                    lastWithin[node] = clock - 1
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let child = below[node][next]
                layerRoot[child] = snapshot.instances[child].parent != nil ? layerRoot[node] : child
                entered[child] = clock
                clock += 1
                stack.append((child, 0))
            }
        }
        self.layerRoot = layerRoot
        self.entered = entered
        self.lastWithin = lastWithin
    }

    /// Whether the instance at `position` is the one at `ancestor` or below it.
    func contains(_ position: Int, within ancestor: Int) -> Bool {
        entered[ancestor] <= entered[position] && entered[position] <= lastWithin[ancestor]
    }
}

/// A container and one instance its `children` list names.
struct ParentChild: Hashable {
    var parent: ControllerID
    var child: ControllerID

    /// The pairs of every list of `containers` (each an id and its children).
    static func all(in containers: some Sequence<(ControllerID, [ControllerID])>) -> Set<ParentChild> {
        var pairs: Set<ParentChild> = []
        for (parent, children) in containers {
            for child in children { pairs.insert(ParentChild(parent: parent, child: child)) }
        }
        return pairs
    }
}
