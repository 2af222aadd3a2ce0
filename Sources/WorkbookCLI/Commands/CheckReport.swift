import WorkbookGrading
import WorkbookModel

/// `workbook check`'s text report: a line per exercise graded, under it every failing
/// test with its own message, the test's lines that failed and the learner's code they
/// call; then the chapter's totals, a progress bar and the next step.
struct CheckReport {
    let console: Console
    /// Show every line whole (`--full`); otherwise each exercise's details are folded
    /// to `ReportFold.rows` screen rows and no line is wider than `ReportFold.widest`.
    var full = false
    /// Where to look in a failing exercise (the repair probe), printed first under its
    /// line and never folded away; asked only after that line is out, as it takes seconds.
    var locate: ((ExerciseGrade) -> [String])?
    /// The terminal's rows, for `watch`: each failing exercise's details are folded so its
    /// ✗ line and the line to look at stay on one screen with the rest of the report.
    var screenRows: Int?
    /// The chapter's title line is already out (`watch` prints it at once, before grading).
    var titlePrinted = false

    /// `statuses`: every exercise of the chapter as `list` shows it now (after this
    /// check was recorded), so the totals are the chapter's, not just this check's.
    func print(_ grade: ChapterGrade, chapter: Chapter, statuses: [ExerciseID: ExerciseStatus]) {
        if !titlePrinted { console.print(CheckReport.title(grade.chapter, grade.title, console: console)) }
        let width = grade.exercises.map(\.title.count).max() ?? 0
        // Rows on a screen besides the failing exercises' own: the title, a line per
        // exercise, the totals (a blank line, the count, the next step) and `watch`'s last line.
        let failingCount = grade.exercises.filter { !$0.passed }.count
        let share = screenRows.map { max(8, ($0 - 5 - grade.exercises.count) / max(1, failingCount)) }
        let rowsOf = { (line: String) in TextWrap.wrap("        " + line, width: console.width, hangingIndent: "          ").count }
        for exercise in grade.exercises {
            let title = exercise.title.padding(toLength: width, withPad: " ", startingAt: 0)
            // Waiting on another exercise's code: said on its line, as the status is said.
            let waiting = exercise.waitingNote == nil ? ""
                : console.styled(" — needs \(exercise.dependencies.map(\.exercise).joined(separator: " and ")) first", .yellow)
            // `grade` graded it again with a reference in place of another exercise's failing file.
            let standIn = exercise.standInNote.map { console.styled(" — \($0)", .yellow) } ?? ""
            console.printWrapped("  \(badge(exercise.status)) \(exercise.id.description.padding(toLength: 5, withPad: " ", startingAt: 0)) \(title)  \(label(exercise.status))\(waiting)\(standIn)")
            let located = exercise.passed ? [] : (locate?(exercise) ?? [])
            var lines = details(exercise) + explanation(exercise, in: chapter) + dependencies(exercise, in: grade, chapter: chapter)
            if !full {
                // On a screen of `screenRows`, what is left of this exercise's share once
                // its line to look at is out, the fold line included.
                let rows = share.map { min(ReportFold.rows, max(3, $0 - 1 - located.map(rowsOf).reduce(0, +))) } ?? ReportFold.rows
                let folded = ReportFold.fold(lines.flatMap { ReportFold.fitted($0) }, rows: rows, cost: rowsOf)
                lines = folded.lines
                if folded.hidden > 0 {
                    lines.append("… \(folded.hidden) more line\(folded.hidden == 1 ? "" : "s"): `workbook check \(exercise.id) --full` shows them all")
                }
            }
            // The line to look at first, and the escape hatches last, never folded away.
            lines = located + lines + CheckReport.escapeHatchLines(exercise)
            for line in lines { console.printWrapped(line, indent: "        ") }
        }
        printSummary(grade, chapter: chapter, statuses: statuses)
    }

    /// The report's first line: the chapter's number and title.
    static func title(_ number: Int, _ title: String, console: Console) -> String {
        console.styled("Chapter \(number): \(title)", .bold)
    }

