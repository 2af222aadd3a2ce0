import Foundation
import WorkbookGrading
import WorkbookLocate
import WorkbookModel

/// `workbook hint N.M`: the next hint, one more each time; `--all` for every hint.
enum HintCommand: Command {
    struct Options: ParsableOptions {
        static let all = CommandSpec.Option.flag("all", "show every hint")

        /// `N.M`.
        var exercise: String
        var all: Bool

        init(from given: OptionValues) {
            exercise = given.arguments[0]
            all = given.flag(Self.all)
        }
    }

    static let spec = CommandSpec(
        name: "hint", summary: "show the next hint for an exercise",
        arguments: "<N.M>", argumentCount: 1...1,
        options: [Options.all],
        discussion: """
        Shows the hints shown so far plus the next one; the count is remembered in
        .workbook/progress.json. Hints come from chapters/hints/NN-slug.md, out of the
        chapter's reading path. The first nudges; the last names the idea and the API (the
        answer itself is `workbook solution`'s, once the exercise passes). For a predict
        exercise it also shows the expected line where your prediction first differs, which a
        check's report shows only after three different wrong predictions. After the last
        hint, when your last check found the line to look at by a small change, it names the
        kind of change (never the change), while your file is as it was then. A hint read
        after the exercise passed is not counted as used in `workbook progress`.
        Exit status: 0; 2 for an unknown exercise.
        """)

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        let (chapter, exercise) = try workbook.exercise(given.exercise)
        let console = context.console
        guard !exercise.hints.isEmpty else {
            console.print("Exercise \(exercise.id) has no hints.")
            if exercise.kind.judge == .prediction { try showExpectedLine(exercise, in: chapter, workbook: workbook, context: context) }
            return .success
        }
        let store = ProgressStore(workbook: workbook)
        let shown = store.load()[exercise.id].hintsShown
        let count = given.all ? exercise.hints.count : min(shown + 1, exercise.hints.count)
        try store.update { state in
            state[exercise.id].hintsShown = max(count, state[exercise.id].hintsShown)
            // A hint read once the exercise passes did not help pass it: not counted as used.
            if !state[exercise.id].everPassed {
                state[exercise.id].hintsBeforePassing = max(count, state[exercise.id].hintsBeforePassing ?? 0)
            }
        }
        console.print(console.styled("Exercise \(exercise.id): \(exercise.title)", .bold))
        for (index, hint) in exercise.hints.prefix(count).enumerated() {
            console.print("Hint \(index + 1) of \(exercise.hints.count): \(hint.text)")
        }
        if exercise.kind.judge == .prediction { try showExpectedLine(exercise, in: chapter, workbook: workbook, context: context) }
        // After the last hint, what the last check's repair probe found: the line and the
        // kind of change, never the change (it is the answer).
        if count == exercise.hints.count, let found = RepairProbe.lastFinding(for: exercise, in: chapter, workbook: workbook),
           let line = found.line, let change = found.change, found.established == .repair {
            console.print("And from your last check: line \(line) of \(found.file) needs one small change — \(change).")
        }
        if count < exercise.hints.count {
            console.print(console.styled("Run `workbook hint \(exercise.id)` again for the next hint.", .dim))
        } else {
            console.print(console.styled("That was the last hint. Once the exercise passes, `workbook solution \(exercise.id)` shows the model answer.", .dim))
        }
        return .success
    }

    /// A predict exercise's hint also shows the expected line where the learner's
    /// prediction first differs (a check's report says only where and how).
    private static func showExpectedLine(_ exercise: Exercise, in chapter: Chapter, workbook: Workbook, context: CommandContext) throws {
        guard let file = workbook.learnerFile(for: exercise, in: chapter), FileManager.default.fileExists(atPath: file.path) else { return }
        var options = Grader.Options()
        options.revealPredictions = [exercise.id]
        let grade = try GradingContext(workbook: workbook, chapter: chapter, exercise: exercise)
            .grade(options: options, console: context.console, context: context, showProgress: false)
        guard let result = grade.exercises.first(where: { $0.id == exercise.id }) else { return }
        switch result.status {
        case .failed: context.console.print("Where your prediction first differs: \(result.message)")
        case .passed: context.console.print("Your prediction is right: `workbook check \(exercise.id)` records it.")
        default: break
        }
    }
}
