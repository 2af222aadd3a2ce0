import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookModel

@Suite("The linter")
struct LinterTests {
    /// Lints a workbook made of the sample exercise changed by `files`.
    func lint(_ files: [String: String], removing: [String] = []) throws -> [String] {
        var all = SampleExercise.files
        for (path, text) in files { all[path] = text }
        for path in removing { all[path] = nil }
        let workbook = try TemporaryWorkbook(all)
        defer { workbook.remove() }
        return Linter(workbook: try workbook.load()).run().map(\.description)
    }

    @Test("finds nothing wrong in a well-formed workbook")
    func clean() throws {
        #expect(try lint([:]) == [])
    }

    @Test("reports a reference file that does not exist, at the files paragraph")
    func missingReference() throws {
        #expect(try lint([:], removing: ["Sources/Chapter01Blocks/Ex1_Add.swift"]) == [
            "chapters/01-blocks.md:15:1: error: the reference file of exercise 1.1, Sources/Chapter01Blocks/Ex1_Add.swift, does not exist"
        ])
    }

    @Test("reports a tests file that does not exist")
    func missingTests() throws {
        #expect(try lint([:], removing: ["Tests/Chapter01BlocksTests/Ex1_AddTests.swift"]) == [
            "chapters/01-blocks.md:15:1: error: the tests file of exercise 1.1, Tests/Chapter01BlocksTests/Ex1_AddTests.swift, does not exist"
        ])
    }

    @Test("reports a tests file whose suite is not named after the file")
    func suiteName() throws {
        let renamed = SampleExercise.tests.replacingOccurrences(of: "struct Ex1_AddTests", with: "struct AddTests")
        let findings = try lint(["Tests/Chapter01BlocksTests/Ex1_AddTests.swift": renamed])
        #expect(findings.count == 1)
        #expect(findings.first?.contains("must declare its suite as a type named Ex1_AddTests") == true)
    }

    @Test("reports broken solution markers in the reference file, at their own line")
    func brokenMarkers() throws {
        let broken = SampleExercise.reference.replacingOccurrences(of: "    // END SOLUTION\n", with: "")
        #expect(try lint(["Sources/Chapter01Blocks/Ex1_Add.swift": broken]) == [
            "Sources/Chapter01Blocks/Ex1_Add.swift:7:1: error: code inside the starter part of the region opened at line 3: starter lines are comments ('// code'), and the region ends with '// END SOLUTION'"
        ])
    }

    @Test("reports a reference file without solution markers: its starter would be the answer")
    func noMarkers() throws {
        let findings = try lint(["Sources/Chapter01Blocks/Ex1_Add.swift": "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n"])
        #expect(findings.count == 1)
        #expect(findings.first?.contains("has no '// BEGIN SOLUTION' region") == true)
    }

    @Test("reports a file with solution markers that no exercise names")
    func orphan() throws {
        let findings = try lint(["Sources/Chapter01Blocks/Ex9_Orphan.swift": SampleExercise.reference])
        #expect(findings == [
            "Sources/Chapter01Blocks/Ex9_Orphan.swift:3:1: error: Sources/Chapter01Blocks/Ex9_Orphan.swift has solution markers but no exercise names it; link it from its exercise's 'Reference:' paragraph"
        ])
    }

    @Test("does not call a broken chapter's reference files orphans")
    func brokenChapterNoOrphans() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        try workbook.write("chapters/01-blocks.md", Data(SampleExercise.chapter.utf8) + Data([0xFF]))
        let findings = Linter(workbook: try workbook.load()).run().map(\.description)
        #expect(findings.count == 1)
        #expect(findings.first?.contains("not valid UTF-8") == true)
    }

    @Test("reports two chapters with one number")
    func duplicateNumber() throws {
        let findings = try lint(["chapters/01-again.md": "# Again\n"])
        #expect(findings == [
            "chapters/01-blocks.md:1:1: error: chapter number 1 is taken by chapters/01-again.md; renumber one of them"
        ])
    }

    @Test("reports exercises numbered out of order")
    func numbering() throws {
        let chapter = SampleExercise.chapter.replacingOccurrences(of: "Exercise 1.1", with: "Exercise 1.2")
        let hints = SampleExercise.hints.replacingOccurrences(of: "Exercise 1.1", with: "Exercise 1.2")
        let findings = try lint(["chapters/01-blocks.md": chapter, "chapters/hints/01-blocks.md": hints])
        #expect(findings.contains(
            "chapters/01-blocks.md:11:1: error: exercise 1.2 is the chapter's exercise number 1; number them 1, 2, 3… in order"))
        // The suite still carries the old heading: said at its @Suite line.
        #expect(findings.contains { $0.hasPrefix("Tests/Chapter01BlocksTests/Ex1_AddTests.swift:4:1: error: the suite is titled “Exercise 1.1: Add”") })
        #expect(findings.count == 2)
    }

    @Test("survives an empty chapter and invalid UTF-8, naming each file and line")
    func brokenFiles() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files.merging(["chapters/06-empty.md": ""]) { $1 })
        defer { workbook.remove() }
        try workbook.write("chapters/02-bad.md", Data("# Bad\n\nline\n".utf8) + Data([0xFF, 0xFE]))
        let findings = Linter(workbook: try workbook.load()).run().map(\.description)
        #expect(findings == [
            "chapters/02-bad.md:4:1: error: the file is not valid UTF-8 here; save it as UTF-8",
            "chapters/06-empty.md:1:1: error: the chapter is empty; start it with a level-1 heading ('# Title')",
        ])
    }
}

