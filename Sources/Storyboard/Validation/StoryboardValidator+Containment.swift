extension StoryboardValidator {
    /// Deepest containment accepted: scenes inside scenes through relationships and embed segues.
    /// Instantiating, showing and tearing down walk containment one stack frame per level; a
    /// 1 MiB upload can chain 16,000 embeds, which took the daemon down when a session launched
    /// on it. Apps nest a handful of levels.
    public static let maxContainmentDepth = 256

    /// Most view controllers a scene may bring with it through relationships and embed segues, itself
    /// included. Each edge is an instance, so a scene that embeds the next one twice, 17 levels down,
    /// brought 131,071: a 17-scene upload made a 162 MB launch response, and 25 scenes would have
    /// made 33 million instances under the sessions' lock. The daemon's instance limit counts a
    /// segue as one instance; this bounds the rest. Apps bring a few dozen.
    public static let maxContainedInstances = 1_000

    /// Scenes that contain themselves through relationships or embed segues would be instantiated
    /// forever: one issue per cycle, at the first containment edge of its smallest scene id. Without
    /// cycles, one issue per outermost scene that contains more than ``maxContainmentDepth`` levels,
    /// at its first edge on the deepest path, and one per outermost scene that brings more than
    /// ``maxContainedInstances`` view controllers, at its first edge towards the most.
    static func containmentIssues(_ storyboard: Storyboard) -> [StoryboardError.Issue] {
        let graph = ContainmentGraph(storyboard)
        // One pass over the graph: searching for cycles from every edge took minutes for a chain of
        // thousands of embeds.
        let components = stronglyConnectedComponents(successors: graph.successors)
        let cycles = cycleIssues(graph, components)
        return cycles.isEmpty ? sizeIssues(graph, components) : cycles
    }

    /// A scene is on a cycle exactly when its component has another scene or an edge to itself.
    private static func cycleIssues(_ graph: ContainmentGraph, _ components: [[Int]]) -> [StoryboardError.Issue] {
        var issues: [(scene: Int, issue: StoryboardError.Issue)] = []
        for component in components {
            let members = Set(component)
            // Scenes are numbered in id order, so the smallest number is the smallest scene.
            guard let smallest = component.min(), let edge = graph.successors[smallest].firstIndex(where: members.contains) else { continue }
            let target = graph.ids[graph.successors[smallest][edge]]
            let message = "\"\(target)\" contains \"\(graph.ids[smallest])\" again through relationships or embeds"
            issues.append((smallest, .init(path: graph.paths[smallest][edge], message: message)))
        }
        return issues.sorted { $0.scene < $1.scene }.map(\.issue)
    }

    private static func sizeIssues(_ graph: ContainmentGraph, _ components: [[Int]]) -> [StoryboardError.Issue] {
        // Without cycles every component is one scene, and Tarjan's algorithm closes a scene after
        // every scene it contains: depths and instance counts can be filled in that order. Counts
        // stop just past the limit: they double with every level of a scene embedded twice.
        var depth = [Int](repeating: 1, count: graph.ids.count)
        var instances = [Int](repeating: 1, count: graph.ids.count)
        for component in components {
            let scene = component[0]
            depth[scene] = 1 + (graph.successors[scene].map { depth[$0] }.max() ?? 0)
            instances[scene] = min(maxContainedInstances + 1, graph.successors[scene].reduce(1) { $0 + instances[$1] })
        }
        let contained = Set(graph.successors.joined())
        return graph.ids.indices.flatMap { scene -> [StoryboardError.Issue] in
            guard !contained.contains(scene) else { return [] }
            var issues: [StoryboardError.Issue] = []
            if depth[scene] > maxContainmentDepth,
               let deepest = graph.successors[scene].firstIndex(where: { depth[$0] == depth[scene] - 1 }) {
                issues.append(.init(
                    path: graph.paths[scene][deepest],
                    message: "containment is \(depth[scene]) scenes deep from here; at most \(maxContainmentDepth) are supported"))
            }
            if instances[scene] > maxContainedInstances, let largest = graph.successors[scene].map({ instances[$0] }).max(),
               let most = graph.successors[scene].firstIndex(where: { instances[$0] == largest }) {
                issues.append(.init(
                    path: graph.paths[scene][most],
                    message: "\"\(graph.ids[scene])\" brings more than \(maxContainedInstances) view controllers with it through relationships and embeds; at most \(maxContainedInstances) are supported"))
            }
            return issues
        }
    }
}

/// Which scenes contain which (relationships and embed segues), scenes numbered in id order.
private struct ContainmentGraph {
    let ids: [SceneID]
    /// By scene number: the numbers of the scenes it contains, and the path of each edge.
    let successors: [[Int]]
    let paths: [[String]]

    init(_ storyboard: Storyboard) {
        ids = storyboard.sortedSceneIDs
        let number = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        let edges = ids.map { Self.edges(storyboard.scenes[$0]!).filter { number[$0.target] != nil } }
        successors = edges.map { $0.map { number[$0.target]! } }
        paths = edges.map { $0.map(\.path) }
    }

    private static func edges(_ scene: Scene) -> [(path: String, target: SceneID)] {
        var result: [(String, SceneID)] = []
        let path = "scenes.\(scene.id)"
        if let root = scene.root { result.append(("\(path).root", root)) }
        for (index, tab) in scene.tabs.enumerated() { result.append(("\(path).tabs[\(index)]", tab)) }
        if let primary = scene.primary { result.append(("\(path).primary", primary)) }
        if let supplementary = scene.supplementary { result.append(("\(path).supplementary", supplementary)) }
        if let secondary = scene.secondary { result.append(("\(path).secondary", secondary)) }
        if let compact = scene.compact { result.append(("\(path).compact", compact)) }
        for (index, segue) in scene.segues.enumerated() where segue.kind == .embed || segue.perform == .embed {
            if let destination = segue.destination { result.append(("\(path).segues[\(index)].destination", destination)) }
        }
        return result
    }
}
