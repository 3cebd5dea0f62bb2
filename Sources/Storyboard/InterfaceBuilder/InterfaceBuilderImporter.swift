public import Foundation

/// A storyboard read from Interface Builder XML, with what the import could not take as it is.
public struct ImportedStoryboard: Sendable {
    public var storyboard: Storyboard
    public var warnings: [String]
}

/// Reads Interface Builder `.storyboard` XML (Xcode 4.2 to today) into the segued model.
///
/// Scenes are keyed by their controller's object id (what segue destinations name). Relationship
/// segues become containment (`root`, `tabs`, split columns); storyboard references to scenes of
/// the same document are resolved, others are kept as plain scenes with a warning.
public enum InterfaceBuilderImporter {
    /// - Parameters:
    ///   - data: the `.storyboard` file.
    ///   - name: the storyboard's name (the file name without extension).
    ///   - classes: what the app's sources say of its classes (superclasses, unwind actions); merged
    ///     with the document's own `<classes>` section when it has one.
    /// - Throws: ``StoryboardError``: `malformed` with line and column, `refused` for DTDs and
    ///   entities, `invalid` for a document that is not a storyboard.
    public static func load(_ data: Data, name: String, classes: [String: ClassInfo] = [:]) throws(StoryboardError) -> ImportedStoryboard {
        let document = try XMLElementTree.parse(data)
        guard document.name == "document", document["type"]?.contains("Storyboard") == true else {
            throw StoryboardError(kind: .invalid, issues: [.init(path: "", message: "not an Interface Builder storyboard (the root element is <\(document.name)>)", line: document.line, column: document.column)])
        }
        var builder = IBSceneBuilder()
        for scene in document.child(named: "scenes")?.children(named: "scene") ?? [] {
            builder.add(scene)
        }
        builder.resolveReferences(storyboardName: name, initialScene: document["initialViewController"].map { SceneID($0) })
        var merged = IBClassesSection.read(document)
        for (className, info) in classes { merged[className] = info }

        var warnings = builder.warnings
        guard let firstScene = builder.order.first else {
            throw StoryboardError(kind: .invalid, issues: [.init(path: "scenes", message: "the storyboard has no scenes")])
        }
        let initial: SceneID
        if let id = document["initialViewController"], builder.scenes[SceneID(id)] != nil {
            initial = SceneID(id)
        } else {
            initial = firstScene
            warnings.append("no initial view controller: sessions start at the first scene, \(firstScene), unless they name one")
        }
        let storyboard = Storyboard(name: name, initialScene: initial, scenes: builder.scenes, classes: merged)
        let issues = StoryboardValidator.validate(storyboard)
        guard issues.isEmpty else { throw StoryboardError(kind: .invalid, issues: issues) }
        return ImportedStoryboard(storyboard: storyboard, warnings: warnings)
    }
}
