extension StoryboardValidator {
    /// Scenes that contain themselves through relationships or embed segues would be instantiated
    /// forever. Reports one issue per cycle, at the first containment edge of its smallest scene id.
    static func containmentCycles(_ storyboard: Storyboard) -> [StoryboardError.Issue] {
        func edges(_ scene: Scene) -> [(path: String, target: SceneID)] {
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
            return result.filter { storyboard.scenes[$0.1] != nil }
        }
        func reachable(from start: SceneID) -> Set<SceneID> {
            var seen: Set<SceneID> = []
            var stack = [start]
            while let id = stack.popLast() {
                guard seen.insert(id).inserted, let scene = storyboard.scenes[id] else { continue }
                stack += edges(scene).map(\.target)
            }
            return seen
        }
        var issues: [StoryboardError.Issue] = []
        for id in storyboard.sortedSceneIDs {
            let scene = storyboard.scenes[id]!
            let cycleEdges = edges(scene).filter { reachable(from: $0.target).contains(id) }
            guard let first = cycleEdges.first else { continue }
            let component = reachable(from: id).filter { reachable(from: $0).contains(id) }
            guard component.min() == id else { continue }
            issues.append(.init(path: first.path, message: "\"\(first.target)\" contains \"\(id)\" again through relationships or embeds"))
        }
        return issues
    }
}
