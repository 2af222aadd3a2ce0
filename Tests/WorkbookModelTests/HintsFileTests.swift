import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookModel

/// Hints live in `chapters/hints/NN-slug.md`, out of the reading path; lint holds both
/// files to the rules, each finding at its own file and line.
@Suite("The hints file")
struct HintsFileTests {
    func lint(_ files: [String: String], removing: [String] = []) throws -> [String] {
        var all = SampleExercise.files
        for (path, text) in files { all[path] = text }
        for path in removing { all[path] = nil }
        let workbook = try TemporaryWorkbook(all)
        defer { workbook.remove() }
        return Linter(workbook: try workbook.load()).run().map(\.description)
    }

    @Test("gives the exercise its hints, in order, located in the hints file")
    func attached() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        let exercise = try #require(try workbook.load().chapters.first?.exercises.first)
        #expect(exercise.hints.map(\.text) == ["two `Int`s in, one out.", "the `+` operator."])
        #expect(exercise.hints.map(\.location.description) == ["chapters/hints/01-blocks.md:5:1", "chapters/hints/01-blocks.md:7:1"])
    }

    @Test("reports an exercise with no hints file at its heading, naming the file")
    func missingFile() throws {
        #expect(try lint([:], removing: ["chapters/hints/01-blocks.md"]) == [
            "chapters/01-blocks.md:11:1: error: exercise 1.1 has 0 hint(s) in chapters/hints/01-blocks.md; give at least two under '## Exercise 1.1' ('> Hint: …'), from a nudge to the idea and the API"
        ])
    }

    @Test("reports an exercise with one hint")
    func oneHint() throws {
        let findings = try lint(["chapters/hints/01-blocks.md": "## Exercise 1.1\n\n> Hint: only this.\n"])
        #expect(findings == [
            "chapters/01-blocks.md:11:1: error: exercise 1.1 has 1 hint(s) in chapters/hints/01-blocks.md; give at least two under '## Exercise 1.1' ('> Hint: …'), from a nudge to the idea and the API"
        ])
    }

    @Test("reports a hint left under its exercise in the chapter, where every reader sees it")
    func hintInChapter() throws {
        let chapter = SampleExercise.chapter + "\n> Hint: the answer, in plain sight.\n"
        let findings = try lint(["chapters/01-blocks.md": chapter])
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("chapters/01-blocks.md:17:1: error: hints do not go in the chapter") == true, "\(findings)")
        #expect(findings.first?.contains("move this one to chapters/hints/01-blocks.md under '## Exercise 1.1'") == true)
    }

    @Test("reports hints for an exercise the chapter does not have, at the hints file's line")
    func unknownExercise() throws {
        let hints = SampleExercise.hints + "\n## Exercise 1.7\n\n> Hint: a\n\n> Hint: b\n"
        #expect(try lint(["chapters/hints/01-blocks.md": hints]) == [
            "chapters/hints/01-blocks.md:9:1: error: hints for exercise 1.7, which chapters/01-blocks.md does not have (its exercises: 1.1)"
        ])
    }

    @Test("reports a section title that differs from the exercise's, a section twice, and a stray block")
    func mismatches() throws {
        let hints = """
        ## Exercise 1.1: Subtract

        > Hint: a

        Not a quote.

        > Hint: b

        ## Exercise 1.1

        > Hint: c

        """
        #expect(try lint(["chapters/hints/01-blocks.md": hints]) == [
            "chapters/hints/01-blocks.md:1:1: error: the exercise's title is 'Add' in chapters/01-blocks.md, not 'Subtract'; use it, or leave the title out",
            "chapters/hints/01-blocks.md:5:1: error: under '## Exercise 1.1' go only '> Hint: …' quotes (and a predict exercise's '> Why: …'); start this one with 'Hint:'",
            "chapters/hints/01-blocks.md:9:1: error: exercise 1.1 has a hints section already (line 1); merge the two",
        ])
    }

    @Test("is not mistaken for a chapter")
    func notAChapter() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        #expect(try workbook.load().chapters.map(\.path) == ["chapters/01-blocks.md"])
    }
}
