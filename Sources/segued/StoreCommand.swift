import ArgumentParser
import Foundation
import Store

/// `segued store recover --state-dir DIR`: what a daemon that refused a damaged or missing
/// write-ahead log names (docs/durability.md). The store's files are set aside first.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store", abstract: "Work on a state directory while no daemon holds it.", subcommands: [Recover.self])

    struct Recover: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a store's damaged files aside in DIR/damaged-TIME, then keep what its write-ahead log holds before the damage (or the database file alone when that fails SQLite's check).")

        @Option(help: "The state directory of the store (serve --state-dir).")
        var stateDir: String

        func run() throws {
            do throws(StoreError) {
                let report = try LogRecovery.recover(directory: stateDir)
                for line in report.lines { print(line) }
            } catch {
                FileHandle.standardError.write(Data("cannot recover \(stateDir): \(error)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
