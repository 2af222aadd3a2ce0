import Foundation
import Synchronization
import Testing
@testable import WorkbookMutation
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookToolchain

/// `workbook mutate`'s engine on the grading fixture's first chapter (three exercises,
/// six mutants): every mutant graded through the `Grader`, the references untouched,
/// the accepted list read, and a re-run answered from the cache.
@Suite("Mutation runner", .tags(.compiles))
struct MutationRunnerTests {
    @Test("grades each mutant with the chapter's tests and caches the results")
    func fixtureChapter() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let references = GradingFixture.snapshot(root.appendingPathComponent("Sources"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests/Mutants"), withIntermediateDirectories: true)
        try "# test list\nEx3_Total.swift:99:off-by-one  no such mutant: reported as stale\n"
            .write(to: root.appendingPathComponent("Tests/Mutants/01-basics.txt"), atomically: true, encoding: .utf8)
        let workbook = try Workbook(root: root)
        let chapter = try workbook.chapter("1")
        var options = MutationRunner.Options()
        options.timeout = 5
        var runner = MutationRunner(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() }, options: options)
        // The runner says "mutant N of M" once for each mutant it grades: count them.
        let graded = GradedCount()
        runner.progress = { event in
            graded.count.withLock { $0 += 1 }
            graded.events.withLock { $0.append(event) }
        }

        let report = try await onOwnThread { [runner] in try runner.run(chapter) }
        let outcomes = Dictionary(uniqueKeysWithValues: report.results.map { ("\($0.mutant.key) \($0.mutant.diff)", $0.outcome.status) })
        #expect(report.tried == 6 && report.generated == 6, "\(outcomes)")
        #expect(graded.count.withLock { $0 } == 6, "the first run grades every mutant")
        // Workers report side by side: each count once, every one of the chapter's 6.
        #expect(graded.events.withLock { $0 }.sorted { $0.graded < $1.graded } == (1...6).map { MutationProgress(chapter: 1, graded: $0, of: 6) })
        #expect(outcomes["Ex1_Add.swift:4:arithmetic a + b  →  a - b"] == .failed, "\(outcomes)")
        #expect(outcomes["Ex3_Total.swift:4:off-by-one prices.reduce(0, +)  →  prices.reduce(1, +)"] == .failed, "\(outcomes)")
        #expect(outcomes["Ex1_Add.swift:4:line-deleted deleted: a + b"] == .didNotCompile, "\(outcomes)")
        #expect(report.survivors.isEmpty && report.score == 100, "\(report.survivors)")
        #expect(report.staleAcceptances == ["Ex3_Total.swift:99:off-by-one (line 2)"])
        #expect(GradingFixture.snapshot(root.appendingPathComponent("Sources")) == references, "mutate changed a reference file")

        // Unchanged inputs: every result comes from the cache, without grading.
        graded.count.withLock { $0 = 0 }
        let again = try await onOwnThread { [runner] in try runner.run(chapter) }
        #expect(again == report)
        #expect(graded.count.withLock { $0 } == 0, "a re-run of unchanged mutants graded some again")
    }
}

@Suite("Mutants of several chapters, dealt to one pool of workers")
struct MutantDealingTests {
    @Test("each chapter's first pending mutant, then each one's second: every one once, in its chapter's order")
    func roundRobin() {
        let dealt = MutationRunner.dealt([[0, 2, 5], [], [1], [3, 4]])
        #expect(dealt.map { "\($0.chapter).\($0.mutant)" } == ["0.0", "2.1", "3.3", "0.2", "3.4", "0.5"])
        #expect(MutationRunner.dealt([[], []]).isEmpty)
    }
}

/// How many mutants a runner graded (its progress callback is called once for each).
private final class GradedCount: Sendable {
    let count = Mutex(0)
    let events = Mutex<[MutationProgress]>([])
}
