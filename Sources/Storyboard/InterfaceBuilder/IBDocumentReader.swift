import Foundation

/// One `.storyboard` document read into scenes, before references to other documents are resolved.
struct IBDocument {
    var name: String
    var scenes: [SceneID: Scene]
    var order: [SceneID]
    var initialScene: SceneID?
    var references: [SceneID: (storyboard: String?, identifier: String?)]
    var classes: [String: ClassInfo]
    var warnings: [String]

    static func read(_ data: Data, name: String) throws(StoryboardError) -> IBDocument {
        let document = try XMLElementTree.parse(data)
        guard document.name == "document", document["type"]?.contains("Storyboard") == true else {
            throw StoryboardError(
                kind: .invalid,
                issues: [.init(path: name, message: "not an Interface Builder storyboard (the root element is <\(document.name)>)", line: document.line, column: document.column)])
        }
        var builder = IBSceneBuilder()
        // The document's resources list the system symbols its scenes use (`<image name="gear"
        // catalog="system">`): an image named there but not marked where it is used is one too.
        builder.systemImages = Set((document.child(named: "resources")?.children(named: "image") ?? [])
            .filter { $0["catalog"] == "system" }.compactMap { $0["name"] })
        for scene in document.child(named: "scenes")?.children(named: "scene") ?? [] { builder.add(scene) }
        guard !builder.order.isEmpty else {
            throw StoryboardError(kind: .invalid, issues: [.init(path: name, message: "the storyboard has no scenes")])
        }
        let initial = document["initialViewController"].map { SceneID($0) }.flatMap { builder.scenes[$0] != nil ? $0 : nil }
        return IBDocument(
            name: name, scenes: builder.scenes, order: builder.order, initialScene: initial,
            references: builder.references, classes: IBClassesSection.read(document), warnings: builder.warnings)
    }

    /// The scene with `storyboardIdentifier`, or the initial scene when `identifier` is nil.
    func target(_ identifier: String?) -> SceneID? {
        guard let identifier else { return initialScene }
        return order.first { scenes[$0]?.storyboardIdentifier == identifier }
    }

    /// Prefixes every scene id (and every reference to one) with `prefix`.
    func prefixed(_ prefix: String) -> IBDocument {
        func map(_ id: SceneID) -> SceneID { SceneID(prefix + id.rawValue) }
        var copy = self
        copy.scenes = Dictionary(uniqueKeysWithValues: scenes.map { id, scene in
            var scene = scene
            scene.id = map(id)
            scene.root = scene.root.map(map)
            scene.tabs = scene.tabs.map(map)
            scene.primary = scene.primary.map(map)
            scene.secondary = scene.secondary.map(map)
            scene.supplementary = scene.supplementary.map(map)
            scene.compact = scene.compact.map(map)
            scene.segues = scene.segues.map { segue in
                var segue = segue
                segue.destination = segue.destination.map(map)
                return segue
            }
            return (map(id), scene)
        })
        copy.order = order.map(map)
        copy.initialScene = initialScene.map(map)
        copy.references = Dictionary(uniqueKeysWithValues: references.map { (map($0.key), $0.value) })
        return copy
    }
}
