import Foundation
import Synchronization
import Testing
@testable import WorkbookRunning
@testable import WorkbookGrading
@testable import WorkbookRendering
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookToolchain

func kindsGrader(_ workbook: Workbook) async throws -> Grader {
    var options = Grader.Options()
    options.timeout = 5
    return Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() }, options: options)
}

/// Every exercise of the kinds fixture's chapter with its untouched starter in the workspace.
func writeStarters(of chapter: Chapter, from loaded: Workbook, into workbook: TemporaryWorkbook) throws {
    for exercise in chapter.exercises {
        try workbook.write("exercises/01-blocks/\(exercise.fileName!)", try loaded.starter(for: exercise))
    }
}

@Suite("Exercise kinds: the format")
struct ExerciseKindsFormatTests {
    @Test("reads each exercise's kind, the compile exercise's error and its uses")
    func parsed() throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        let loaded = try workbook.load()
        #expect(Linter(workbook: loaded).run().map(\.description) == [])
        let chapter = try #require(loaded.chapters.first)
        #expect(chapter.exercises.map(\.kind) == [.write, .predict, .compile])
        #expect(chapter.exercises[1].programLine == 19)
        #expect(chapter.exercises[1].explanation?.text == "`1...3` is closed.")
        #expect(chapter.exercises[2].starterError == "mutation of captured var 'count' in concurrently-executing code")
        #expect(chapter.exercises[2].uses == [ExerciseID(chapter: 1, number: 1)])
        #expect(chapter.moduleName == "Chapter01Blocks")
        // The program's expected output is the reference prediction, so `run` proves it.
        let program = try #require(chapter.snippets.first { $0.has(.predict) })
        #expect(program.expectedOutput == "sum 2\nsum 4\nsum 6")
    }

    @Test("lint: a predict exercise needs its explanation; a use must be of a write exercise")
    func lintRules() throws {
        let hints = KindsFixture.hints.replacingOccurrences(of: "> Why: `1...3` is closed.\n", with: "")
        let chapter = KindsFixture.chapter.replacingOccurrences(of: "Uses: 1.1", with: "Uses: 1.2")
        let workbook = try TemporaryWorkbook(KindsFixture.files.merging(["chapters/hints/01-blocks.md": hints, "chapters/01-blocks.md": chapter]) { $1 })
        defer { workbook.remove() }
        let findings = Linter(workbook: try workbook.load()).run().map(\.description)
        #expect(findings.contains { $0.hasPrefix("chapters/01-blocks.md:17:1: error: predict exercise 1.2 has no '> Why: …'") }, "\(findings)")
        #expect(findings.contains { $0.contains("exercise 1.3 uses 1.2, a predict exercise; only write exercises' code can be used") }, "\(findings)")
    }

    @Test("lint: a reference prediction belongs outside every module")
    func predictionPlace() throws {
        let chapter = KindsFixture.chapter.replacingOccurrences(of: "../Sources/Predictions/01-blocks/Ex2_Sums.txt", with: "../Sources/Chapter01Blocks/Ex2_Sums.txt")
        var files = KindsFixture.files.merging(["chapters/01-blocks.md": chapter, "Sources/Chapter01Blocks/Ex2_Sums.txt": KindsFixture.prediction]) { $1 }
        files["Sources/Predictions/01-blocks/Ex2_Sums.txt"] = nil
        let workbook = try TemporaryWorkbook(files)
        defer { workbook.remove() }
        let findings = Linter(workbook: try workbook.load()).run().map(\.description)
        #expect(findings.count == 1)
        #expect(findings.first?.contains("the reference prediction of exercise 1.2 belongs under Sources/Predictions/") == true, "\(findings)")
    }
}

@Suite("Exercise kinds: orphans")
struct ExerciseKindsOrphanTests {
    @Test("lint: a reference prediction that no exercise names is an orphan")
    func orphanPrediction() throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files.merging(["Sources/Predictions/01-blocks/Ex9_Lost.txt": KindsFixture.prediction]) { $1 })
        defer { workbook.remove() }
        let findings = Linter(workbook: try workbook.load()).run().map(\.description)
        #expect(findings == ["Sources/Predictions/01-blocks/Ex9_Lost.txt:2:1: error: Sources/Predictions/01-blocks/Ex9_Lost.txt has solution markers but no exercise names it; link it from its exercise's 'Reference:' paragraph"], "\(findings)")
    }
}

