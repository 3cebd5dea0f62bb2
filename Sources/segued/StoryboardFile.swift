import ArgumentParser
import Foundation
import SourceScanning
import Storyboard

/// Reads storyboards given on the command line in any form an upload takes (``StoryboardDocument``):
/// segued JSON, Interface Builder XML, or an app bundle such as `segued import -o` writes.
enum StoryboardFile {
    /// - Throws: `ValidationError` naming the file and every problem in it.
    static func load(_ path: String) throws -> ImportedStoryboard {
        do throws(StoryboardFile.Failure) {
            return try read(path)
        } catch .unreadable {
            throw ValidationError("cannot read \(path)")
        } catch .invalid(let error) {
            throw ValidationError("\(path) is not a storyboard segued can run:\n" + error.issues.map { "  \($0)" }.joined(separator: "\n"))
        }
    }

    enum Failure: Error {
        case unreadable
        case invalid(StoryboardError)
    }

    /// The file's storyboard; an Interface Builder document is named by its file name without extension.
    static func read(_ path: String) throws(Failure) -> ImportedStoryboard {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable }
        do {
            return try StoryboardDocument.load(data, name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, swift: SwiftSyntaxSourceReader())
        } catch {
            throw .invalid(error)
        }
    }

    static func importBundle(_ bundle: StoryboardBundle) throws -> ImportedStoryboard {
        do {
            return try InterfaceBuilderImporter.load(bundle, swift: SwiftSyntaxSourceReader())
        } catch {
            throw ValidationError("\(bundle.name) cannot be imported:\n" + error.issues.map { "  \($0)" }.joined(separator: "\n"))
        }
    }
}
