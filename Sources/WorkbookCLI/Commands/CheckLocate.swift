import Foundation
import Synchronization
import WorkbookGrading
import WorkbookLocate
import WorkbookModel
import WorkbookToolchain

/// Where to look, for `check` and `watch`: the repair probe run on a failing write
/// exercise after its ✗ line is printed, its lines put first under it. `WORKBOOK_LOCATE=0`
/// leaves it out. The first failing exercise of a chapter probes all its failing ones in
/// one build (`RepairProbe.locate(_:in:)`); the others' findings are then at hand.
final class CheckLocate: Sendable {
    let probe: RepairProbe
    /// With `WORKBOOK_TIMINGS=1`, each probe's time and mutants tried go to standard error.
    let timings: Console?
    /// Findings so far, by chapter and exercise, with the grade each was found for: a
    /// `watch` redraw after an edit brings another grade (its times at least differ).
    private let found = Mutex<[Int: [ExerciseID: (grade: ExerciseGrade, found: Localization)]]>([:])

    init?(workbook: Workbook, toolchain: SwiftToolchain?, environment: [String: String], console: Console) {
        timings = CommandContext.wantsTimings(environment) ? console : nil
        guard environment["WORKBOOK_LOCATE"] != "0", let toolchain else { return nil }
        var limits = RepairProbe.Limits()
        if let timings { limits.log = { timings.printError("workbook: " + $0) } }
        // `WORKBOOK_LOCATE_BUDGET=S`: each exercise's runs may take S seconds, not 20. The
        // planted-mistake suite sets it, so that what it measures is what the probe finds
        // within its run count, not how busy the machine is (under a load of 15, the 20 s
        // stop lost 5 of 73 findings, measured); `make bench-locate` measures the time.
        if let budget = environment["WORKBOOK_LOCATE_BUDGET"].flatMap(Double.init), budget > 0 { limits.budget = budget }
        // Per-test coverage for the exercises no single change repairs (none where the
        // toolchain has no coverage tools).
        limits.perTestCoverage = PerTestCoverage.provider(workbook: workbook, toolchain: toolchain, lanes: limits.lanes)
        probe = RepairProbe(workbook: workbook, toolchain: toolchain, limits: limits)
    }

    /// Where to look for `grade`, probing with it the other failing exercises of
    /// `among` (its chapter's grade) not probed yet.
    func localization(_ grade: ExerciseGrade, in chapter: Chapter, among: ChapterGrade? = nil) -> Localization? {
        if let known = found.withLock({ $0[chapter.number]?[grade.id] }), known.grade == grade { return known.found }
        let others = (among?.exercises ?? []).filter { $0.id != grade.id && !$0.passed }
            .filter { other in found.withLock { $0[chapter.number]?[other.id]?.grade != other } }
        let probed = [grade] + others
        let located = probe.locate(probed, in: chapter)
        found.withLock { memo in
            for graded in probed { memo[chapter.number, default: [:]][graded.id] = located[graded.id].map { (graded, $0) } }
        }
        if let timings {
            for result in located.values.sorted(by: { $0.exercise < $1.exercise }) {
                timings.printError("workbook: " + String(format: "%6.3f s", result.seconds)
                    + "  located \(result.exercise): line \(result.line.map(String.init) ?? "none"), \(result.tried) changes tried, "
                    + String(format: "%.3f s", result.compileSeconds ?? 0) + " to compile the schema and run it once")
            }
        }
        return located[grade.id]
    }

    /// The report's lines for `grade`: the summary and the named line in context.
    func lines(_ grade: ExerciseGrade, in chapter: Chapter, among: ChapterGrade? = nil) -> [String] {
        guard let found = localization(grade, in: chapter, among: among) else { return [] }
        let file = chapter.exercise(grade.id).flatMap { probe.workbook.learnerFile(for: $0, in: chapter) }
        let source = file.flatMap { FileManager.default.contents(atPath: $0.path) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return found.reportLines(source: source)
    }

    /// `grade` with the summary put first in each failing test's message (results.json
    /// has no field of its own for it).
    func annotated(_ grade: ChapterGrade, chapter: Chapter) -> ChapterGrade {
        var grade = grade
        for index in grade.exercises.indices {
            guard let found = localization(grade.exercises[index], in: chapter, among: grade) else { continue }
            for test in grade.exercises[index].tests.indices where grade.exercises[index].tests[test].status != .pass {
                let message = grade.exercises[index].tests[test].message
                grade.exercises[index].tests[test].message = found.summary + (message.map { "\n" + $0 } ?? "")
            }
        }
        return grade
    }
}
