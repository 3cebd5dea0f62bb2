import ArgumentParser
import Foundation
import Storyboard

/// `segued import DIR`: reads an Xcode project folder and writes the upload bundle for
/// `POST /v1/storyboards` (or prints it).
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read an Xcode project folder (storyboards and sources) and write the upload bundle as JSON.")

    @Argument(help: "The project folder.")
    var folder: String

    @Option(help: "The storyboard sessions start in (default: the one the app's Info.plist names, else Main, else the first by name).")
    var entry: String?

    @Option(name: .shortAndLong, help: "Where to write the bundle (default: standard output).")
    var output: String?

    func run() throws {
        let (bundle, reason) = try StoryboardBundle.readExplained(folder: folder, entry: entry)
        FileHandle.standardError.write(Data("\(reason)\n".utf8))
        // Check it imports before writing it, so that a bundle that would be refused is not produced.
        let imported = try StoryboardFile.importBundle(bundle)
        for warning in imported.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        let text = bundle.jsonValue.compactDescription + "\n"
        if let output {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output))
            FileHandle.standardError.write(Data("wrote \(output): \(bundle.storyboards.count) storyboards, \(bundle.sources.count) sources\n".utf8))
        } else {
            print(text, terminator: "")
        }
    }
}
