import WorkbookKit

/// `workbook check`'s text report: a line per exercise with what explains it, the
/// count, a progress bar, and the next step.
struct CheckReport {
    let console: Console

    func print(_ grade: ChapterGrade, chapter: Chapter) {
        console.print(console.styled("Chapter \(grade.chapter): \(grade.title)", .bold))
        let width = grade.exercises.map(\.title.count).max() ?? 0
        for exercise in grade.exercises {
            let title = exercise.title.padding(toLength: width, withPad: " ", startingAt: 0)
            console.print("  \(badge(exercise.status)) \(exercise.id.description.padding(toLength: 5, withPad: " ", startingAt: 0)) \(title)  \(label(exercise.status))")
            for line in details(exercise) + explanation(exercise, in: chapter) + dependencies(exercise, in: grade, chapter: chapter) {
                console.print("        " + line)
            }
        }
        let passed = grade.passedCount, total = grade.exercises.count
        console.print()
        console.print("\(passed) of \(total) exercise\(total == 1 ? "" : "s") pass  \(CheckReport.bar(passed, of: total))")
        if let next = grade.exercises.first(where: { !$0.passed }) {
            switch next.status {
            case .notStarted:
                console.print("Next: write exercise \(next.id) in \(next.learnerFile), then `workbook check \(next.id)`; stuck? `workbook hint \(next.id)`.")
            default:
                console.print("Next: fix exercise \(next.id) in \(next.learnerFile); stuck? `workbook hint \(next.id)`.")
            }
        } else if total > 0 {
            console.print(console.styled("All done. `workbook progress` shows the whole workbook.", .green))
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
        return uses.compactMap { id in
            guard let used = grade.exercises.first(where: { $0.id == id }), !used.passed else { return nil }
            return "This exercise uses your \(id), which does not pass yet: make \(id) pass first."
        }
    }

    private func details(_ exercise: ExerciseGrade) -> [String] {
        switch exercise.status {
        case .passed:
            return exercise.outputTruncated ? ["(its output passed the limit and was cut)"] : []
        case .failed:
            guard let failing = exercise.tests.first(where: { $0.status != .pass }) else { return [exercise.message] }
            var lines = ["“\(failing.name)”:"]
            lines += (failing.message ?? "failed").split(separator: "\n").map { "  " + $0 }
            if let location = failing.location { lines.append("  at \(location)") }
            let others = exercise.tests.filter { $0.status != .pass }.count - 1
            if others > 0 { lines.append("(and \(others) more failing test\(others == 1 ? "" : "s"))") }
            return lines
        case .doesNotCompile, .crashed, .timedOut, .notStarted:
            let lines = exercise.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // Keep long compiler output readable; the JSON form has all of it.
            return lines.count > 40 ? Array(lines.prefix(40)) + ["… (\(lines.count - 40) more lines: `workbook check \(exercise.id) --format json`)"] : lines
        }
    }
}
