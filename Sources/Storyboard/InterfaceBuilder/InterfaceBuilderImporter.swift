public import Foundation

/// A storyboard read from Interface Builder XML, with what the import could not take as it is.
public struct ImportedStoryboard: Sendable {
    public var storyboard: Storyboard
    public var warnings: [String]

    public init(storyboard: Storyboard, warnings: [String]) {
        self.storyboard = storyboard
        self.warnings = warnings
    }
}

/// Reads Interface Builder `.storyboard` XML (Xcode 4.2 to today) into the segued model.
///
/// Scenes are keyed by their controller's object id (what segue destinations name); in a bundle of
/// several storyboards, by `Name:id`. Relationship segues become containment (`root`, `tabs`, split
/// columns); storyboard references are resolved across the storyboards of one upload, and kept as
/// plain scenes with a warning when they name one that is not in it.
public enum InterfaceBuilderImporter {
    /// Imports one `.storyboard` document.
    /// - Parameters:
    ///   - name: the storyboard's name (the file name without extension).
    ///   - classes: what the app's sources say of its classes (superclasses, unwind actions); merged
    ///     over the document's own `<classes>` section when it has one.
    /// - Throws: ``StoryboardError``: `malformed` with line and column, `refused` for DTDs and
    ///   entities, `invalid` for a document that is not a storyboard.
    public static func load(_ data: Data, name: String, classes: [String: ClassInfo] = [:]) throws(StoryboardError) -> ImportedStoryboard {
        try load(StoryboardBundle(name: name, entry: name, storyboards: [name: data], classes: classes), swift: NoSwiftSources())
    }

    /// Imports the storyboards of one app together; the entry storyboard's initial scene starts sessions.
    /// - Parameter swift: reads the bundle's Swift sources (`SourceScanning.SwiftSyntaxSourceReader`).
    public static func load(_ bundle: StoryboardBundle, swift: any SwiftSourceReader) throws(StoryboardError) -> ImportedStoryboard {
        guard bundle.storyboards[bundle.entry] != nil else {
            throw StoryboardError(kind: .invalid, issues: [.init(path: "entry", message: "no storyboard named \"\(bundle.entry)\" in the upload")])
        }
        for idiom in bundle.idiomEntries.keys.sorted() {
            guard ["phone", "pad"].contains(idiom) else {
                throw StoryboardError(kind: .invalid, issues: [.init(path: "idiomEntries.\(idiom)", message: "unknown idiom (expected phone or pad)")])
            }
            guard bundle.storyboards[bundle.idiomEntries[idiom]!] != nil else {
                throw StoryboardError(kind: .invalid, issues: [
                    .init(path: "idiomEntries.\(idiom)", message: "no storyboard named \"\(bundle.idiomEntries[idiom]!)\" in the upload"),
                ])
            }
        }
        var documents: [String: IBDocument] = [:]
        var issues: [StoryboardError.Issue] = []
        var kinds: Set<StoryboardError.Kind> = []
        for name in bundle.storyboards.keys.sorted() {
            do {
                documents[name] = try IBDocument.read(bundle.storyboards[name]!, name: name)
            } catch {
                kinds.insert(error.kind)
                issues += error.issues.map { issue in
                    var issue = issue
                    issue.path = bundle.storyboards.count > 1 ? "storyboards.\(name)" + (issue.path.isEmpty || issue.path == name ? "" : ".\(issue.path)") : issue.path
                    return issue
                }
            }
        }
        guard issues.isEmpty else {
            let kind: StoryboardError.Kind = kinds.contains(.refused) ? .refused : kinds.contains(.malformed) ? .malformed : .invalid
            throw StoryboardError(kind: kind, issues: issues)
        }
        if bundle.storyboards.count > 1 {
            documents = documents.mapValues { $0.prefixed("\($0.name):") }
        }
        var merged = IBReferenceResolver.merge(documents, entry: bundle.entry)
        var classes: [String: ClassInfo] = [:]
        for name in documents.keys.sorted() { classes.merge(documents[name]!.classes) { $1 } }
        let scanned = UnwindActionScanner.read(bundle.sources, swift: swift)
        classes.merge(scanned.classes) { existing, scanned in
            ClassInfo(superclass: scanned.superclass ?? existing.superclass, unwindActions: Array(Set(existing.unwindActions + scanned.unwindActions)).sorted())
        }
        classes.merge(bundle.classes) { $1 }
        CodeActionResolver.resolve(&merged.scenes, classes: classes, methods: scanned.methods)
        let documentNames = [bundle.entry] + bundle.storyboards.keys.sorted().filter { $0 != bundle.entry }
        var storyboard = Storyboard(
            name: bundle.name, initialScene: merged.initialScene, scenes: merged.scenes, classes: classes, documents: documentNames)
        for idiom in bundle.idiomEntries.keys.sorted() where bundle.idiomEntries[idiom] != bundle.entry {
            let entry = bundle.idiomEntries[idiom]!
            let initial = IBReferenceResolver.merge(documents, entry: entry)
            merged.warnings += initial.warnings.filter { $0.hasPrefix("\(entry) has no initial view controller") }
            storyboard.idiomInitialScenes[idiom] = initial.initialScene
        }
        let problems = StoryboardValidator.validate(storyboard)
        guard problems.isEmpty else { throw StoryboardError(kind: .invalid, issues: problems) }
        merged.warnings += StoryboardLint.warnings(storyboard, resolvedReferences: merged.resolved)
        return ImportedStoryboard(storyboard: storyboard, warnings: merged.warnings)
    }
}

/// An app's storyboards with what its sources say: the upload of `POST /v1/storyboards` as a bundle.
public struct StoryboardBundle: Sendable {
    public var name: String
    /// The storyboard whose initial scene starts sessions.
    public var entry: String
    /// The storyboard whose initial scene starts sessions of one device family instead (`pad`,
    /// `phone`), as an `Info.plist`'s `~ipad`/`~iphone` keys say (``AppInfoPlist``).
    public var idiomEntries: [String: String] = [:]
    /// `.storyboard` documents by name (the file name without extension).
    public var storyboards: [String: Data]
    /// Swift and Objective-C sources by path, scanned for unwind actions.
    public var sources: [String: String]
    /// Class facts: superclasses and unwind actions, over what the sources say.
    public var classes: [String: ClassInfo]

    public init(
        name: String, entry: String, storyboards: [String: Data], sources: [String: String] = [:], classes: [String: ClassInfo] = [:],
        idiomEntries: [String: String] = [:]
    ) {
        self.name = name
        self.entry = entry
        self.idiomEntries = idiomEntries
        self.storyboards = storyboards
        self.sources = sources
        self.classes = classes
    }
}

/// The reader for a document that has no sources (one `.storyboard`).
private struct NoSwiftSources: SwiftSourceReader {
    func classes(inSwift source: String) -> [DeclaredClass] { [] }
}
