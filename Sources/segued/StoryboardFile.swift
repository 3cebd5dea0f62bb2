import ArgumentParser
import Foundation
import Storyboard

/// Reads a storyboard file given on the command line.
enum StoryboardFile {
    /// - Throws: `ValidationError` naming the file and every problem in it.
    static func load(_ path: String) throws -> Storyboard {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read \(path)")
        }
        do {
            return try StoryboardJSONLoader.load(data)
        } catch {
            throw ValidationError("\(path) is not a storyboard segued can run:\n" + error.issues.map { "  \($0)" }.joined(separator: "\n"))
        }
    }
}
