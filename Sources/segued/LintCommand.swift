import ArgumentParser
import Foundation
import Storyboard

/// `segued lint FILE`: loads a storyboard (segued JSON, `.storyboard` XML, or an app bundle) and
/// reports every problem with its place, then the lint warnings.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a storyboard (segued JSON, Interface Builder .storyboard, or an app bundle from segued import): problems exit 1, warnings are printed.")

    @Argument(help: "The storyboard or bundle file.")
    var file: String

    func run() throws {
        let imported: ImportedStoryboard
        do throws(StoryboardFile.Failure) {
            imported = try StoryboardFile.read(file)
        } catch .unreadable {
            FileHandle.standardError.write(Data("\(file): cannot read\n".utf8))
            throw ExitCode(1)
        } catch .invalid(let error) {
            for issue in error.issues { print("\(file): error: \(issue)") }
            throw ExitCode(1)
        }
        for warning in imported.warnings { print("\(file): warning: \(warning)") }
        let storyboard = imported.storyboard
        let segues = storyboard.segueCountsByKind.values.reduce(0, +)
        print("\(file): ok — storyboard \(storyboard.name), \(storyboard.scenes.count) scenes, \(segues) segues, \(imported.warnings.count) warnings")
    }
}
