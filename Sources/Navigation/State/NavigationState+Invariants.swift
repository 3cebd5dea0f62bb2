import Storyboard

extension NavigationState {
    /// What must hold of every state the engine leaves, as sentences; empty when all hold.
    ///
    /// Every instance has exactly one place (the window root, a container's child, a presented
    /// root); relations agree both ways and name only live instances; no instance is left
    /// mid-transition; a presented root's base is its presenter's, or the presenter when that is not
    /// presented (so, down the chain, the first instance that is not); the on-screen set is exactly
    /// the appeared instances; `dataSize` is what the live instances' properties add up to. One
    /// definition for the property tests, which check it after every command of their random walks,
    /// and for ``init(restoring:storyboard:)``, which checks it last of all on a snapshot a client sent.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        // One lookup per instance for "its parent holds it" (searching each parent's children was
        // quadratic in a stack's depth: ParentChild).
        let held = ParentChild.all(in: controllers.lazy.map { ($0.id, $0.children) })
        for controller in controllers {
            var places = 0
            if windowRoot == controller.id { places += 1 }
            if let parent = controller.parent {
                if held.contains(ParentChild(parent: parent, child: controller.id)) { places += 1 } else { problems.append("\(controller.id) names parent \(parent) that does not hold it") }
            }
            if let presenting = controller.presenting {
                if self[presenting]?.presented == controller.id { places += 1 } else { problems.append("\(controller.id) names presenter \(presenting) that does not present it") }
            }
            if places != 1 { problems.append("\(controller.id) has \(places) places") }
            for child in controller.children where self[child]?.parent != controller.id {
                problems.append("\(controller.id) holds \(child), whose parent is not \(controller.id)")
            }
            if let presented = controller.presented, self[presented]?.presenting != controller.id {
                problems.append("\(controller.id) presents \(presented), which does not name it")
            }
            if let split = controller.split {
                for column in [split.primary, split.secondary, split.supplementary, split.compact].compactMap({ $0 }) where self[column] == nil {
                    problems.append("\(controller.id)'s split names released \(column)")
                }
            }
            if controller.presentationBase != controller.presenting.flatMap({ presentationBase(below: $0) }) {
                problems.append("\(controller.id)'s presentation base is \(controller.presentationBase.map(\.description) ?? "none")")
            }
            if controller.appearance == .appearing || controller.appearance == .disappearing,
                controller.appearance != transition?.expectedAppearance(of: controller.id)
            {
                problems.append("\(controller.id) left in \(controller.appearance)")
            }
        }
        // Only once the places hold: the on-screen walk assumes a tree.
        guard problems.isEmpty else { return problems }
        let called = presentationsCalledByCaller()
        for controller in controllers where controller.presentationsCalled != called[controller.id, default: 0] {
            problems.append("\(controller.id) counts \(controller.presentationsCalled) presentations called, not \(called[controller.id, default: 0])")
        }
        let dataHeld = controllers.reduce(0) { $0 + JSONValue.approximateSize(ofEntries: $1.properties) }
        if dataSize != dataHeld { problems.append("dataSize \(dataSize), but the instances hold \(dataHeld)") }
        let appeared = Set(controllers.filter { $0.appearance == .appeared }.map(\.id))
        // Mid-gesture (spec §5.12) the leaving side is still in the hierarchy but disappearing.
        let shown = onScreen.filter { transition?.leaving.contains($0) != true }
        if let transition {
            for id in transition.leaving + transition.arriving where self[id]?.appearance != transition.expectedAppearance(of: id) {
                problems.append("\(id) is not \(transition.expectedAppearance(of: id).map(\.rawValue) ?? "") in the \(transition.kind.rawValue)")
            }
        }
        if appeared != Set(shown) {
            problems.append("on screen \(shown.sorted()) but appeared \(appeared.sorted())")
        }
        return problems
    }
}

extension InteractiveTransition {
    /// `disappearing` for the leaving side, `appearing` for the arriving one, nil for the others.
    func expectedAppearance(of id: ControllerID) -> AppearanceState? {
        if leaving.contains(id) { return .disappearing }
        if arriving.contains(id) { return .appearing }
        return nil
    }
}