    /// The chapter's totals and the next step: "passed" counts what passes with the files
    /// as they are now; "Next" names an exercise that does not.
    func printSummary(_ grade: ChapterGrade, chapter: Chapter, statuses: [ExerciseID: ExerciseStatus]) {
        let ids = chapter.exercises.map(\.id)
        let passed = ids.filter { statuses[$0] == .passing }.count
        let total = ids.count
        console.print()
        let graded = grade.exercises.count < total ? " (checked now: \(grade.exercises.map(\.id.description).joined(separator: ", ")))" : ""
        console.printWrapped("Chapter \(chapter.number): \(passed) of \(total) exercise\(total == 1 ? "" : "s") pass  \(CheckReport.bar(passed, of: total))\(graded)")
        let failing = grade.exercises.first { !$0.passed }
        // An exercise that fails on another's code waits for that one: it comes first.
        if let failing, let dependency = failing.dependencies.first, let id = ExerciseID(dependency.exercise) {
            let verb = dependency.status == GradeStatus.notStarted.word ? "write" : "fix"
            console.printWrapped("Next: \(verb) exercise \(id) in \(dependency.file) first (\(failing.id) uses it); stuck? `workbook hint \(id)`.")
            return
        }
        let nextID = failing?.id ?? ids.first { statuses[$0] != .passing }
        if let nextID, let exercise = chapter.exercise(nextID) {
            let file = failing?.learnerFile ?? "your \(exercise.fileName ?? "file")"
            let status = failing?.status ?? (statuses[nextID] == .notStarted ? .notStarted : .failed)
            switch status {
            case .notStarted:
                console.printWrapped("Next: write exercise \(nextID) in \(file), then `workbook check \(nextID)`; stuck? `workbook hint \(nextID)`.")
            default:
                if statuses[nextID] == .unknown, failing == nil {
                    console.printWrapped("Next: exercise \(nextID) changed since it was last checked: `workbook check \(nextID)`.")
                } else {
                    console.printWrapped("Next: fix exercise \(nextID) in \(file); stuck? `workbook hint \(nextID)`.")
                }
            }
        } else if total > 0 {
            console.print(console.styled("All done: every exercise of chapter \(chapter.number) passes. `workbook progress` shows the whole workbook.", .green))
        }
    }

    /// `[██████░░░░]`: passed out of total, ten cells wide.
    static func bar(_ done: Int, of total: Int, width: Int = 20) -> String {
        let filled = total == 0 ? 0 : (done * width) / total
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "]"
    }

    private func badge(_ status: GradeStatus) -> String {
        switch status {
        case .passed: return console.styled("✓", .green)
        case .failed, .crashed, .timedOut: return console.styled("✗", .red)
        case .doesNotCompile: return console.styled("!", .red)
        case .notStarted: return console.styled("·", .dim)
        }
    }

    private func label(_ status: GradeStatus) -> String {
        switch status {
        case .passed: return console.styled("passed", .green)
        case .failed: return console.styled("failed", .red)
        case .doesNotCompile: return console.styled("does not compile", .red)
        case .crashed: return console.styled("crashed", .red)
        case .timedOut: return console.styled("timed out", .red)
        case .notStarted: return console.styled("not started", .dim)
        }
    }

    /// A predict exercise's "why", once the prediction is right: the point of it.
    private func explanation(_ exercise: ExerciseGrade, in chapter: Chapter) -> [String] {
        guard exercise.passed, let why = chapter.exercise(exercise.id)?.explanation else { return [] }
        return ["Why: " + why.text.replacingOccurrences(of: "\n", with: "\n        ")]
    }

    /// An exercise that uses another's code (`Uses: 4.2`) may fail because that one does.
    private func dependencies(_ exercise: ExerciseGrade, in grade: ChapterGrade, chapter: Chapter) -> [String] {
        guard !exercise.passed, exercise.status != .notStarted, let uses = chapter.exercise(exercise.id)?.uses else { return [] }
        // Already named, with what is used, when the tests were seen to reach its code.
        let named = Set(exercise.dependencies.map(\.exercise))
        return uses.compactMap { id in
            guard !named.contains(id.description), let used = grade.exercises.first(where: { $0.id == id }), !used.passed else { return nil }
            return "This exercise uses your \(id), which does not pass yet: make \(id) pass first."
        }
    }

