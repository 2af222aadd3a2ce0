import WorkbookKit

/// A `workbook` subcommand: a spec (what it accepts) and a run function. Validation
/// happens in the parser, against the spec, before `run` is called.
protocol Command {
    static var spec: CommandSpec { get }
    static func run(_ invocation: Invocation, in context: CommandContext) throws -> ExitCode
}
