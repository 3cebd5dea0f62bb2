import Foundation

/// An Xcode project folder read as an upload bundle: every `.storyboard` (named by its file name)
/// and every Swift and Objective-C source, for the unwind actions they implement; the entry is the
/// storyboard the app's `Info.plist` starts in (``AppInfoPlist``).
extension StoryboardBundle {
    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h"]
    static let skippedFolders: Set<String> = [".git", ".build", "Pods", "Carthage", "DerivedData", "build", "node_modules"]

    /// - Parameters:
    ///   - entry: the storyboard sessions start in; by default the one the app's `Info.plist` names
    ///     (with its `~ipad`/`~iphone` variants), else `Main` when there is one, else the first by name.
    /// - Throws: ``FolderError`` when the folder cannot be read, has no storyboard, or lacks `entry`.
    public static func read(folder path: String, entry: String?) throws -> StoryboardBundle {
        try readExplained(folder: path, entry: entry).bundle
    }

    /// ``read(folder:entry:)``, with where its entry came from, for a person (`segued import` prints it).
    public static func readExplained(folder path: String, entry: String?) throws -> (bundle: StoryboardBundle, entryReason: String) {
        let root = URL(fileURLWithPath: path)
        var storyboards: [String: Data] = [:]
        var sources: [String: String] = [:]
        var plists: [(path: String, info: AppInfoPlist)] = []
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else {
            throw FolderError(message: "cannot read the folder \(path)")
        }
        for case let url as URL in walker {
            if skippedFolders.contains(url.lastPathComponent) {
                walker.skipDescendants()
                continue
            }
            let relative = String(url.path.dropFirst(root.path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if url.pathExtension == "storyboard" {
                let name = url.deletingPathExtension().lastPathComponent
                // Localized copies (en.lproj, Base.lproj) repeat one storyboard: the first found is kept.
                if storyboards[name] == nil { storyboards[name] = try Data(contentsOf: url) }
            } else if sourceExtensions.contains(url.pathExtension), let text = try? String(contentsOf: url, encoding: .utf8) {
                sources[relative] = text
            } else if AppInfoPlist.isInfoPlist(fileName: url.lastPathComponent), let data = try? Data(contentsOf: url),
                let info = try? AppInfoPlist.read(data)
            {
                plists.append((relative, info))
            }
        }
        guard !storyboards.isEmpty else { throw FolderError(message: "no .storyboard file under \(path)") }
        let found = storyboards.keys.sorted().joined(separator: ", ")
        let name = root.lastPathComponent
        if let entry {
            guard storyboards[entry] != nil else { throw FolderError(message: "no storyboard named \(entry) under \(path) (found: \(found))") }
            return (StoryboardBundle(name: name, entry: entry, storyboards: storyboards, sources: sources), "entry \(entry) (--entry)")
        }
        let fallback = storyboards["Main"] != nil ? "Main" : storyboards.keys.sorted()[0]
        let fallbackReason = storyboards["Main"] != nil ? "Main.storyboard" : "the first storyboard by name"
        // The app's Info.plist: the one naming a storyboard, the shallowest first (an app's own sits
        // above its extensions' and tests'); an extension's names the extension's interface.
        let apps = plists.filter { !$0.info.isExtension && $0.info.entry != nil }
            .sorted { ($0.path.split(separator: "/").count, $0.path) < ($1.path.split(separator: "/").count, $1.path) }
        guard let app = apps.first, let named = app.info.entry else {
            let why = plists.isEmpty ? "no Info.plist" : "no Info.plist names a main storyboard"
            return (StoryboardBundle(name: name, entry: fallback, storyboards: storyboards, sources: sources), "entry \(fallback) (\(why): \(fallbackReason))")
        }
        guard storyboards[named] != nil else {
            return (StoryboardBundle(name: name, entry: fallback, storyboards: storyboards, sources: sources),
                    "entry \(fallback) (\(app.path) names \(named), which is not under \(path): \(fallbackReason))")
        }
        let idiomEntries = app.info.idiomEntries.filter { storyboards[$0.value] != nil }
        var reason = "entry \(named) (from \(app.path))"
        for idiom in idiomEntries.keys.sorted() { reason += ", \(idiomEntries[idiom]!) on \(idiom)" }
        for idiom in app.info.idiomEntries.keys.sorted() where idiomEntries[idiom] == nil {
            reason += "; its \(idiom) storyboard \(app.info.idiomEntries[idiom]!) is not under \(path)"
        }
        return (StoryboardBundle(name: name, entry: named, storyboards: storyboards, sources: sources, idiomEntries: idiomEntries), reason)
    }

    /// Why a folder is not an app segued can read.
    public struct FolderError: Error, CustomStringConvertible, Equatable {
        public var message: String
        public var description: String { message }
        public init(message: String) { self.message = message }
    }
}
