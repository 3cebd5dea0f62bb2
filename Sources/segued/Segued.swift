import ArgumentParser

/// `segued`: UIKit's navigation on Linux, over HTTP.
@main
struct Segued: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "segued",
        abstract: "Runs UIKit storyboard navigation on Linux and answers every operation with its exact UIKit callbacks.",
        version: version,
        subcommands: [Serve.self, Lint.self, Import.self, Test.self, Explore.self],
        defaultSubcommand: Serve.self
    )
}