@Suite("A prediction")
struct PredictionTests {
    @Test("ignores comment lines and blank lines at either end, and trims trailing blanks")
    func lines() {
        let prediction = Prediction(fileText: "// say what it prints\n\nsum 2   \n\nsum 4\n// BEGIN SOLUTION\n\n")
        #expect(prediction.lines.map(\.text) == ["sum 2", "", "sum 4"])
        #expect(prediction.lines.map(\.fileLine) == [3, 4, 5])
    }

    @Test("names the first line that differs, and where the learner wrote it")
    func difference() throws {
        let prediction = Prediction(fileText: "a\nb\nc\n")
        #expect(prediction.firstDifference(from: "a\nb\nc\n") == nil)
        let wrong = try #require(prediction.firstDifference(from: "a\nB\nc\n"))
        #expect(wrong.kind == .value)
        #expect(wrong.message == "line 2 of your prediction (“b”) is in the right place, but the program prints something else there")
        #expect(!wrong.message.contains("“B”"), "the expected line is the answer")
        #expect(wrong.revealed == "line 2 of the output is “B”")
        #expect(wrong.fileLine == 2)
    }

    @Test("names the kind of difference: order, a missing line, an extra one, a value (and which word)")
    func kinds() throws {
        let order = try #require(Prediction(fileText: "b\na\n").firstDifference(from: "a\nb\n"))
        #expect(order.kind == .order && order.number == 1)
        #expect(order.message.contains("the order of the lines differs"))
        let missing = try #require(Prediction(fileText: "a\nc\n").firstDifference(from: "a\nb\nc\n"))
        #expect(missing.kind == .missing && missing.number == 2)
        #expect(missing.message == "a line is missing before line 2 of your prediction (“c”): the program prints one more line there")
        let extra = try #require(Prediction(fileText: "a\nx\nb\n").firstDifference(from: "a\nb\n"))
        #expect(extra.kind == .extra && extra.number == 2)
        let value = try #require(Prediction(fileText: "count = 2\n").firstDifference(from: "count = 3\n"))
        #expect(value.kind == .value)
        #expect(value.message.hasSuffix(": its 3rd word (“2”) differs"), "\(value.message)")
        for difference in [order, missing, extra, value] {
            #expect(!difference.message.contains("“\(difference.printed ?? "-")”"), "\(difference.message)")
        }
    }

    @Test("tells a prediction that stops early from one that goes on too long (the edge cases)")
    func lengths() throws {
        let short = try #require(Prediction(fileText: "a\n").firstDifference(from: "a\nb\n"))
        #expect(short.kind == .missing)
        #expect(short.message == "your prediction stops after 1 line, but the program prints more: a line is missing at line 2")
        let long = try #require(Prediction(fileText: "a\nb\nc\n").firstDifference(from: "a\n"))
        #expect(long.kind == .extra)
        #expect(long.message == "the program prints 1 line; your prediction has more, from line 2 (“b”) on")
        #expect(Prediction(fileText: "").firstDifference(from: "") == nil)
    }
}

@Suite("Exercise kinds: grading and verifying", .serialized, .tags(.compiles, .backend))
struct ExerciseKindsGradingTests {
    @Test("a prediction: not started, then the first differing line at the learner's line, then passed")
    func predict() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        let loaded = try workbook.load()
        let grader = try await kindsGrader(loaded)
        let chapter = try #require(loaded.chapters.first)
        let id = ExerciseID(chapter: 1, number: 2)
        let untouched = try await onOwnThread { try grader.grade(chapter, only: id) }
        #expect(untouched.exercises.map(\.status) == [.notStarted])

