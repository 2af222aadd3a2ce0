import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookModel

/// Issue 31: the linter's rules for hidden tests (docs/chapter-format.md, "Hidden tests").
@Suite("The linter on hidden tests")
struct HiddenTestsLintTests {
    static let hiddenPath = "Tests/Chapter01BlocksTests/Hidden/Ex1_AddHiddenTests.swift"
    static let hidden = """
    import Testing
    import Chapter01Blocks

    extension Ex1_AddTests {
        @Test("adds below zero") func addsNegatives() { #expect(add(-2, -3) == -5) }
    }

    """

    /// A second chapter with one tested exercise, for the rule that every chapter has a hidden test.
    static let secondChapter: [String: String] = [
        "chapters/02-more.md": """
        # More

        ## Exercise 2.1: Subtract

        Write `subtract`.

        Reference: [Ex1_Sub.swift](../Sources/Chapter02More/Ex1_Sub.swift) · Tests: [Ex1_SubTests.swift](../Tests/Chapter02MoreTests/Ex1_SubTests.swift)

        """,
        "chapters/hints/02-more.md": "# Hints: More\n\n## Exercise 2.1: Subtract\n\n> Hint: one `Int` from another.\n\n> Hint: the `-` operator.\n",
        "Sources/Chapter02More/Ex1_Sub.swift": "public func subtract(_ a: Int, _ b: Int) -> Int {\n    // BEGIN SOLUTION\n    a - b\n    // STARTER:\n    // 0\n    // END SOLUTION\n}\n",
        "Tests/Chapter02MoreTests/Ex1_SubTests.swift": "import Testing\nimport Chapter02More\n\n@Suite(\"Exercise 2.1: Subtract\")\nstruct Ex1_SubTests {\n    @Test(\"subtracts\") func subtracts() { #expect(subtract(5, 2) == 3) }\n}\n",
    ]

    func lint(_ files: [String: String], removing: [String] = []) throws -> [String] {
        var all = SampleExercise.files
        for (path, text) in files { all[path] = text }
        for path in removing { all[path] = nil }
        let workbook = try TemporaryWorkbook(all)
        defer { workbook.remove() }
        return Linter(workbook: try workbook.load()).run().map(\.description)
    }

    @Test("finds nothing wrong in a hidden file that extends its exercise's suite")
    func clean() throws {
        #expect(try lint([Self.hiddenPath: Self.hidden]) == [])
        // Chapter 1 hides one and so does chapter 2: still clean.
        var both = Self.secondChapter
        both[Self.hiddenPath] = Self.hidden
        both["Tests/Chapter02MoreTests/Hidden/Ex1_SubHiddenTests.swift"] =
            "import Testing\nimport Chapter02More\n\nextension Ex1_SubTests {\n    @Test(\"goes below zero\") func belowZero() { #expect(subtract(2, 5) == -3) }\n}\n"
        #expect(try lint(both) == [])
    }

