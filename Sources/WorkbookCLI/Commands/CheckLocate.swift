import Foundation
import WorkbookGrading
import WorkbookLocate
import WorkbookModel
import WorkbookToolchain

/// Where to look, for `check` and `watch`: the repair probe run on a failing write
/// exercise after its ✗ line is printed, its lines put first under it. `WORKBOOK_LOCATE=0`
/// leaves it out.
struct CheckLocate {
    let probe: RepairProbe
    /// With `WORKBOOK_TIMINGS=1`, each probe's time and mutants tried go to standard error.
    let timings: Console?

    init?(workbook: Workbook, toolchain: SwiftToolchain?, environment: [String: String], console: Console) {
        timings = CommandContext.wantsTimings(environment) ? console : nil
        guard environment["WORKBOOK_LOCATE"] != "0", let toolchain else { return nil }
        var limits = RepairProbe.Limits()
        if let timings { limits.log = { timings.printError("workbook: " + $0) } }
        probe = RepairProbe(workbook: workbook, toolchain: toolchain, limits: limits)
    }

    func localization(_ grade: ExerciseGrade, in chapter: Chapter) -> Localization? {
        let found = probe.locate(grade, in: chapter)
        if let found, let timings {
            timings.printError("workbook: " + String(format: "%6.3f s", found.seconds)
                + "  located \(found.exercise): line \(found.line.map(String.init) ?? "none"), \(found.tried) changes tried, "
                + String(format: "%.3f s", found.compileSeconds ?? 0) + " to compile the schema and run it once")
        }
        return found
    }

    /// The report's lines for `grade`: the summary and the named line in context.
    func lines(_ grade: ExerciseGrade, in chapter: Chapter) -> [String] {
        guard let found = localization(grade, in: chapter) else { return [] }
        let file = chapter.exercise(grade.id).flatMap { probe.workbook.learnerFile(for: $0, in: chapter) }
        let source = file.flatMap { FileManager.default.contents(atPath: $0.path) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return found.reportLines(source: source)
    }

    /// `grade` with the summary put first in each failing test's message (results.json
    /// has no field of its own for it).
    func annotated(_ grade: ChapterGrade, chapter: Chapter) -> ChapterGrade {
        var grade = grade
        for index in grade.exercises.indices {
            guard let found = localization(grade.exercises[index], in: chapter) else { continue }
            for test in grade.exercises[index].tests.indices where grade.exercises[index].tests[test].status != .pass {
                let message = grade.exercises[index].tests[test].message
                grade.exercises[index].tests[test].message = found.summary + (message.map { "\n" + $0 } ?? "")
            }
        }
        return grade
    }
}