@Suite("The solution markers")
struct SolutionMarkersTests {
    let reference = """
    public func add(_ a: Int, _ b: Int) -> Int {
        // BEGIN SOLUTION
        a + b
        // STARTER:
        // 0  // replace with the sum
        //
        // END SOLUTION
    }
    public func twice(_ f: () -> Void) {
      // BEGIN SOLUTION
      f(); f()
      // END SOLUTION
    }
    """

    @Test("know each region's own answer lines: after BEGIN, before STARTER or END, none when empty")
    func answerLines() throws {
        let regions = try SolutionMarkers.regions(in: reference, path: "R.swift")
        #expect(regions.map(\.answerLines) == [3...3, 11...11])
        let empty = try SolutionMarkers.regions(in: "// BEGIN SOLUTION\n// STARTER:\n// 0\n// END SOLUTION\n", path: "E.swift")
        #expect(empty.map(\.answerLines) == [nil])
    }

    @Test("turn each region into its starter lines or a stub")
    func starter() throws {
        #expect(try SolutionMarkers.starter(from: reference, path: "R.swift") == """
        public func add(_ a: Int, _ b: Int) -> Int {
            0  // replace with the sum

        }
        public func twice(_ f: () -> Void) {
          fatalError("Exercise not written yet")
        }
        """)
    }

    @Test("give the model answer without markers or starter lines")
    func solution() throws {
        #expect(try SolutionMarkers.solution(from: reference, path: "R.swift") == """
        public func add(_ a: Int, _ b: Int) -> Int {
            a + b
        }
        public func twice(_ f: () -> Void) {
          f(); f()
        }
        """)
    }

    @Test("read markers and starter lines around other text as Characters would")
    func unicode() throws {
        // A no-break space and an em space are white space to a Swift Character.
        let source = "func f() -> String {\n\u{00A0} // BEGIN SOLUTION\u{2003}\n  return \"café\"\n  // STARTER:\n  // return \"—\"\n\t// END SOLUTION\n}"
        #expect(try SolutionMarkers.regions(in: source, path: "R.swift") == [.init(beginLine: 2, endLine: 6, starterLine: 4)])
        #expect(try SolutionMarkers.starter(from: source, path: "R.swift") == "func f() -> String {\n  return \"—\"\n}")
        #expect(try SolutionMarkers.solution(from: source, path: "R.swift") == "func f() -> String {\n  return \"café\"\n}")
        let stubbed = "\tfunc g() {\n\t\t// BEGIN SOLUTION\n\t\tlet é = 1\n\t\t// END SOLUTION\n\t}"
        #expect(try SolutionMarkers.starter(from: stubbed, path: "R.swift") == "\tfunc g() {\n\t\t\(SolutionMarkers.defaultStub)\n\t}")
    }

    @Test("reject broken markers with the line", arguments: zip(
        [
            "// END SOLUTION\n",
            "// BEGIN SOLUTION\n// BEGIN SOLUTION\n",
            "// STARTER:\n",
            "// BEGIN SOLUTION\n// STARTER:\nreturn 0\n// END SOLUTION\n",
            "x\n// BEGIN SOLUTION\n",
            "// BEGIN SOLUTION\n// STARTER:\nlet café = 0\n// END SOLUTION\n",
        ],
        [1, 2, 1, 3, 2, 3]))
    func broken(_ source: String, _ line: Int) {
        #expect {
            try SolutionMarkers.regions(in: source, path: "R.swift")
        } throws: { error in
            guard case WorkbookError.badSolutionMarkers(let location, _) = error else { return false }
            return location.line == line && location.path == "R.swift"
        }
    }
}

@Suite("A workbook on disk")
struct WorkbookTests {
    @Test("is found from a folder inside it")
    func findRoot() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        let inner = workbook.root.appendingPathComponent("Sources/Chapter01Blocks")
        #expect(try Workbook.findRoot(from: inner).path == workbook.root.standardizedFileURL.path)
    }

    @Test("is not found where there is none, with a clear error")
    func noRoot() {
        #expect(throws: WorkbookError.rootNotFound(startingAt: "/proc/self")) {
            try Workbook.findRoot(from: URL(fileURLWithPath: "/proc/self"))
        }
    }

    @Test("names the learner's file after the reference file, in the chapter's folder")
    func learnerFile() throws {
        let files = try TemporaryWorkbook(SampleExercise.files)
        defer { files.remove() }
        let workbook = try files.load()
        let (chapter, exercise) = try workbook.exercise("1.1")
        #expect(workbook.learnerFile(for: exercise, in: chapter).map(workbook.displayPath) == "exercises/01-blocks/Ex1_Add.swift")
        #expect(workbook.quickStatus(of: exercise, in: chapter) == .notStarted)
        try files.write("exercises/01-blocks/Ex1_Add.swift", try workbook.starter(for: exercise))
        #expect(workbook.quickStatus(of: exercise, in: chapter) == .notStarted)
        try files.write("exercises/01-blocks/Ex1_Add.swift", SampleExercise.reference)
        #expect(workbook.quickStatus(of: exercise, in: chapter) == .unknown)
    }

    @Test("lists the valid ids when asked for an exercise that does not exist")
    func unknownExercise() throws {
        let files = try TemporaryWorkbook(SampleExercise.files)
        defer { files.remove() }
        let workbook = try files.load()
        #expect(throws: WorkbookError.unknownExercise("1.9", valid: [ExerciseID(chapter: 1, number: 1)])) {
            try workbook.exercise("1.9")
        }
        #expect(throws: WorkbookError.unknownChapter("7", valid: [1])) {
            try workbook.chapter("7")
        }
    }
}
