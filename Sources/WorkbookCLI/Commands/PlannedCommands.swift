/// Commands whose issue has not landed yet: they are listed in help, and running one
/// says which issue builds it and exits 2 rather than pretending to work.
enum PlannedCommands {
    static let specs: [CommandSpec] = [
        CommandSpec(name: "start", summary: "write a chapter's starter files into your workspace", arguments: "<N>", argumentCount: 1...1, plannedIn: 8),
        CommandSpec(name: "check", summary: "grade your answers to a chapter or one exercise", arguments: "<N|N.M>", argumentCount: 1...1, plannedIn: 8),
        CommandSpec(name: "hint", summary: "show the next hint for an exercise", arguments: "<N.M>", argumentCount: 1...1, plannedIn: 8),
        CommandSpec(name: "solution", summary: "show the reference solution of an exercise you passed", arguments: "<N.M>", argumentCount: 1...1, plannedIn: 8),
        CommandSpec(name: "reset", summary: "restore an exercise's starter (keeping a backup)", arguments: "<N.M>", argumentCount: 1...1, plannedIn: 8),
        CommandSpec(name: "progress", summary: "show your progress through the workbook", plannedIn: 8),
        CommandSpec(name: "watch", summary: "re-check exercises as you save them", arguments: "[N]", argumentCount: 0...1, plannedIn: 8),
        CommandSpec(name: "verify", summary: "prove every starter fails and every reference passes", arguments: "[N]", argumentCount: 0...1, plannedIn: 8),
        CommandSpec(name: "run", summary: "run a chapter's snippets and compare their output", arguments: "<N|all|FILE.swift>", argumentCount: 1...1, plannedIn: 9),
    ]

    static func run(_ spec: CommandSpec, in context: CommandContext) -> ExitCode {
        let issue = spec.plannedIn.map { " (issue #\($0))" } ?? ""
        context.console.printError("workbook \(spec.name): not built yet\(issue); see `workbook help` for the commands that work today")
        return .usage
    }
}
