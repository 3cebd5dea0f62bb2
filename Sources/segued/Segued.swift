import ArgumentParser
import SeguedService

/// `segued`: UIKit's navigation on Linux, over HTTP.
@main
struct Segued: ParsableCommand {
    static let version = SeguedService.version

    static let configuration = CommandConfiguration(
        commandName: "segued",
        abstract: "Runs UIKit storyboard navigation on Linux and answers every operation with its exact UIKit callbacks.",
        version: version,
        subcommands: [Serve.self, Lint.self, Import.self, Test.self, Explore.self],
        defaultSubcommand: Serve.self
    )
}
