/// Commands whose issue has not landed yet: they are listed in help, and running one
/// says which issue builds it and exits 2 rather than pretending to work.
enum PlannedCommands {
    static let specs: [CommandSpec] = []

    static func run(_ spec: CommandSpec, in context: CommandContext) -> ExitCode {
        let issue = spec.plannedIn.map { " (issue #\($0))" } ?? ""
        context.console.printError("workbook \(spec.name): not built yet\(issue); see `workbook help` for the commands that work today")
        return .usage
    }
}
