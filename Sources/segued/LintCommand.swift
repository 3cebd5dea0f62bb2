import ArgumentParser
import Foundation
import Storyboard

/// `segued lint FILE`: loads a segued-JSON storyboard and reports every problem with its place.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a segued-JSON storyboard: every problem is printed with its path; exit 1 if any.")

    @Argument(help: "The storyboard file.")
    var file: String

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            FileHandle.standardError.write(Data("\(file): cannot read\n".utf8))
            throw ExitCode(1)
        }
        do {
            let storyboard = try StoryboardJSONLoader.load(data)
            let segues = storyboard.scenes.values.reduce(0) { $0 + $1.segues.count }
            print("\(file): ok — storyboard \(storyboard.name), \(storyboard.scenes.count) scenes, \(segues) segues")
        } catch {
            for issue in error.issues { print("\(file): \(issue)") }
            throw ExitCode(1)
        }
    }
}
