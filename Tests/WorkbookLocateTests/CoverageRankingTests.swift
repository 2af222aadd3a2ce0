import Foundation
import Testing
import WorkbookGrading
import WorkbookModel
import WorkbookTestSupport
import WorkbookToolchain
@testable import WorkbookLocate

/// Per-test coverage ranked, for an exercise no single change repairs (docs/localization.md):
/// a line is named only when failing tests ran it and no passing test did.
@Suite("Per-test coverage names only the one line every failing test ran and no passing test did")
struct CoverageRankingTests {
    @Test("Ochiai's score is 1 for a line every failing test ran and no passing one, less as passing tests run it too")
    func ochiai() {
        #expect(CoverageRanking.ochiai(failedRunning: 2, passedRunning: 0, failed: 2) == 1)
        #expect(CoverageRanking.ochiai(failedRunning: 1, passedRunning: 1, failed: 2) == 0.5)
        #expect(CoverageRanking.ochiai(failedRunning: 1, passedRunning: 0, failed: 4) == 0.5)
        #expect(CoverageRanking.ochiai(failedRunning: 0, passedRunning: 3, failed: 2) == 0)
    }

    @Test("the one learner line every failing test ran and no passing test did is named, never a starter line")
    func namesOnlyFailingLines() {
        // Lines 1–3 the starter's, 4–9 the learner's.
        let written: Set<Int> = [4, 5, 6, 7, 8, 9]
        let failing: [Set<Int>] = [[1, 2, 3, 4, 5, 7, 8], [1, 3, 4, 6, 8]]
        let passing: [Set<Int>] = [[1, 2, 4, 5], [1, 4, 9]]
        let ranking = CoverageRanking.rank(failing: failing, passing: passing, written: written)
        // 8: both failing tests, no passing one; 6 and 7 one failing test each (as
        // `removing`'s first line was in 2.5, with the mistake in `findKey`); 3 the starter's.
        #expect(ranking.named == 8)
        #expect(ranking.ranByFailing == [4, 5, 6, 7, 8])
    }

    @Test("two lines every failing test ran and no passing test did: neither is named")
    func twoQualifyNoneNamed() {
        let ranking = CoverageRanking.rank(failing: [[1, 2, 3], [1, 2, 3, 4]], passing: [[1]], written: Set(1...10))
        #expect(ranking.named == nil)
        #expect(ranking.ranByFailing == [1, 2, 3, 4])
    }

    @Test("nothing is named without a passing test, or when every line the failing tests ran qualifies")
    func singlesNothingOut() {
        let written = Set(1...10)
        let noPassing = CoverageRanking.rank(failing: [[2, 3]], passing: [], written: written)
        #expect(noPassing.named == nil)
        #expect(noPassing.ranByFailing == [2, 3])
        let disjoint = CoverageRanking.rank(failing: [[2, 3]], passing: [[7]], written: written)
        #expect(disjoint.named == nil)
        #expect(disjoint.ranByFailing == [2, 3])
        let allShared = CoverageRanking.rank(failing: [[2, 3]], passing: [[2, 3, 4]], written: written)
        #expect(allShared.named == nil)
        #expect(CoverageRanking.rank(failing: [], passing: [[2]], written: written) == CoverageRanking(named: nil, ranByFailing: []))
    }

    @Test("past the lines a report shows, the lines the failing tests ran most against the passing ones come first")
    func shownFirst() {
        // Line 14 ran in both failing tests and one passing test; 1–13 in one failing test and one passing test each.
        let failing: [Set<Int>] = [Set(1...14), [14]]
        let passing: [Set<Int>] = [Set(1...14)]
        let ranking = CoverageRanking.rank(failing: failing, passing: passing, written: Set(1...20), shown: 12)
        #expect(ranking.named == nil)
        #expect(ranking.ranByFailing == Array(1...11) + [14, 12, 13])
        // Within what is shown, file order.
        #expect(CoverageRanking.rank(failing: failing, passing: passing, written: Set(1...20), shown: 14).ranByFailing == Array(1...14))
    }

    static let source = """
    func firstFound(_ items: [Int], count: Int) -> [Int] {
        var found: [Int] = []
        for item in items where item > 0 {
            found.append(item)
            if found.count > count { found.removeLast() }
        }
        return found
    }
    """

    static var unrepaired: Localization {
        Localization(exercise: "2.7", file: "exercises/02-x/Ex2_7.swift", line: nil, tried: 12, seconds: 1)
    }