        let starter = try loaded.starter(for: chapter.exercises[1])
        try workbook.write("exercises/01-blocks/Ex2_Sums.txt", starter + "sum 2\nsum 3\nsum 6\n")
        let wrong = try await onOwnThread { try grader.grade(chapter, only: id) }
        let failure = try #require(wrong.exercises.first?.tests.first)
        #expect(wrong.exercises.first?.status == .failed)
        #expect(failure.message?.hasPrefix("line 2 of your prediction (“sum 3”) is in the right place, but the program prints something else there: its 2nd word (“3”) differs") == true,
                "\(failure.message ?? "")")
        #expect(failure.message?.contains("sum 4") == false, "the expected line is the answer")
        #expect(failure.location?.line == 3, "\(String(describing: failure.location))")

        try workbook.write("exercises/01-blocks/Ex2_Sums.txt", starter + "sum 2\nsum 4\nsum 6\n")
        let right = try await onOwnThread { try grader.grade(chapter, only: id) }
        #expect(right.exercises.map(\.status) == [.passed])
    }

    @Test("a compile exercise: its untouched starter is not started and breaks no other exercise; fixed, it passes")
    func compile() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        let loaded = try workbook.load()
        let grader = try await kindsGrader(loaded)
        let chapter = try #require(loaded.chapters.first)
        try writeStarters(of: chapter, from: loaded, into: workbook)
        try workbook.write("exercises/01-blocks/Ex1_Add.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n")
        let first = try await onOwnThread { try grader.grade(chapter) }
        #expect(first.exercises.map(\.status) == [.passed, .notStarted, .notStarted], "\(first.exercises.map(\.message))")

        // Changed but still rejected: its own diagnostics, and 1.1 still passes.
        try workbook.write("exercises/01-blocks/Ex3_Shared.swift", "public func makeShared() -> @Sendable () -> Int {\n    var count = 1\n    return { count += 1; return count }\n}\n")
        let broken = try await onOwnThread { try grader.grade(chapter) }
        #expect(broken.exercises.map(\.status) == [.passed, .notStarted, .doesNotCompile])
        #expect(broken.exercises[2].message.contains("mutation of captured var 'count'"))

        try workbook.write("exercises/01-blocks/Ex3_Shared.swift", KindsFixture.compileReference)
        let fixed = try await onOwnThread { try grader.grade(chapter) }
        #expect(fixed.exercises.map(\.status) == [.passed, .notStarted, .passed])
    }

    @Test("an untouched compile starter costs one failed build, not one per check: its diagnostics are remembered")
    func untouchedCompileStarter() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        let loaded = try workbook.load()
        var grader = try await kindsGrader(loaded)
        let chapter = try #require(loaded.chapters.first)
        try writeStarters(of: chapter, from: loaded, into: workbook)
        let phases = Mutex<[GradingEvent]>([])
        grader.events = { phase in phases.withLock { $0.append(phase) } }
        let compiles = { phases.withLock { list in list.filter { $0 == .compilingModule("Chapter01Blocks") }.count } }
        let graded = grader
        let first = try await onOwnThread { try graded.grade(chapter) }
        #expect(compiles() == 2, "the first check learns that the starter does not compile: \(phases.withLock { $0 })")
        phases.withLock { $0 = [] }
        try workbook.write("exercises/01-blocks/Ex1_Add.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n")
        let second = try await onOwnThread { try graded.grade(chapter) }
        #expect(compiles() == 1, "\(phases.withLock { $0 })")
        #expect(second.exercises.map(\.status) == [.passed, .notStarted, .notStarted])
        #expect(second.exercises[2].message == first.exercises[2].message)
        // Edited, it is compiled again: the memo is only for the untouched starter.
        phases.withLock { $0 = [] }
        try workbook.write("exercises/01-blocks/Ex3_Shared.swift", "public func makeShared() -> @Sendable () -> Int {\n    var count = 1\n    return { count += 1; return count }\n}\n")
        let broken = try await onOwnThread { try graded.grade(chapter) }
        #expect(broken.exercises.map(\.status) == [.passed, .notStarted, .doesNotCompile])
        #expect(compiles() == 2)
        // Untouched again, the files are those of the second check (answered from its
        // results, nothing compiled); once what the starter compiles with changes (here a
        // new support file of the module), the starter's diagnostics are learnt again.
        try workbook.write("exercises/01-blocks/Ex3_Shared.swift", try loaded.starter(for: chapter.exercises[2]))
        phases.withLock { $0 = [] }
        _ = try await onOwnThread { try graded.grade(chapter) }
        #expect(compiles() == 0, "\(phases.withLock { $0 })")
        try workbook.write("Sources/Chapter01Blocks/Support.swift", "public let supportNote = \"support\"\n")
        phases.withLock { $0 = [] }
        let relearnt = try await onOwnThread { try graded.grade(chapter) }
        #expect(compiles() == 2, "\(phases.withLock { $0 })")
        #expect(relearnt.exercises.map(\.status) == [.passed, .notStarted, .notStarted])
    }

    @Test("verify: each kind keeps its rule, and a wrong stated error or reference prediction is found")
    func verify() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        let loaded = try workbook.load()
        let grader = try await kindsGrader(loaded)
        let sound = try await onOwnThread { try Verifier(workbook: loaded, toolchain: grader.toolchain, options: grader.options).verify(loaded.chapters[0]) }
        #expect(sound == [], "\(sound)")

        try workbook.write("chapters/01-blocks.md", KindsFixture.chapter.replacingOccurrences(of: "mutation of captured var 'count'", with: "no such error"))
        try workbook.write("Sources/Predictions/01-blocks/Ex2_Sums.txt", KindsFixture.prediction.replacingOccurrences(of: "sum 6", with: "sum 7"))
        let reloaded = try workbook.load()
        let broken = try await onOwnThread { try Verifier(workbook: reloaded, toolchain: grader.toolchain, options: grader.options).verify(reloaded.chapters[0]) }
        #expect(broken.map(\.exercise.number) == [2, 3], "\(broken)")
        #expect(broken.first?.problem.contains("the reference does not pass (failed): line 3 of your prediction (“sum 7”) is in the right place, but the program prints something else there: its 2nd word (“7”) differs; line 3 of the output is “sum 6”") == true, "\(broken)")
        #expect(broken.last?.problem.contains("not with the stated error “no such error in concurrently-executing code”") == true, "\(broken)")
    }
}

