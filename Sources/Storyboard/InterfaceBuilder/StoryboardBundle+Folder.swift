import Foundation

/// An Xcode project folder read as an upload bundle: every `.storyboard` (named by its file name)
/// and every Swift and Objective-C source, for the unwind actions they implement.
extension StoryboardBundle {
    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h"]
    static let skippedFolders: Set<String> = [".git", ".build", "Pods", "Carthage", "DerivedData", "build", "node_modules"]

    /// - Parameters:
    ///   - entry: the storyboard sessions start in; default `Main` when there is one, else the first by name.
    /// - Throws: ``FolderError`` when the folder cannot be read, has no storyboard, or lacks `entry`.
    public static func read(folder path: String, entry: String?) throws -> StoryboardBundle {
        let root = URL(fileURLWithPath: path)
        var storyboards: [String: Data] = [:]
        var sources: [String: String] = [:]
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
            }
        }
        guard !storyboards.isEmpty else { throw FolderError(message: "no .storyboard file under \(path)") }
        let chosen = entry ?? (storyboards["Main"] != nil ? "Main" : storyboards.keys.sorted()[0])
        guard storyboards[chosen] != nil else {
            throw FolderError(message: "no storyboard named \(chosen) under \(path) (found: \(storyboards.keys.sorted().joined(separator: ", ")))")
        }
        return StoryboardBundle(name: root.lastPathComponent, entry: chosen, storyboards: storyboards, sources: sources)
    }

    /// Why a folder is not an app segued can read.
    public struct FolderError: Error, CustomStringConvertible, Equatable {
        public var message: String
        public var description: String { message }
        public init(message: String) { self.message = message }
    }
}