    @Test("a named line is said to be established by per-test coverage, and shown in context")
    func namedReport() {
        let ranking = CoverageRanking(named: 5, ranByFailing: [2, 3, 4, 5, 7])
        var unsure = Self.unrepaired
        unsure.unsure = "the probe ran out of time"
        let found = PerTestCoverage.applying(ranking, to: unsure)
        #expect(found.line == 5)
        #expect(found.established == Localization.Established.coverage)
        #expect(found.unsure == nil)
        #expect(found.summary == "exercises/02-x/Ex2_7.swift:5: look here — the one line of yours that every failing test ran "
            + "and no passing test did (per-test coverage)")
        let report = found.reportLines(source: Self.source)
        #expect(report.first == found.summary)
        #expect(report.contains("> 5 |         if found.count > count { found.removeLast() }"))
        #expect(report.count == 6)
    }

    @Test("with nothing named, the report says so and shows the learner's lines the failing tests ran")
    func ranLinesReport() {
        let ranking = CoverageRanking(named: nil, ranByFailing: [2, 4, 5])
        let found = PerTestCoverage.applying(ranking, to: Self.unrepaired)
        #expect(found.line == nil)
        #expect(found.established == .repair)
        let report = found.reportLines(source: Self.source)
        #expect(report == [
            "no line singled out: no single small change to the lines you wrote makes every test pass",
            "your lines the failing tests ran:",
            "  2 |     var found: [Int] = []",
            "  4 |         found.append(item)",
            "  5 |         if found.count > count { found.removeLast() }",
        ])
        let long = PerTestCoverage.applying(CoverageRanking(named: nil, ranByFailing: Array(1...20)), to: Self.unrepaired)
        let lines = long.reportLines(source: Array(repeating: "x", count: 20).joined(separator: "\n"))
        // The summary, the heading, the lines shown, and how many more.
        #expect(lines.count == 3 + Localization.ranLinesShown)
        #expect(lines.last == "  … and 8 more")
    }

    @Test("a finding kept before coverage (no new keys) still reads")
    func oldFindingDecodes() throws {
        let old = #"{"exercise":"2.7","file":"Ex2_7.swift","line":3,"tried":5,"seconds":1.5,"established":"repair"}"#
        let found = try JSONDecoder().decode(Localization.self, from: Data(old.utf8))
        #expect(found.line == 3)
        #expect(found.established == .repair)
        #expect(found.ranByFailing == nil)
    }

    @Test("the probe's fallback ranks a provider's per-test lines over the lines the learner wrote, never the starter's")
    func fallbackThroughProvider() throws {
        // 2.8 with the `break` deleted: no single change puts it back.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let workbook = try Workbook(root: repository)
        let (chapter, exercise) = try workbook.exercise("2.8")
        let reference = try workbook.read(try #require(exercise.referenceFile)).components(separatedBy: "\n")
        let learner = reference.filter { !$0.contains("SOLUTION") && !$0.contains("STARTER") && !$0.contains("// Array(") && !$0.contains("{ break }") }
        let source = learner.joined(separator: "\n")
        let number = { (text: String) in try #require(learner.firstIndex { $0.contains(text) }) + 1 }
        let (declaration, guardLine, loop, append, result) = try (number("public func firstMatches("), number("guard count > 0"),
                                                                  number("for element in self"), number("found.append"), number("return found"))
        // A passing test on an empty sequence goes through the loop's header without a match;
        // both failing tests appended.
        var limits = RepairProbe.Limits()
        limits.perTestCoverage = { _, _ in
            PerTestCoverage(failing: [[declaration, guardLine, loop, append, result], [declaration, guardLine, loop, append, result]],
                            passing: [[declaration, guardLine, loop, result]])
        }
        let probe = RepairProbe(workbook: workbook, toolchain: SwiftToolchain(swiftc: "/nonexistent/swiftc", version: "unused", host: .forTests), limits: limits)
        let grade = ExerciseGrade(id: exercise.id, title: exercise.title, status: .failed, learnerFile: "exercises/02-enumeration/Ex8_FirstMatches.swift")
        let target = RepairProbe.ProbeTarget(grade: grade, exercise: exercise, source: source, mutants: [], first: 1, known: nil, written: [],
                                             result: Localization(exercise: "2.8", file: grade.learnerFile, line: nil, tried: 9, seconds: 1))
        let found = probe.coverageFallback(target.result, for: target, in: chapter)
        #expect(found.established == Localization.Established.coverage)
        // `var found` is the learner's too, but the provider's tests never ran it.
        #expect(found.line == append)
        // The declaration ran in every test, but it is the starter's: never named, never listed.
        #expect(!found.summary.contains(":\(declaration):"))
        // Without a provider, the result is left as the probe found it.
        let bare = RepairProbe(workbook: workbook, toolchain: SwiftToolchain(swiftc: "/nonexistent/swiftc", version: "unused", host: .forTests))
        #expect(bare.coverageFallback(target.result, for: target, in: chapter) == target.result)
    }
}
