import Foundation

/// A `workbook` subcommand: a spec (what it accepts), its typed options and a run
/// function. The parser checks the words against the spec; `Options` decodes and
/// validates them; only then is `run` called, with the options typed.
protocol Command {
    associatedtype Options: ParsableOptions = NoOptions
    static var spec: CommandSpec { get }
    static func run(_ options: Options, in context: CommandContext) throws -> ExitCode
}

extension Command {
    /// The command's options from a parsed command line, validated.
    static func options(_ invocation: Invocation, currentDirectory: URL) throws(UsageError) -> Options {
        try Options(from: OptionValues(invocation, known: spec.allOptions, currentDirectory: currentDirectory))
    }

    /// Decodes, then runs: no `run` sees a command line's words.
    static func decodeAndRun(_ invocation: Invocation, in context: CommandContext) throws -> ExitCode {
        try run(options(invocation, currentDirectory: context.currentDirectory), in: context)
    }
}
