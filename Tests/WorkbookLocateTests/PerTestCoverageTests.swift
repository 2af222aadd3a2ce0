import Foundation
import Testing
import WorkbookGrading
import WorkbookModel
import WorkbookSystem
import WorkbookTestSupport
import WorkbookToolchain
@testable import WorkbookLocate

/// Per-test coverage from real runs (docs/localization.md, step 4): a real exercise
/// compiled for coverage, its tests run one at a time in the sandbox, each one's counters
/// read back as lines of the learner's file; and without the coverage tools, no coverage
/// and the report it would have been.
@Suite("Per-test coverage of a real exercise", .serialized, .tags(.compiles, .localization))
struct PerTestCoverageTests {
    static let reference = SeededModules.repository.appendingPathComponent("Sources/Chapter02Enumeration/Ex8_FirstMatches.swift")
    static let toolsFound = ProfileTools.find(swiftc: (try? SwiftToolchain.forTests())?.swiftc ?? "") != nil

    @Test("2.8 with its break deleted: each test's own lines, the failing ones' the passing ones' too, so no line is named",
          .enabled(if: toolsFound, "the toolchain has no coverage tools"))
    func exerciseWithoutBreak() async throws {
        let root = try Self.chapterTwo()
        defer { try? FileManager.default.removeItem(at: root) }
        try await onOwnThread { try SeededModules.seed(root) }
        let source = try String(contentsOf: Self.reference, encoding: .utf8)
            .replacingOccurrences(of: "            if found.count == count { break }\n", with: "")
        let file = root.appendingPathComponent("exercises/02-enumeration/Ex8_FirstMatches.swift")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try source.write(to: file, atomically: true, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let line = { (text: String) in try #require(lines.firstIndex { $0.contains(text) }) + 1 }
        let guardLine = try line("guard count > 0 else")
        let append = try line("found.append(element)")
        let returned = try line("return found")

        let workbook = try Workbook(root: root)
        let chapter = try workbook.chapter("2")
        let id = ExerciseID(chapter: 2, number: 8)
        let toolchain = try SwiftToolchain.forTests()
        // Graded as the probe grades (its tests only, no notes): the learner's run.
        var options = Grader.Options()
        options.useCache = false
        options.wantedTestsOnly = true
        options.learnerNotes = false
        let grader = Grader(workbook: workbook, toolchain: toolchain, options: options)
        let grade = try #require(try await onOwnThread { try grader.grade(chapter, only: id) }.exercises.first { $0.id == id })
        #expect(grade.status == .failed, "\(grade.status): \(grade.message)")
        let failingNames = Set(grade.tests.filter { $0.status != .pass }.map(\.name))
        #expect(failingNames == ["returns the first n matches, in order", "takes no element from the sequence after the nth match",
                                 "calls the predicate only as often as it must"])

        let runs = CoverageRuns(workbook: workbook, toolchain: toolchain, tools: try #require(ProfileTools.find(swiftc: toolchain.swiftc)), lanes: 2)
        let tests = try #require(try await onOwnThread { runs.lines(of: grade, in: chapter) })
        let byName = Dictionary(uniqueKeysWithValues: tests.map { ($0.name, $0) })
        // Every test ran alone, to the end it had in the learner's run, and left its counters.
        #expect(Set(byName.keys) == Set(grade.tests.map(\.name)))
        for test in tests { #expect(test.passed == !failingNames.contains(test.name), "\(test.name)") }
        // Asking for zero returns at the guard: the loop never ran.
        let zero = try #require(byName["asking for zero matches looks at nothing"])
        #expect(zero.lines.contains(guardLine) && !zero.lines.contains(append), "\(zero.lines.sorted())")
        // Every failing test went through the loop and out of the function.
        for name in failingNames {
            let ran = try #require(byName[name]).lines
            #expect(ran.isSuperset(of: [guardLine, append, returned]), "\(name): \(ran.sorted())")
        }
        // "fewer than n" passes and ran every line the failing ones did: nothing only they ran.
        let fewer = try #require(byName["returns every match when there are fewer than n"]).lines
        let coverage = try #require(PerTestCoverage.provider(runs: runs)?(grade, chapter))
        #expect(coverage.failing.count == 3 && coverage.passing.count == 3)
        #expect(coverage.failing.allSatisfy { $0.isSubset(of: fewer) })
        let ranking = CoverageRanking.rank(failing: coverage.failing, passing: coverage.passing, written: Set(1...lines.count))
        #expect(ranking.named == nil)
        #expect(ranking.ranByFailing.contains(append))
        // Each run's folder, counters and all, is gone.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: CacheFolder.runs.url(in: workbook.cacheFolder).path)) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    @Test("without llvm-cov, llvm-profdata or the profile runtime there is no provider, and the report is the one without coverage")
    func noToolsNoCoverage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-notools-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let swiftc = folder.appendingPathComponent("swiftc")
        _ = FileManager.default.createFile(atPath: swiftc.path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        let toolchain = SwiftToolchain(swiftc: swiftc.path, version: "none", host: .forTests)
        let workbook = try Workbook(root: SeededModules.repository)
        #expect(PerTestCoverage.provider(workbook: workbook, toolchain: toolchain, lanes: 2) == nil)

        // The probe with that (absent) provider, and with one that could not get coverage,
        // reports as it does with none: the lines the learner wrote.
        let chapter = try workbook.chapter("2")
        let exercise = try #require(chapter.exercise(ExerciseID(chapter: 2, number: 8)))
        var grade = ExerciseGrade(id: exercise.id, title: exercise.title, status: .failed, learnerFile: "exercises/02-enumeration/Ex8_FirstMatches.swift")
        grade.tests = [TestOutcome(name: "fails", status: .fail)]
        let source = try String(contentsOf: Self.reference, encoding: .utf8)
        let target = RepairProbe.ProbeTarget(grade: grade, exercise: exercise, source: source, mutants: [], first: 1, known: nil, written: [21],
                                             result: Localization(exercise: "2.8", file: grade.learnerFile, line: nil, tried: 0, seconds: 0))
        var limits = RepairProbe.Limits()
        limits.perTestCoverage = PerTestCoverage.provider(workbook: workbook, toolchain: toolchain, lanes: 2)
        let without = RepairProbe(workbook: workbook, toolchain: toolchain, limits: limits).coverageFallback(target.result, for: target, in: chapter)
        limits.perTestCoverage = { _, _ in nil }
        let failed = RepairProbe(workbook: workbook, toolchain: toolchain, limits: limits).coverageFallback(target.result, for: target, in: chapter)
        #expect(without == target.result && failed == target.result)
        #expect(without.summary == "no line singled out: no single small change to the lines you wrote makes every test pass")
    }

    /// The repository's chapters, support modules and chapter tests, copied to a fresh root.
    static func chapterTwo() throws -> URL { try CourseCopy.make(prefix: "wb-coverage") }
}
