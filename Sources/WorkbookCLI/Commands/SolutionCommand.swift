import Foundation
import WorkbookModel

/// `workbook solution N.M`: the reference solution, once the exercise has passed.
enum SolutionCommand: Command {
    struct Options: ParsableOptions {
        static let force = CommandSpec.Option.flag("force", "show it before you have passed (recorded in your progress)")
        static let comments = CommandSpec.Option.flag("comments", "keep the comment lines in the diff (they are left out of it by default)")

        /// `N.M`.
        var exercise: String
        var force: Bool
        var comments: Bool

        init(from given: OptionValues) {
            exercise = given.arguments[0]
            force = given.flag(Self.force)
            comments = given.flag(Self.comments)
        }
    }

    static let spec = CommandSpec(
        name: "solution", summary: "show the reference solution of an exercise you passed",
        arguments: "<N.M>", argumentCount: 1...1,
        options: [
            Options.force, Options.comments,
        ],
        discussion: """
        Prints the model answer (the reference file without its solution markers), then a
        diff from your file to it (the solution regions only; your declarations matched to
        the model answer's by name, comment lines left out unless --comments), then the reasons the model
        answer gives in its comments, once `workbook check` has seen the exercise pass. Before that it refuses and says how to
        pass, unless --force, which is recorded in .workbook/progress.json.
        In a student release (`workbook release`) there is no model answer to show: it says
        the teacher has them.
        Exit status: 0 when shown, 1 when refused, 2 for an unknown exercise, 3 in a student release.
        """)

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        let (chapter, exercise) = try workbook.exercise(given.exercise)
        let console = context.console
        if workbook.isRelease {
            console.printError("This is a student release: the model answers are not in it; your teacher has them. "
                + "`workbook check \(exercise.id)` says what passes, and `workbook hint \(exercise.id)` helps.")
            return .inRelease
        }
        let store = ProgressStore(workbook: workbook)
        let entry = store.load()[exercise.id]
        let forced = given.force
        guard entry.everPassed || forced else {
            let file = workbook.learnerFile(for: exercise, in: chapter).map(workbook.displayPath) ?? "your file"
            console.printError("The solution of exercise \(exercise.id) opens once it passes. Write it in \(file), "
                + "run `workbook check \(exercise.id)` until it passes (`workbook hint \(exercise.id)` helps), "
                + "or use --force to see it now (your progress will say so).")
            return .failure
        }
        guard let reference = exercise.referenceFile else {
            throw WorkbookError.unreadable(path: exercise.location.path, reason: "exercise \(exercise.id) names no reference file")
        }
        let solution = try SolutionMarkers.solution(from: try workbook.read(reference), path: reference)
        try store.update { state in
            state[exercise.id].solutionShown = true
            if !entry.everPassed { state[exercise.id].solutionForced = true }
        }
        console.print(console.styled("Exercise \(exercise.id): \(exercise.title) — the reference solution (\(reference))", .bold))
        console.print(solution)

        let learnerFile = workbook.learnerFile(for: exercise, in: chapter)
        let learnerText = learnerFile.flatMap { FileManager.default.contents(atPath: $0.path) }.map { String(decoding: $0, as: UTF8.self) }
        let comparison = try SolutionDiff(reference: try workbook.read(reference), path: reference, learner: learnerText)
        let learnerName = learnerFile.map(workbook.displayPath) ?? "your file"
        console.print()
        if learnerText == nil {
            console.print("You have no \(learnerName) to compare it with.")
        } else {
            let diffs = comparison.diffs(learnerName: learnerName, comments: given.comments)
            if comparison.regions.contains(where: { $0.learner == nil }) {
                console.print("Part of \(learnerName) could not be matched to the solution's place in the reference; compare it with the listing above.")
            }
            if !diffs.isEmpty, diffs.allSatisfy(\.isEmpty) {
                console.print("Your solution is the model answer, line for line.")
            } else if !diffs.isEmpty {
                console.print(console.styled("Your solution against the model answer:", .bold))
                for diff in diffs where !diff.isEmpty {
                    for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
                        let style: Style? = line.hasPrefix("-") && !line.hasPrefix("---") ? .red
                            : line.hasPrefix("+") && !line.hasPrefix("+++") ? .green : line.hasPrefix("@@") ? .cyan : nil
                        console.print("    " + (style.map { console.styled(String(line), $0) } ?? String(line)))
                    }
                }
            }
        }
        let reasons = comparison.regions.flatMap(\.reasons)
        if !reasons.isEmpty {
            console.print()
            console.print(console.styled("Why the model answer is written this way (from its comments):", .bold))
            for reason in reasons { console.printWrapped("  " + reason, indent: "  ") }
        }
        return .success
    }
}
