import Foundation
import WorkbookGrading
import WorkbookModel

/// Issue 54's third step, for an exercise no single change repairs: each test's lines of
/// the learner's file that ran, ranked (`CoverageRanking`), naming the lines only failing
/// tests ran; when none is, the report shows the learner's lines the failing tests ran.
///
/// The counters come from a `Provider` (`RepairProbe.Limits.perTestCoverage`). None is
/// built in yet: the grader's runner takes a suite, not a test, in its orders
/// (`RunnerEntryPoint.orders`), and a run's only writable folder is a private tmpfs
/// that nothing is read back from (`SuiteRunner.sandboxPolicy`), so a per-test run with
/// `LLVM_PROFILE_FILE` set has nowhere to leave its counters (docs/localization.md).
public struct PerTestCoverage: Sendable, Equatable {
    /// Each failing test's lines of the file that ran (1-based): only tests whose counters
    /// were written (a crashed or stopped test writes none).
    public var failing: [Set<Int>]
    /// Each passing test's.
    public var passing: [Set<Int>]

    public init(failing: [Set<Int>], passing: [Set<Int>]) {
        self.failing = failing
        self.passing = passing
    }

    /// The per-test lines of `grade`'s file that ran, or nil when they could not be had.
    public typealias Provider = @Sendable (ExerciseGrade, Chapter) -> PerTestCoverage?

    /// `result` (no line named by a repair) with what the ranking establishes: its named
    /// lines, or the lines the failing tests ran.
    static func applying(_ ranking: CoverageRanking, to result: Localization) -> Localization {
        var result = result
        if let first = ranking.named.first {
            result.line = first
            result.established = .coverage
            result.alsoNamed = Array(ranking.named.dropFirst())
            result.moreNamed = ranking.moreNamed
            // A fact of the runs, whether or not the probe finished.
            result.unsure = nil
        } else if !ranking.ranByFailing.isEmpty {
            result.ranByFailing = ranking.ranByFailing
        }
        return result
    }
}

extension RepairProbe {
    /// For a target no repair names a line in: the ranking of its per-test coverage,
    /// over the lines the learner wrote.
    func coverageFallback(_ result: Localization, for target: ProbeTarget, in chapter: Chapter) -> Localization {
        guard let provider = limits.perTestCoverage, let hits = provider(target.grade, chapter) else { return result }
        // Without the reference (a student release ships none), every line counts as the learner's.
        let starter = target.exercise.referenceFile.flatMap { reference in
            try? SolutionMarkers.starter(from: workbook.read(reference), path: reference)
        } ?? ""
        let written = LearnerMutants.learnerLines(target.source.components(separatedBy: "\n"), starter: starter.components(separatedBy: "\n"))
        let ranking = CoverageRanking.rank(failing: hits.failing, passing: hits.passing, written: written)
        return PerTestCoverage.applying(ranking, to: result)
    }
}

extension Localization {
    /// Lines of the learner's shown when nothing is named, at most.
    static let ranLinesShown = 12

    /// The summary of a line named by per-test coverage, with the others named.
    func coverageSummary(_ line: Int) -> String {
        var text = "\(file):\(line): look here — failing tests ran this line and no passing test did (per-test coverage)"
        let others = alsoNamed ?? []
        if !others.isEmpty {
            let listed = others.count == 1 ? "line \(others[0])" : "lines " + others.map(String.init).joined(separator: ", ")
            text += "; so did \(listed)"
        }
        if let more = moreNamed, more > 0 { text += " and \(more) more" }
        return text
    }

    /// With no line named: the learner's lines the failing tests ran, numbered, at most
    /// `ranLinesShown` of them.
    func ranLines(source: String) -> [String] {
        guard let ran = ranByFailing, !ran.isEmpty else { return [] }
        return numbered(ran, heading: "your lines the failing tests ran:", source: source)
    }

    /// With no line named and no coverage: the learner's own lines (`written`), at most
    /// `ranLinesShown` of them, in file order.
    func writtenLines(source: String) -> [String] {
        guard let written, !written.isEmpty else { return [] }
        let shown = Array(written.prefix(Self.ranLinesShown)).sorted()
        return numbered(shown, heading: "the lines you wrote (not the starter's):", source: source,
                        more: written.count - shown.count)
    }

    private func numbered(_ ran: [Int], heading: String, source: String, more: Int? = nil) -> [String] {
        let lines = source.components(separatedBy: "\n")
        let shown = ran.filter { $0 >= 1 && $0 <= lines.count }.prefix(Self.ranLinesShown)
        guard !shown.isEmpty else { return [] }
        let width = "\(shown.max()!)".count
        var report = [heading]
        for number in shown {
            let text = lines[number - 1]
            let cut = text.count > 200 ? String(text.prefix(200)) + "…" : text
            report.append("  " + String(repeating: " ", count: width - "\(number)".count) + "\(number) | \(cut)")
        }
        let left = more ?? (ran.count - shown.count)
        if left > 0 { report.append("  … and \(left) more") }
        return report
    }
}
