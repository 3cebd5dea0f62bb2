import ArgumentParser
import Foundation
import Logging
import SeguedService

/// What `segued serve --log-format json` writes beside its logs, as JSON lines too (issue 30:
/// containers merge standard output and error, so every line must parse): the start-up address on
/// standard output, and a refused command line or a failed start on standard error.
enum JSONOutput {
    /// Whether the command line asks for JSON lines (`--log-format json` or `--log-format=json`),
    /// read before parsing so that a command line the parser refuses is reported as JSON too.
    static func isRequested(_ arguments: [String]) -> Bool {
        for (index, argument) in arguments.enumerated() {
            if argument == "--log-format=json" { return true }
            if argument == "--log-format", index + 1 < arguments.count, arguments[index + 1] == "json" { return true }
        }
        return false
    }

    /// The address line: `{"time":…,"level":"info","message":"listening","url":"http://127.0.0.1:8080"}`.
    static func addressLine(_ url: String) -> String {
        // Without its line break: print adds one.
        String(decoding: JSONLineLogHandler.line(level: .info, message: "listening", metadata: ["url": .string(url)]).dropLast(), as: UTF8.self)
    }

    /// Runs the command line as `ParsableCommand.main()` does, but reports errors as one JSON line
    /// (`level` `critical`, `message` the parser's text, `exit_code`) when JSON is requested.
    /// Help and `--version` are still text: they are asked for by a person.
    static func main<Command: ParsableCommand>(_ command: Command.Type, arguments: [String]) -> Never {
        do {
            var parsed = try command.parseAsRoot(arguments)
            try parsed.run()
            exit(0)
        } catch {
            let code = command.exitCode(for: error)
            guard isRequested(arguments), !(error is CleanExit) else { command.exit(withError: error) }
            let message = command.fullMessage(for: error)
            // ExitCode carries no message: what went wrong was already logged.
            if !message.isEmpty {
                let line = JSONLineLogHandler.line(
                    level: .critical, message: message, metadata: ["exit_code": .stringConvertible(Int(code.rawValue))])
                FileHandle.standardError.write(Data(line))
            }
            exit(code.rawValue)
        }
    }
}
