import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookSystem
import WorkbookToolchain

/// Issue 58's race lab through the grader: a race exercise's passing tests run again
/// under the Thread Sanitizer, and its report decides. One chapter, graded once: the
/// chapter's build, and two small TSan builds (with the sandbox suite, 12.5 s of CPU, measured).
@Suite("The Thread Sanitizer judge", .serialized, .tags(.compiles))
struct ThreadSanitizerJudgeTests {
    static let runnable = HostEnvironment.forTests.sandbox.isOn
    static let skipReason = Comment(rawValue: "the sandbox is off on this machine: \(HostEnvironment.forTests.sandbox.summary)")

    @Test("a store left on the queue fails with the learner's line; a crash under the sanitizer is a crash, never a race; a clean hop passes",
          .enabled(if: runnable, skipReason))
    func judged() async throws {
        let workbook = try TemporaryWorkbook(RaceFixture.files)
        defer { workbook.remove() }
        let loaded = try workbook.load()
        let chapter = try #require(loaded.chapters.first)
        #expect(chapter.exercises.map(\.kind) == [.write, .race, .race])
        try workbook.write("exercises/01-blocks/Ex1_Add.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n")
        try workbook.write("exercises/01-blocks/Ex2_Box.swift", RaceFixture.racyBox)
        try workbook.write("exercises/01-blocks/Ex3_Locks.swift", RaceFixture.trapsUnderSanitizer)
        let grader = try await kindsGrader(try workbook.load())
        let racy = try await onOwnThread { try grader.grade(chapter) }
        let byNumber = Dictionary(uniqueKeysWithValues: racy.exercises.map { ($0.id.number, $0) })

        let box = try #require(byNumber[2])
        #expect(box.status == .failed, "\(box.status): \(box.message)")
        #expect(box.message.hasPrefix("Thread Sanitizer saw a data race: written at exercises/01-blocks/Ex2_Box.swift:8, "), "\(box.message)")
        #expect(box.message.contains("then read by the exercise's tests"), "\(box.message)")
        // Its tests passed: the failure is the sanitizer's, shown as a test of its own.
        #expect(box.tests.filter { $0.status != .pass }.map(\.name) == [ThreadSanitizerVerdict.testName], "\(box.tests)")

        // A crash under the sanitizer, with no report of its: a crash, never called a race.
        let locks = try #require(byNumber[3])
        #expect(locks.status == .crashed, "\(locks.status): \(locks.message)")
        #expect(locks.message.contains("not under the sanitizer"), "\(locks.message)")
        #expect(!locks.message.contains("data race") && !locks.message.contains("Thread Sanitizer saw"), "\(locks.message)")

        // The box made right: the store goes with the hop, and the sanitizer has nothing to say.
        try workbook.write("exercises/01-blocks/Ex2_Box.swift", RaceFixture.boxReference)
        let clean = try await onOwnThread { try grader.grade(chapter, only: ExerciseID(chapter: 1, number: 2)) }
        let fixed = try #require(clean.exercises.first)
        #expect(fixed.status == .passed, "\(fixed.status): \(fixed.message)")
        #expect(fixed.tests.contains { $0.name == ThreadSanitizerVerdict.testName && $0.status == .pass }, "\(fixed.tests)")
    }
}
