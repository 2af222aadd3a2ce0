import Foundation
import Testing
@testable import WorkbookRunning
@testable import WorkbookGrading
@testable import WorkbookClassroom
import WorkbookTestSupport
@testable import WorkbookModel

/// Issue 24: an author's mistake reported where it is written; issue 22: what a chapter
/// says an exercise is worth, read, linted and used.
@Suite("Author findings and exercise points")
struct AuthorFindingsTests {
    // MARK: The starter's lines, traced back to the reference

    static let reference = """
    import Foundation

    public func twice(_ value: Int) -> Int {
        // BEGIN SOLUTION
        value * 2
        // STARTER:
        // let unused = 1
        //
        // return valu
        // END SOLUTION
    }

    public func stub() -> Int {
        // BEGIN SOLUTION
        1
        // END SOLUTION
    }
    """

    @Test("every starter line maps to the reference line it came from, with the columns `// ` took off")
    func lineMap() throws {
        let starter = try SolutionMarkers.starter(from: Self.reference, path: "R.swift")
        let map = try SolutionMarkers.starterLineMap(from: Self.reference, path: "R.swift")
        let starterLines = starter.split(separator: "\n", omittingEmptySubsequences: false)
        let referenceLines = Self.reference.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(map.lines.count == starterLines.count)
        // `return valu` is starter line 6 (1-based); in the reference it is line 9, 3 columns further right.
        #expect(starterLines[5] == "    return valu")
        let traced = try #require(map.reference(line: 6, column: 12))
        #expect(traced.line == 9 && traced.column == 15)
        #expect(referenceLines[traced.line - 1].dropFirst(traced.column - 1).hasPrefix("valu"))
        // Lines outside the regions keep their text and so their place; a stub stands for its BEGIN line.
        for (index, line) in starterLines.enumerated() where !line.contains("fatalError") && !line.isEmpty {
            let entry = map.lines[index]
            #expect(referenceLines[entry.line - 1].contains(line.trimmingCharacters(in: .whitespaces)),
                    "starter line \(index + 1) “\(line)” maps to reference line \(entry.line)")
        }
        let stub = try #require(starterLines.firstIndex { $0.contains("fatalError") })
        #expect(map.lines[stub].line == 14)
        #expect(map.reference(line: starterLines.count + 1, column: 1) == nil)
    }

    // MARK: A misnamed suite, at its `struct` line

    @Test("a suite type that is not the file's name is reported at the tests file's struct line")
    func misnamedSuite() throws {
        var files = SampleExercise.files
        files["Tests/Chapter01BlocksTests/Ex1_AddTests.swift"] = SampleExercise.tests.replacingOccurrences(of: "struct Ex1_AddTests", with: "struct AddTests")
        let workbook = try TemporaryWorkbook(files)
        defer { workbook.remove() }
        let findings = Linter(workbook: try workbook.load()).run().map(\.description)
        #expect(findings == ["Tests/Chapter01BlocksTests/Ex1_AddTests.swift:5:1: error: Tests/Chapter01BlocksTests/Ex1_AddTests.swift must declare its suite as a type named Ex1_AddTests (the file's name), so grading can run it"])
    }

    @Test("the suite's declaration line: after @Suite, with attributes and modifiers, or the first type", arguments: [
        ("import Testing\n@Suite(\"S\")\nstruct A {}\n", 3),
        ("import Testing\n\n@Suite(\"S\", .serialized)\n@MainActor final class A {}\n", 4),
        ("struct Helper {}\n@Suite(\"S\")\nstruct A {}\n", 3),
        ("import Testing\nstruct A {\n}\n", 2),
        ("import Testing\n", nil),
    ] as [(String, Int?)])
    func suiteLine(source: String, line: Int?) {
        #expect(Linter.suiteDeclarationLine(in: source) == line)
    }

    // MARK: A figure that prints malformed SVG

    @Test("run refuses a figure whose SVG is not well-formed, at the snippet's line, with the parser's reason", arguments: [
        (#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"></svg>"#, "an element that is not closed"),
        (#"<svg xmlns="http://www.w3.org/2000/svg"><text>fish & chips</text></svg>"#, "a bare &"),
    ])
    func malformedFigure(svg: String, reason: String) {
        let snippet = Snippet(location: SourceLocation(path: "chapters/01-demo.md", line: 12), source: "print(svg)\n", attributes: [.figure])
        let result = SnippetExecution(ending: .exited(0), standardOutput: svg + "\n").verdict(for: snippet, chapterPath: "chapters/01-demo.md")
        #expect(result.status == .failed)
        #expect(result.line == 12)
        #expect(result.message.contains("not well-formed XML (line 1 of its output)") && result.message.contains(reason), "\(result.message)")
        let fine = SnippetExecution(ending: .exited(0), standardOutput: #"<svg xmlns="http://www.w3.org/2000/svg"><text>fish &amp; chips</text></svg>"#)
        #expect(fine.verdict(for: snippet, chapterPath: "chapters/01-demo.md").status == .passed)
    }

    // MARK: Points

    static func chapter(points: String) -> String {
        SampleExercise.chapter.replacingOccurrences(of: "(../Tests/Chapter01BlocksTests/Ex1_AddTests.swift)",
                                                    with: "(../Tests/Chapter01BlocksTests/Ex1_AddTests.swift)\(points)")
    }

    @Test("an exercise is worth 1 point unless its files paragraph says `Points: N`", arguments: [
        ("", 1, nil), (" · Points: 3", 3, 3), (" · Points: 1000 ·", 1000, 1000),
    ] as [(String, Int, Int?)])
    func points(suffix: String, points: Int, stated: Int?) throws {
        let result = ChapterParser(path: "chapters/01-blocks.md").parse(Self.chapter(points: suffix))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let exercise = try #require(result.chapter?.exercises.first)
        #expect(exercise.points == points && exercise.statedPoints == stated)
        #expect(exercise.testsFile == "Tests/Chapter01BlocksTests/Ex1_AddTests.swift")
    }

    @Test("points that are not a whole number from 1 to 1000 are a lint error at the files paragraph", arguments: ["0", "-2", "2.5", "three", ""])
    func badPoints(value: String) throws {
        var files = SampleExercise.files
        files["chapters/01-blocks.md"] = Self.chapter(points: " · Points: \(value)")
        let workbook = try TemporaryWorkbook(files)
        defer { workbook.remove() }
        let findings = Linter(workbook: try workbook.load()).run().map(\.description)
        #expect(findings == ["chapters/01-blocks.md:15:1: error: 'Points:' takes a whole number from 1 to 1000 (what exercise 1.1 is worth), not '\(value)'"])
    }

    @Test("Points after Uses in one paragraph: both are read")
    func pointsAfterUses() throws {
        let text = SampleExercise.chapter + """

        ## Exercise 1.2: Add again

        Use your add.

        Reference: [Ex2_Again.swift](../Sources/Chapter01Blocks/Ex2_Again.swift) · Tests: [Ex2_AgainTests.swift](../Tests/Chapter01BlocksTests/Ex2_AgainTests.swift) · Uses: 1.1 · Points: 4

        """
        let result = ChapterParser(path: "chapters/01-blocks.md").parse(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let exercise = try #require(result.chapter?.exercises.last)
        #expect(exercise.uses == [ExerciseID("1.1")!] && exercise.points == 4)
    }

    @Test("the gradebook weighs each exercise by its points; the classroom steps carry them")
    func pointsUsed() throws {
        var files = SampleExercise.files
        files["chapters/01-blocks.md"] = Self.chapter(points: " · Points: 4")
        let temporary = try TemporaryWorkbook(files)
        defer { temporary.remove() }
        let workbook = try temporary.load()
        let id = ExerciseID("1.1")!
        var failing = ExerciseGrade(id: id, title: "Add", status: .failed, message: "1 of 2 tests failed")
        failing.tests = [TestOutcome(name: "a", status: .pass), TestOutcome(name: "b", status: .fail, message: "no")]
        let student = StudentSubmission(name: "ada", form: .workspace, workspace: nil, problem: nil)
        let results = [
            ClassGrader.StudentResult(student: student, grades: [ChapterGrade(chapter: 1, title: "Blocks", exercises: [failing])], seconds: 0, contentKey: ""),
            ClassGrader.StudentResult(student: StudentSubmission(name: "bo", form: .workspace), grades: [
                ChapterGrade(chapter: 1, title: "Blocks", exercises: [ExerciseGrade(id: id, title: "Add", status: .passed)])], seconds: 0, contentKey: ""),
        ]
        let book = ClassGrader.gradebook(results, workbook: workbook, chapters: nil)
        #expect(book.possible == 4)
        #expect(book.rows[0].total == 2, "half the tests of a 4-point exercise")
        #expect(book.rows[1].total == 4)
        let csv = book.csv()
        #expect(csv.contains("ada,failed,2,2,4,\r\n") && csv.contains("bo,passed,4,4,4,\r\n"), "\(csv)")
        #expect(GradebookPage.gradebook(book, title: "Class", feedback: [:]).contains("4 points possible"))
        let steps = ClassroomWorkflow.steps(for: workbook.chapters, points: 2)
        #expect(steps.map(\.points) == [4], "the chapter's points win over --points")
        let unset = ChapterParser(path: "chapters/01-blocks.md").parse(SampleExercise.chapter).chapter.map { [$0] } ?? []
        #expect(ClassroomWorkflow.steps(for: unset, points: 2).map(\.points) == [2])
        #expect(ClassroomWorkflow.yaml(steps).contains("--format classroom --points 4 >>"))
    }

    @Test("JUnit names each exercise's points among its properties")
    func pointsInJUnit() throws {
        let chapter = try #require(ChapterParser(path: "chapters/01-blocks.md").parse(Self.chapter(points: " · Points: 5")).chapter)
        let grade = ChapterGrade(chapter: 1, title: "Blocks", exercises: [ExerciseGrade(id: ExerciseID("1.1")!, title: "Add", status: .passed)])
        #expect(JUnitReport.xml(grade, chapter: chapter, hostname: "h").contains(#"<property name="points" value="5"/>"#))
        #expect(JUnitReport.xml(grade, hostname: "h").contains(#"<property name="points" value="1"/>"#))
    }
}