@Suite("Exercise kinds: the handouts")
struct ExerciseKindsRenderTests {
    @Test("never show the student a predict program's output, and show the instructor the answer and the why")
    func predictHandouts() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        let loaded = try workbook.load()
        let chapter = try #require(loaded.chapters.first)
        let program = try #require(chapter.snippets.first { $0.has(.predict) })
        let results = FakeResults(results: chapter.snippets.map { snippet in
            SnippetResult(chapterPath: chapter.path, line: snippet.location.line, status: .passed,
                          expected: snippet.expectedOutput, actual: snippet.location == program.location ? "sum 2\nsum 4\nsum 6\n" : "4\n")
        })
        let student = try await onOwnThread { HandoutRenderer(workbook: loaded, edition: .student, results: results).render([chapter], collections: false) }
        #expect(student.errors.isEmpty, "\(student.errors)")
        let page = try #require(student.page("01-blocks.html")).html
        #expect(!page.contains("sum 4"), "the student edition shows the program's output, the answer")
        #expect(page.contains("Output: yours to predict"))
        #expect(page.contains("Predict the output"))
        #expect(page.contains("Swift 6 rejects the starter: <code>error: mutation of captured var &#39;count&#39; in concurrently-executing code</code>")
                || page.contains("Swift 6 rejects the starter: <code>error: mutation of captured var 'count' in concurrently-executing code</code>"))
        #expect(!page.contains("is closed"), "the student edition shows the predict exercise's explanation")

        let instructor = try await onOwnThread { HandoutRenderer(workbook: loaded, edition: .instructor, results: results).render([chapter], collections: false) }
        let answer = try #require(instructor.page("01-blocks.html")).html
        #expect(answer.contains("Output (the answer)") && answer.contains("sum 4"))
        #expect(answer.contains("is closed"))
    }
}
