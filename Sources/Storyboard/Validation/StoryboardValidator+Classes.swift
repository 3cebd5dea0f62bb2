extension StoryboardValidator {
    /// Longest superclass chain accepted in `classes`, the class itself included. Every unwind
    /// search walks the chain of every candidate it asks; a 1 MiB upload can chain 20,000
    /// classes, and an unwind on one took 0.45 s of a server thread. Apps' view controllers are a
    /// few classes below `UIViewController`.
    public static let maxClassDepth = 256

    /// The class facts' superclass chains: one issue per cycle (a chain that comes back to a class
    /// it left cannot be compiled, and would make every search of it walk in circles), at its
    /// smallest class name, and one per chain deeper than ``maxClassDepth``, at the class it starts
    /// from (one no other class names as its superclass).
    static func classIssues(_ classes: [String: ClassInfo]) -> [StoryboardError.Issue] {
        var depth: [String: Int] = [:]
        var cycles: [String] = []
        for start in classes.keys.sorted() where depth[start] == nil {
            // Walk up to a class of known depth, the chain's end, or a class of this walk (a cycle).
            var walk: [String] = []
            var onWalk: Set<String> = []
            var name: String? = start
            var known = 0
            while let current = name, classes[current] != nil {
                if let found = depth[current] { known = found; break }
                if onWalk.contains(current) {
                    let cycle = walk[walk.firstIndex(of: current)!...]
                    cycles.append(cycle.min()!)
                    for member in cycle { depth[member] = .max }
                    known = .max
                    walk.removeLast(cycle.count)
                    break
                }
                walk.append(current)
                onWalk.insert(current)
                name = classes[current]!.superclass
            }
            // Fill the walk in from the top: each is one deeper than its superclass.
            for member in walk.reversed() {
                known = known == .max ? .max : known + 1
                depth[member] = known
            }
        }
        let superclasses = Set(classes.values.compactMap(\.superclass))
        let tooDeep = classes.keys.sorted().filter { name in
            guard let found = depth[name], found != .max, found > maxClassDepth else { return false }
            return !superclasses.contains(name)
        }
        return cycles.sorted().map { .init(path: "classes.\($0).superclass", message: "the superclass chain of \"\($0)\" comes back to it") }
            + tooDeep.map {
                .init(path: "classes.\($0).superclass",
                      message: "the superclass chain of \"\($0)\" is \(depth[$0]!) classes long; at most \(maxClassDepth) are supported")
            }
    }
}