    /// What is under an exercise's line: dependencies first, then why it is not passing
    /// (every failing test), then the warnings in the learner's file.
    func details(_ exercise: ExerciseGrade) -> [String] {
        var lines: [String] = []
        for dependency in exercise.dependencies {
            lines.append(CheckReport.dependencyLine(exercise.id, dependency))
        }
        if !exercise.dependencies.isEmpty, !exercise.passed {
            lines.append("  so the failures below may come from that code rather than from yours.")
        }
        switch exercise.status {
        case .passed:
            if exercise.outputTruncated { lines.append("(its output passed the limit and was cut)") }
        case .failed:
            let failing = exercise.tests.filter { $0.status != .pass }
            if failing.isEmpty { lines += split(exercise.message) }
            if failing.count > 1 { lines.append(exercise.message + ":") }
            // Hidden tests (a teacher's grading) are counted apart, as the gradebook shows them.
            if exercise.hiddenTally.count > 0 {
                lines.append("visible tests \(exercise.visibleTally), hidden tests \(exercise.hiddenTally)")
            }
            var shown: Set<String> = []
            for test in failing { lines += testLines(test, shown: &shown) }
        case .crashed, .timedOut:
            lines += split(exercise.message)
            let cut = exercise.tests.filter { $0.status == .fail }
            var shown: Set<String> = []
            for test in cut { lines += testLines(test, shown: &shown) }
            if let pointer = exercise.tests.first(where: { $0.status == .error })?.yourCode.first, cut.isEmpty {
                lines.append("the test calls your \(pointer.name) at \(pointer.path):\(pointer.line)" + (pointer.excerpt == nil ? "" : ":"))
                lines += split(pointer.excerpt ?? "").filter { !$0.isEmpty }.map { "  " + $0 }
            }
        case .doesNotCompile, .notStarted:
            lines += split(exercise.message)
        }
        if !exercise.warnings.isEmpty {
            lines.append("warnings in your file (they do not fail the exercise):")
            lines += split(exercise.warnings).map { "  " + $0 }
        }
        return lines
    }

    /// "look at this: exercises/01-blocks/Ex2_Counter.swift:14 uses dlsym (…why)": a note
    /// for each escape hatch, never a failure.
    static func escapeHatchLines(_ exercise: ExerciseGrade) -> [String] {
        exercise.escapeHatches.map { "look at this: \($0.path):\($0.line) uses \($0.name) (\($0.why))" }
    }

    /// "4.2 uses `Move.target` from your Ex1_Moves.swift (exercise 4.1, failing): fix 4.1 first"
    static func dependencyLine(_ id: ExerciseID, _ dependency: Dependency) -> String {
        let what = dependency.names.isEmpty ? "code" : dependency.names.map { "`\($0)`" }.joined(separator: ", ")
        let file = dependency.file.split(separator: "/").last.map(String.init) ?? dependency.file
        return "\(id) uses \(what) from your \(file) (exercise \(dependency.exercise), \(dependency.status)): fix \(dependency.exercise) first,"
    }

    /// One failing test: its name, its message, the lines that failed, the learner's code it
    /// calls — each declaration's own lines the first time a test of the exercise calls it
    /// (`shown` keeps which), and the test's own lines once for all its failing cases.
    private func testLines(_ test: TestOutcome, shown: inout Set<String>) -> [String] {
        var lines = ["✗ “\(test.name)”" + (test.hidden ? " (hidden test)" : "")]
        lines += split(test.message ?? "failed").map { "    " + $0 }
        if let failedCode = test.failedCode, !failedCode.isEmpty {
            let place = test.location.map { "\($0.path):\($0.line)" }
            if let place, shown.contains("test " + place) {
                // A parameterized test's cases fail at the same lines: shown with the first.
                lines.append("    at \(place) (its lines are shown above)")
            } else {
                if let place { shown.insert("test " + place) }
                lines.append("    " + (place.map { "\($0):" } ?? "the test:"))
                // Each numbered line once: a parameterized test's failing cases repeat its statement.
                var seen: Set<String> = []
                lines += split(failedCode).filter { seen.insert($0).inserted }.map { "      " + $0 }
            }
        } else if let location = test.location {
            lines.append("    at \(location)")
        }
        if !test.yourCode.isEmpty {
            let places = test.yourCode.map { "\($0.name) at \($0.path):\($0.line)" }
            lines.append("    it calls your " + places.joined(separator: ", "))
            for pointer in test.yourCode where !shown.contains("\(pointer.path):\(pointer.line)") {
                guard let excerpt = pointer.excerpt else { continue }
                shown.insert("\(pointer.path):\(pointer.line)")
                lines.append("    your \(pointer.name):")
                lines += split(excerpt).map { "      " + $0 }
            }
        }
        return lines
    }

    private func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
