import ArgumentParser
import Foundation
import Storyboard

/// Reads storyboards given on the command line: segued JSON, or Interface Builder XML by extension.
enum StoryboardFile {
    /// - Throws: `ValidationError` naming the file and every problem in it.
    static func load(_ path: String) throws -> ImportedStoryboard {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read \(path)")
        }
        do {
            if path.hasSuffix(".storyboard") {
                let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                return try InterfaceBuilderImporter.load(data, name: name)
            }
            let storyboard = try StoryboardJSONLoader.load(data)
            return ImportedStoryboard(storyboard: storyboard, warnings: StoryboardLint.warnings(storyboard))
        } catch {
            throw ValidationError("\(path) is not a storyboard segued can run:\n" + error.issues.map { "  \($0)" }.joined(separator: "\n"))
        }
    }

    static func importBundle(_ bundle: StoryboardBundle) throws -> ImportedStoryboard {
        do {
            return try InterfaceBuilderImporter.load(bundle)
        } catch {
            throw ValidationError("\(bundle.name) cannot be imported:\n" + error.issues.map { "  \($0)" }.joined(separator: "\n"))
        }
    }
}
