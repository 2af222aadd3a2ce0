import WorkbookModel

/// `workbook --version` (also `workbook version`).
enum VersionCommand: Command {
    static let spec = CommandSpec(name: "version", summary: "print the workbook's version")

    static func run(_: NoOptions, in context: CommandContext) throws -> ExitCode {
        context.console.print("workbook \(WorkbookVersion.current)")
        return .success
    }
}
