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
        subcommands: [Serve.self, Lint.self, Import.self, Test.self, Explore.self, Healthcheck.self, StoreCommand.self],
        defaultSubcommand: Serve.self
    )

    /// As ArgumentParser's, but a refused command line is a JSON line under `--log-format json`.
    static func main() {
        JSONOutput.main(Segued.self, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
