import Foundation
import WorkbookKit

/// `workbook progress`: a bar per chapter, exercises done, hints used.
enum ProgressCommand: Command {
    static let spec = CommandSpec(
        name: "progress", summary: "show your progress through the workbook",
        discussion: """
        A bar per chapter with the exercises done (passed in `workbook check`), the hints
        used, and solutions seen early. Read from .workbook/progress.json. Exit status: 0.
        """)

    static func run(_ invocation: Invocation, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        let state = ProgressStore(workbook: workbook).load()
        let console = context.console
        var done = 0, total = 0
        for chapter in workbook.chapters {
            let entries = chapter.exercises.map { state[$0.id] }
            let passed = entries.filter(\.everPassed).count
            let hints = entries.map(\.hintsShown).reduce(0, +)
            let forced = entries.filter(\.solutionForced).count
            done += passed
            total += entries.count
            var line = String(format: "%2d ", chapter.number) + CheckReport.bar(passed, of: entries.count, width: 10)
                + " \(passed)/\(entries.count) done"
            if hints > 0 { line += ", \(hints) hint\(hints == 1 ? "" : "s") used" }
            if forced > 0 { line += ", \(forced) solution\(forced == 1 ? "" : "s") seen before passing" }
            console.print(line + "  " + console.styled(chapter.title, .dim))
        }
        console.print()
        console.print("\(done) of \(total) exercises done  \(CheckReport.bar(done, of: total))")
        return .success
    }
}
