import Foundation
import Testing
@testable import WorkbookGrading
@testable import WorkbookModel

/// Issue 33: 1.8 passed with `nonisolated(unsafe)`, which its statement forbids.
@Suite("Constructs a statement forbids")
struct ForbiddenConstructsTests {
    static let chapter = """
        # Blocks

        ## Exercise 1.1: Count

        Count, safely.

        Reference: [Ex1_Count.swift](../Sources/Chapter01Blocks/Ex1_Count.swift) ·
        Tests: [Ex1_CountTests.swift](../Tests/Chapter01BlocksTests/Ex1_CountTests.swift) · Forbids: `nonisolated(unsafe)`, `@unchecked Sendable` · Points: 2

        """

    @Test("the files paragraph's Forbids: names constructs in backticks; an unknown one is an error at the paragraph's line")
    func forbidsParagraph() {
        let parsed = ChapterParser(path: "chapters/01-blocks.md").parse(Self.chapter)
        let exercise = parsed.chapter?.exercises.first
        #expect(exercise?.forbids == ["nonisolated(unsafe)", "@unchecked Sendable"])
        #expect(exercise?.points == 2, "the paragraph's other parts still read")
        #expect(exercise?.testsFile == "Tests/Chapter01BlocksTests/Ex1_CountTests.swift")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let wrong = ChapterParser(path: "chapters/01-blocks.md").parse(Self.chapter.replacingOccurrences(of: "`@unchecked Sendable`", with: "`unsafeFlags`"))
        let error = wrong.diagnostics.first { $0.message.contains("'Forbids:'") }
        #expect(error?.message.contains("not `unsafeFlags`") == true, "\(wrong.diagnostics)")
        #expect(error?.location.line == 7)
        #expect(wrong.chapter?.exercises.first?.forbids == ["nonisolated(unsafe)"])
    }

    @Test("a forbidden construct is refused at its line, across a line break; in a comment, a string or another exercise it is not")
    func refusedAtItsLine() throws {
        let exercise = try #require(ChapterParser(path: "chapters/01-blocks.md").parse(Self.chapter).chapter?.exercises.first)
        let learner = "import Stage\n// nonisolated(unsafe) would do it\nlet s = \"@unchecked Sendable\"\nfinal class Box: @unchecked\n  Sendable {}\nnonisolated(unsafe) var taps = 0\n"
        let message = try #require(ForbiddenScan.refusal(learner, exercise: exercise, shownPath: "exercises/01-blocks/Ex1_Count.swift"))
        #expect(message.hasPrefix("exercises/01-blocks/Ex1_Count.swift:4:1: error: exercise 1.1 refuses `@unchecked Sendable`: its statement rules it out, because "),
                "the first use in code is line 4's, written across two lines: \(message)")
        #expect(ForbiddenScan.refusal("// nonisolated(unsafe)\nlet a = \"nonisolated(unsafe)\"\nnonisolated func f() {}\n", exercise: exercise, shownPath: "f.swift") == nil)
        var free = exercise
        free.forbids = []
        #expect(ForbiddenScan.refusal(learner, exercise: free, shownPath: "f.swift") == nil, "an exercise that forbids nothing refuses nothing")
    }

    @Test("no reference solution of the real chapters uses what its exercise forbids, and 1.8 forbids both ways out")
    func referencesKeepTheirRules() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let workbook = try Workbook(root: root)
        let exercises = workbook.chapters.flatMap(\.exercises)
        #expect(exercises.first { $0.id.description == "1.8" }?.forbids == ["nonisolated(unsafe)", "@unchecked Sendable"])
        for exercise in exercises where !exercise.forbids.isEmpty {
            let reference = try workbook.read(try #require(exercise.referenceFile))
            #expect(ForbiddenScan.refusal(reference, exercise: exercise, shownPath: "reference") == nil, "\(exercise.id)'s reference")
        }
    }
}
