import WorkbookKit
import WorkbookModel

/// `workbook hint N.M`: the next hint, one more each time; `--all` for every hint.
enum HintCommand: Command {
    static let spec = CommandSpec(
        name: "hint", summary: "show the next hint for an exercise",
        arguments: "<N.M>", argumentCount: 1...1,
        options: [.flag("all", "show every hint")],
        discussion: """
        Shows the hints shown so far plus the next one; the count is remembered in
        .workbook/progress.json. Hints come from chapters/hints/NN-slug.md, out of the
        chapter's reading path. The first nudges; the last names the idea and the API (the
        answer itself is `workbook solution`'s, once the exercise passes).
        Exit status: 0; 2 for an unknown exercise.
        """)

    static func run(_ invocation: Invocation, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        let (_, exercise) = try workbook.exercise(invocation.arguments[0])
        let console = context.console
        guard !exercise.hints.isEmpty else {
            console.print("Exercise \(exercise.id) has no hints.")
            return .success
        }
        let store = ProgressStore(workbook: workbook)
        let shown = store.load()[exercise.id].hintsShown
        let count = invocation.has("all") ? exercise.hints.count : min(shown + 1, exercise.hints.count)
        try store.update { $0[exercise.id].hintsShown = max(count, $0[exercise.id].hintsShown) }
        console.print(console.styled("Exercise \(exercise.id): \(exercise.title)", .bold))
        for (index, hint) in exercise.hints.prefix(count).enumerated() {
            console.print("Hint \(index + 1) of \(exercise.hints.count): \(hint.text)")
        }
        if count < exercise.hints.count {
            console.print(console.styled("Run `workbook hint \(exercise.id)` again for the next hint.", .dim))
        } else {
            console.print(console.styled("That was the last hint. Once the exercise passes, `workbook solution \(exercise.id)` shows the model answer.", .dim))
        }
        return .success
    }
}
