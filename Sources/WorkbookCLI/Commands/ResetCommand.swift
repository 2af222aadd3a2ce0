import WorkbookModel

/// `workbook reset N.M`: back up the learner's file, then restore the starter.
enum ResetCommand: Command {
    typealias Options = ArgumentsOnly

    static let spec = CommandSpec(
        name: "reset", summary: "restore an exercise's starter (keeping a backup)",
        arguments: "<N.M>", argumentCount: 1...1,
        discussion: """
        Copies your file to .workbook/backups/ (the path is printed), then writes the
        starter in its place. Exit status: 0; 2 for an unknown exercise.
        """)

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        let (chapter, exercise) = try workbook.exercise(given.arguments[0])
        let backup = try WorkspaceFiles(workbook: workbook).reset(exercise, in: chapter)
        let file = workbook.learnerFile(for: exercise, in: chapter).map(workbook.displayPath) ?? "?"
        if let backup {
            context.console.print("Backed up your file to \(workbook.displayPath(backup)).")
        }
        context.console.print("Restored the starter of exercise \(exercise.id) in \(file).")
        try ProgressStore(workbook: workbook).update { $0[exercise.id].status = ExerciseStatus.notStarted.rawValue }
        return .success
    }
}
