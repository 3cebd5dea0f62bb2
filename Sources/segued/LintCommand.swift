import ArgumentParser
import Foundation
import Storyboard

/// `segued lint FILE`: loads a storyboard (segued JSON or `.storyboard` XML) and reports every
/// problem with its place, then the lint warnings.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a storyboard (segued JSON or Interface Builder .storyboard): problems exit 1, warnings are printed.")

    @Argument(help: "The storyboard file.")
    var file: String

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            FileHandle.standardError.write(Data("\(file): cannot read\n".utf8))
            throw ExitCode(1)
        }
        let imported: ImportedStoryboard
        do {
            if file.hasSuffix(".storyboard") {
                imported = try InterfaceBuilderImporter.load(data, name: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
            } else {
                let storyboard = try StoryboardJSONLoader.load(data)
                imported = ImportedStoryboard(storyboard: storyboard, warnings: StoryboardLint.warnings(storyboard))
            }
        } catch {
            for issue in error.issues { print("\(file): error: \(issue)") }
            throw ExitCode(1)
        }
        for warning in imported.warnings { print("\(file): warning: \(warning)") }
        let storyboard = imported.storyboard
        let segues = storyboard.segueCountsByKind.values.reduce(0, +)
        print("\(file): ok — storyboard \(storyboard.name), \(storyboard.scenes.count) scenes, \(segues) segues, \(imported.warnings.count) warnings")
    }
}
