import Foundation
import WorkbookModel

/// `workbook progress`: a bar per chapter, exercises done, hints used.
enum ProgressCommand: Command {
    struct Options: ParsableOptions {
        static let format = OutputFormat.option([.text, .json], "text (default) or json (one object on standard output)")

        var format: OutputFormat

        init(from given: OptionValues) {
            format = given.choice(Self.format, default: .text)
        }
    }

    static let spec = CommandSpec(
        name: "progress", summary: "show your progress through the workbook",
        options: [Options.format],
        discussion: """
        A bar per chapter with the exercises passing (the last `workbook check` passed with
        the file as it is now: the same status `workbook list` shows), the exercises that
        passed once but not with the current file ("done once", history), the hints used,
        and solutions seen early (--format json: each exercise's status, history and hints as
        one object). Read from .workbook/progress.json. Exit status: 0.
        """)

    static func run(_ options: Options, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        let state = ProgressStore(workbook: workbook).load()
        if options.format == .json {
            context.console.print(JSONOutput.progress(workbook, state: state))
            return .success
        }
        let console = context.console
        var passing = 0, total = 0
        for chapter in workbook.chapters {
            let statuses = chapter.exercises.map { workbook.recordedStatus(of: $0, in: chapter, state: state) }
            let entries = chapter.exercises.map { state[$0.id] }
            let passed = statuses.filter { $0 == .passing }.count
            // History, labelled as such: passed once, but not with the file as it is now.
            let once = zip(statuses, entries).filter { $0.0 != .passing && $0.1.everPassed }.count
            let hints = entries.map(\.hintsUsed).reduce(0, +)
            let forced = entries.filter(\.solutionForced).count
            passing += passed
            total += entries.count
            var line = String(format: "%2d ", chapter.number) + CheckReport.bar(passed, of: entries.count, width: 10)
                + " \(passed)/\(entries.count) passing"
            if once > 0 { line += ", \(once) done once (not passing now)" }
            if hints > 0 { line += ", \(hints) hint\(hints == 1 ? "" : "s") used" }
            if forced > 0 { line += ", \(forced) solution\(forced == 1 ? "" : "s") seen before passing" }
            console.printWrapped(line + "  " + console.styled(chapter.title, .dim), indent: "   ")
        }
        console.print()
        console.print("\(passing) of \(total) exercises passing  \(CheckReport.bar(passing, of: total))")
        return .success
    }
}