    @Test("reports a hidden file named after no exercise's tests, at its first line")
    func noExercise() throws {
        let path = "Tests/Chapter01BlocksTests/Hidden/Ex7_MultiplyHiddenTests.swift"
        let findings = try lint([path: Self.hidden.replacingOccurrences(of: "Ex1_AddTests", with: "Ex7_MultiplyTests")])
        #expect(findings == [
            "\(path):1:1: error: \(path) is a hidden test file, but no exercise of chapters/01-blocks.md has the visible tests Ex7_MultiplyTests.swift beside it: "
                + "name a hidden file after its exercise's tests file (Ex2_LoadTests.swift → Hidden/Ex2_LoadHiddenTests.swift)"
        ])
    }

    @Test("reports a hidden file whose exercise has no visible tests file")
    func noVisibleTests() throws {
        let findings = try lint([Self.hiddenPath: Self.hidden], removing: ["Tests/Chapter01BlocksTests/Ex1_AddTests.swift"])
        #expect(findings.contains("\(Self.hiddenPath):1:1: error: \(Self.hiddenPath) hides tests of exercise 1.1, which has no visible tests file: a hidden test adds to visible ones, it never replaces them"),
                "\(findings)")
    }

    @Test("reports hidden tests outside an extension of the exercise's suite, at the line of the test")
    func outsideTheSuite() throws {
        let loose = "import Testing\nimport Chapter01Blocks\n\n@Test(\"adds below zero\") func addsNegatives() { #expect(add(-2, -3) == -5) }\n"
        #expect(try lint([Self.hiddenPath: loose]) == [
            "\(Self.hiddenPath):1:1: error: \(Self.hiddenPath) must put its tests in `extension Ex1_AddTests { … }`: grading runs exercise 1.1 by its suite Ex1_AddTests, and only then are they run with it",
            "\(Self.hiddenPath):4:1: error: this test is outside `extension Ex1_AddTests`: grading would never run it with exercise 1.1",
        ])
    }

    @Test("reports a hidden file that declares no test")
    func noTest() throws {
        let findings = try lint([Self.hiddenPath: "import Testing\n\nextension Ex1_AddTests {}\n"])
        #expect(findings == ["\(Self.hiddenPath):1:1: error: \(Self.hiddenPath) declares no @Test: a hidden file holds at least one hidden test"])
    }

    @Test("reports a hidden test whose name the chapter's prose tells, at the hidden test's line")
    func nameInProse() throws {
        let chapter = SampleExercise.chapter.replacingOccurrences(of: "Write `add`.", with: "Write `add`; it also adds below zero.")
        #expect(try lint([Self.hiddenPath: Self.hidden, "chapters/01-blocks.md": chapter]) == [
            "\(Self.hiddenPath):5:1: error: the hidden test's name “adds below zero” appears in chapters/01-blocks.md:13: a hidden test is not told to the learner, so rename it or reword the text"
        ])
    }

    @Test("reports a hidden test whose function name a hint tells")
    func nameInHints() throws {
        let hints = SampleExercise.hints.replacingOccurrences(of: "> Hint: the `+` operator.", with: "> Hint: the `+` operator; see addsNegatives.")
        #expect(try lint([Self.hiddenPath: Self.hidden, "chapters/hints/01-blocks.md": hints]) == [
            "\(Self.hiddenPath):5:1: error: the hidden test's name “addsNegatives” appears in chapters/hints/01-blocks.md:7: a hidden test is not told to the learner, so rename it or reword the text"
        ])
    }

    @Test("reports a chapter without a hidden test when the workbook hides tests elsewhere, at its title")
    func chapterWithoutHidden() throws {
        var files = Self.secondChapter
        files[Self.hiddenPath] = Self.hidden
        #expect(try lint(files) == [
            "chapters/02-more.md:1:1: error: chapter 2 has no hidden test, though the workbook hides tests in other chapters: add one under Tests/Chapter02MoreTests/Hidden/, for something its visible tests leave open"
        ])
        // A workbook with no hidden test at all (self-study, or a student release) is not asked for one.
        #expect(try lint(Self.secondChapter) == [])
    }

    @Test("ties a hidden file to its exercise by name, and tells its tests apart from visible ones by folder")
    func naming() {
        #expect(HiddenTests.file(forTests: "Tests/Chapter03QueuesTests/Ex2_LoadInventoryTests.swift")
                == "Tests/Chapter03QueuesTests/Hidden/Ex2_LoadInventoryHiddenTests.swift")
        #expect(HiddenTests.suiteName(forHiddenFile: "Tests/Chapter03QueuesTests/Hidden/Ex2_LoadInventoryHiddenTests.swift") == "Ex2_LoadInventoryTests")
        #expect(HiddenTests.isHidden("/home/x/wb/Tests/Chapter03QueuesTests/Hidden/Ex2_LoadInventoryHiddenTests.swift"))
        #expect(!HiddenTests.isHidden("/home/x/wb/Tests/Chapter03QueuesTests/Ex2_LoadInventoryTests.swift"))
        #expect(HiddenTests.tests(in: Self.hidden) == [HiddenTests.Declared(function: "addsNegatives", displayName: "adds below zero", line: 5)])
    }
}
