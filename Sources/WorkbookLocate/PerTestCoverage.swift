import Foundation
import WorkbookGrading
import WorkbookModel
import WorkbookToolchain

/// Issue 54's third step, for an exercise no single change repairs: each test's lines of
/// the learner's file that ran, ranked (`CoverageRanking`), naming the lines only failing
/// tests ran; when none is, the report shows the learner's lines the failing tests ran.
///
/// The counters come from a `Provider` (`RepairProbe.Limits.perTestCoverage`); `check`
/// sets the built-in one (`provider(workbook:toolchain:lanes:)`: each test run alone in a
/// runner built for coverage, `CoverageRuns`), which is nil where the toolchain has no
/// coverage tools or profile runtime: then the report is what it is without coverage.
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

    /// The built-in provider, for `workbook`'s learner files; nil when `toolchain` has no
    /// `llvm-profdata`, `llvm-cov` or profile runtime beside `swiftc` (`ProfileTools`).
    public static func provider(workbook: Workbook, toolchain: SwiftToolchain, lanes: Int) -> Provider? {
        provider(runs: ProfileTools.find(swiftc: toolchain.swiftc).map {
            CoverageRuns(workbook: workbook, toolchain: toolchain, tools: $0, lanes: lanes)
        })
    }

    /// A provider from `runs`, nil without them. Coverage with no failing test's counters
    /// (every failing test crashed or timed out) is none.
    static func provider(runs: CoverageRuns?) -> Provider? {
        guard let runs else { return nil }
        return { grade, chapter in
            guard let tests = runs.lines(of: grade, in: chapter) else { return nil }
            let failing = tests.filter { !$0.passed }.map(\.lines)
            guard !failing.isEmpty else { return nil }
            return PerTestCoverage(failing: failing, passing: tests.filter(\.passed).map(\.lines))
        }
    }

    /// `result` (no line named by a repair) with what the ranking establishes: its named
    /// lines, or the lines the failing tests ran.
    static func applying(_ ranking: CoverageRanking, to result: Localization) -> Localization {
        var result = result
        if let named = ranking.named {
            result.line = named
            result.established = .coverage
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
        guard let provider = limits.perTestCoverage else { return result }
        let started = Date()
        let processor = limits.log == nil ? 0 : Self.processorSeconds()
        let hits = provider(target.grade, chapter)
        limits.log?("locate \(target.grade.id): per-test coverage " + (hits.map { "of \($0.failing.count) failing and \($0.passing.count) passing tests" } ?? "not had")
            + String(format: " in %.2f s (%.2f s of CPU)", Date().timeIntervalSince(started), Self.processorSeconds() - processor))
        guard let hits else { return result }
        // Without the reference (a student release ships none), every line counts as the learner's.
        let starter = target.exercise.referenceFile.flatMap { reference in
            try? SolutionMarkers.starter(from: workbook.read(reference), path: reference)
        } ?? ""
        let written = LearnerMutants.learnerLines(target.source.components(separatedBy: "\n"), starter: starter.components(separatedBy: "\n"))
        let ranking = CoverageRanking.rank(failing: hits.failing, passing: hits.passing, written: written, shown: Localization.ranLinesShown)
        return PerTestCoverage.applying(ranking, to: result)
    }
}

extension RepairProbe {
    /// CPU seconds of this process and of the children it has waited for (the compiles,
    /// the test runs, the coverage tools), for `WORKBOOK_TIMINGS=1`.
    static func processorSeconds() -> Double {
        var own = rusage()
        var children = rusage()
        #if os(Linux)
        let (me, waited) = (RUSAGE_SELF.rawValue, RUSAGE_CHILDREN.rawValue)
        #else
        let (me, waited) = (RUSAGE_SELF, RUSAGE_CHILDREN)
        #endif
        guard getrusage(me, &own) == 0, getrusage(waited, &children) == 0 else { return 0 }
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(own.ru_utime) + seconds(own.ru_stime) + seconds(children.ru_utime) + seconds(children.ru_stime)
    }
}

extension Localization {
    /// Lines of the learner's shown when nothing is named, at most.
    static let ranLinesShown = 12

    /// The summary of a line named by per-test coverage.
    func coverageSummary(_ line: Int) -> String {
        "\(file):\(line): look here — the one line of yours that every failing test ran and no passing test did (per-test coverage)"
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
