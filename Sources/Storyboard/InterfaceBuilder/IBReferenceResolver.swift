/// Merges the documents of one upload and points segues at what storyboard references name.
enum IBReferenceResolver {
    struct Merged {
        var scenes: [SceneID: Scene]
        var initialScene: SceneID
        var warnings: [String]
        /// Storyboard references resolved to the scene they name: placeholders nothing leads to
        /// any more, which are not unreachable scenes of the app.
        var resolved: Set<SceneID>
    }

    static func merge(_ documents: [String: IBDocument], entry: String) -> Merged {
        var scenes: [SceneID: Scene] = [:]
        var warnings: [String] = []
        var redirect: [SceneID: SceneID] = [:]
        for name in documents.keys.sorted() {
            let document = documents[name]!
            scenes.merge(document.scenes) { first, _ in first }
            warnings += document.warnings.map { documents.count > 1 ? "\(name): \($0)" : $0 }
            for id in document.order {
                guard let reference = document.references[id] else { continue }
                let storyboardName = reference.storyboard ?? name
                if let target = documents[storyboardName]?.target(reference.identifier) {
                    redirect[id] = target
                } else {
                    let what = reference.identifier.map { "scene \"\($0)\"" } ?? "initial scene"
                    let problem = documents[storyboardName] == nil ? "which is not in the upload" : "which has no such scene"
                    warnings.append("scene \(id) refers to the \(what) of storyboard \"\(storyboardName)\", \(problem); it stays a plain view controller")
                    scenes[id]?.missingReference = StoryboardReference(storyboard: storyboardName, identifier: reference.identifier)
                }
            }
        }
        if !redirect.isEmpty {
            for id in scenes.keys {
                scenes[id]!.segues = scenes[id]!.segues.map { segue in
                    var segue = segue
                    if let destination = segue.destination, let target = redirect[destination] { segue.destination = target }
                    return segue
                }
                scenes[id]!.tabs = scenes[id]!.tabs.map { redirect[$0] ?? $0 }
                if let root = scenes[id]!.root { scenes[id]!.root = redirect[root] ?? root }
                // A split view's column can be a storyboard reference too.
                for column in [\Scene.primary, \.supplementary, \.secondary, \.compact] {
                    if let child = scenes[id]![keyPath: column], let target = redirect[child] { scenes[id]![keyPath: column] = target }
                }
            }
            // A tab that is a storyboard reference has its tab bar item on the reference (Xcode puts
            // it there); the tab bar shows it for the referenced scene when that has none of its own.
            for placeholder in redirect.keys.sorted() {
                let target = redirect[placeholder]!
                guard let item = scenes[placeholder]?.ui?.tabBarItem, let scene = scenes[target], scene.ui?.tabBarItem == nil else { continue }
                var ui = scene.ui ?? SceneUI()
                ui.tabBarItem = item
                scenes[target]!.ui = ui
            }
        }
        let entryDocument = documents[entry]!
        let initial: SceneID
        if let declared = entryDocument.initialScene {
            initial = redirect[declared] ?? declared
        } else {
            initial = entryDocument.order[0]
            warnings.append("\(entry) has no initial view controller: sessions start at its first scene, \(initial), unless they name one")
        }
        return Merged(scenes: scenes, initialScene: initial, warnings: warnings, resolved: Set(redirect.keys))
    }
}
