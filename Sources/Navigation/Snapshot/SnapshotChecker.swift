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
        if let parent = instance.parent, !self.instance(parent).children.contains(id) {
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
        for (index, instance) in snapshot.instances.enumerated() {
            var current = instance
            var steps = 0
            while let up = current.parent ?? current.presentation?.presenting {
                steps += 1
                guard steps <= snapshot.instances.count else {
                    throw SnapshotError("instances[\(index)]", "\(instance.id) is in a cycle of parents and presenters")
                }
                current = self.instance(up)
            }
            guard current.id == snapshot.windowRoot else {
                throw SnapshotError("instances[\(index)]", "\(instance.id) does not lead up to the window root")
            }
        }
    }

    /// The root of the layer `id` is in (through parents only): the window root or a presented root.
    private func layerRoot(of id: ControllerID) -> ControllerID {
        var current = instance(id)
        while let parent = current.parent { current = instance(parent) }
        return current.id
    }

    /// `presentations` lists every presented root once, each after the layer that presents it; a
    /// presentation's caller is outside it (its next responder, which the unwind search follows).
    private func checkPresentations() throws(SnapshotError) {
        let presented = snapshot.instances.filter { $0.presentation != nil }.map(\.id)
        guard Set(snapshot.presentations) == Set(presented), snapshot.presentations.count == presented.count else {
            throw SnapshotError("presentations", "must list each presented root once: \(presented.sorted().map(\.description))")
        }
        var layers: Set<ControllerID> = snapshot.windowRoot.map { [$0] } ?? []
        for (index, id) in snapshot.presentations.enumerated() {
            let presentation = instance(id).presentation!
            guard layers.contains(layerRoot(of: presentation.presenting)) else {
                throw SnapshotError("presentations[\(index)]", "\(id) comes before the presentation of its presenter")
            }
            var current: ControllerID? = presentation.caller
            while let up = current {
                if up == id { throw SnapshotError("instances[\(position[id]!)].presentation.caller", "inside the presentation it made") }
                current = instance(up).parent ?? instance(up).presentation?.presenting
            }
            layers.insert(id)
        }
    }
}
