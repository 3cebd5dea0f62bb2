/// Checks that a storyboard's references resolve and that each scene and segue is one segued can run.
/// Returns every problem found, in a stable order (scenes sorted by id, segues in order).
public enum StoryboardValidator {
    public static func validate(_ storyboard: Storyboard) -> [StoryboardError.Issue] {
        var issues: [StoryboardError.Issue] = []
        func fail(_ path: String, _ message: String) { issues.append(.init(path: path, message: message)) }
        func check(_ reference: SceneID?, at path: String) {
            if let reference, storyboard.scenes[reference] == nil { fail(path, "unknown scene \"\(reference)\"") }
        }

        if storyboard.scenes.isEmpty { fail("scenes", "a storyboard needs at least one scene") }
        if storyboard.scenes[storyboard.initialScene] == nil, !storyboard.initialScene.rawValue.isEmpty {
            fail("initialScene", "unknown scene \"\(storyboard.initialScene)\"")
        }
        for idiom in storyboard.idiomInitialScenes.keys.sorted() {
            if !["phone", "pad"].contains(idiom) { fail("idiomInitialScenes.\(idiom)", "unknown idiom (expected phone or pad)") }
            check(storyboard.idiomInitialScenes[idiom], at: "idiomInitialScenes.\(idiom)")
        }
        // Storyboard identifiers are unique within one storyboard file, not across an app's storyboards.
        var storyboardIdentifiers: [String: [String: SceneID]] = [:]
        let documentOf = Dictionary(uniqueKeysWithValues: storyboard.scenesByDocument.flatMap { document, ids in ids.map { ($0, document) } })
        for id in storyboard.sortedSceneIDs {
            let scene = storyboard.scenes[id]!
            let path = "scenes.\(id)"
            check(scene.root, at: "\(path).root")
            for (index, tab) in scene.tabs.enumerated() { check(tab, at: "\(path).tabs[\(index)]") }
            check(scene.primary, at: "\(path).primary")
            check(scene.secondary, at: "\(path).secondary")
            check(scene.supplementary, at: "\(path).supplementary")
            check(scene.compact, at: "\(path).compact")
            checkKind(scene, at: path, fail: fail)
            if let identifier = scene.storyboardIdentifier {
                let document = documentOf[id] ?? storyboard.entry
                if let other = storyboardIdentifiers[document]?[identifier] {
                    fail("\(path).storyboardIdentifier", "\"\(identifier)\" is also the identifier of scene \"\(other)\"")
                } else {
                    storyboardIdentifiers[document, default: [:]][identifier] = id
                }
            }
            for (index, segue) in scene.segues.enumerated() {
                let seguePath = "\(path).segues[\(index)]"
                check(segue.destination, at: "\(seguePath).destination")
                checkSegue(segue, at: seguePath, fail: fail)
            }
        }
        issues += classIssues(storyboard.classes)
        return issues.isEmpty ? containmentIssues(storyboard) : issues
    }

    private static func checkKind(_ scene: Scene, at path: String, fail: (String, String) -> Void) {
        switch scene.kind {
        case .tabBarController:
            if !scene.tabs.isEmpty, !scene.tabs.indices.contains(scene.selectedIndex) {
                fail("\(path).selectedIndex", "\(scene.selectedIndex) is outside the \(scene.tabs.count) tabs")
            }
        case .splitViewController:
            if scene.primary == nil, scene.secondary != nil || scene.supplementary != nil || scene.compact != nil {
                fail("\(path).primary", "a splitViewController with columns needs a primary column")
            }
        default:
            break
        }
        let fields: [(String, Bool)] = [
            ("root", scene.root != nil && scene.kind != .navigationController),
            ("tabs", !scene.tabs.isEmpty && scene.kind != .tabBarController),
            ("primary", scene.primary != nil && scene.kind != .splitViewController),
            ("secondary", scene.secondary != nil && scene.kind != .splitViewController),
            ("supplementary", scene.supplementary != nil && scene.kind != .splitViewController),
            ("compact", scene.compact != nil && scene.kind != .splitViewController),
        ]
        for (field, misplaced) in fields where misplaced {
            fail("\(path).\(field)", "not allowed on a \(scene.kind.rawValue)")
        }
    }

    private static func checkSegue(_ segue: Segue, at path: String, fail: (String, String) -> Void) {
        switch segue.kind {
        case .unwind:
            if segue.action == nil { fail("\(path).action", "an unwind segue needs an action") }
            if segue.destination != nil { fail("\(path).destination", "an unwind segue has no destination") }
        case .custom:
            if segue.perform == nil { fail("\(path).perform", "a custom segue needs perform (present, push, replaceRoot or embed)") }
            if segue.destination == nil { fail("\(path).destination", "missing") }
        default:
            if segue.destination == nil { fail("\(path).destination", "missing") }
            if segue.action != nil { fail("\(path).action", "only unwind segues have an action") }
        }
        if segue.kind != .custom, segue.perform != nil {
            fail("\(path).perform", "only custom segues declare perform")
        }
    }
}
