import Synchronization
import Testing
import WorkbookGrading
import WorkbookModel
@testable import WorkbookCLI

/// Issue 54: a failing exercise's report must not drown the learner — a 3.6 deadlock's
/// report was 49.6 KB, with one line of 46,078 characters (505 copies of one string), and
/// one failing 5.3 repeated a test's lines four times.
@Suite("A failing exercise's check report stays short")
struct CheckReportLengthTests {
    static let id = ExerciseID("3.6")!
    static let testsFile = "Tests/Chapter03QueuesTests/Ex6_DeadlockTests.swift"
    static let learnerFile = "exercises/03-queues/Ex6_Deadlock.swift"

    /// A grade shaped like the learner's 3.6: a deadlock recorded once per item of a long
    /// delivery, four failing cases of one parameterized test, and the learner's 40-line function.
    static func deadlockGrade() -> ChapterGrade {
        let deadlock = "contains(_:) called sync on com.closuresworkbook.diner.stock while already running on it"
        let all = Array(repeating: deadlock, count: 505)
        var noDeadlock = TestOutcome(
            name: "restocks without calling sync on the queue it is already on", status: .fail,
            message: "Expectation failed: (deadlocks → \(all)).isEmpty\nrestock would deadlock: \(all.joined(separator: "; "))",
            location: SourceLocation(path: testsFile, line: 22))
        noDeadlock.failedCode = (20...24).map { "\($0) |         #expect(deadlocks.isEmpty, …)" }.joined(separator: "\n")
        noDeadlock.yourCode = [CodePointer(
            name: "restock", path: learnerFile, line: 35,
            excerpt: (35...74).map { "\($0) |         items.append(item) // line \($0)" }.joined(separator: "\n"))]
        var grade = ExerciseGrade(id: id, title: "Fix the deadlock in restock", status: .failed, message: "5 of 7 tests failed",
                                  learnerFile: learnerFile)
        grade.tests = [noDeadlock] + [0, 2, 5, 7].map { stocked in
            var test = TestOutcome(
                name: "adds only the missing items and says how many", status: .fail,
                message: "Expectation failed: (added → 0) == \(5 - stocked)\nwith \(stocked) items already in stock, restocking the whole menu added 0",
                location: SourceLocation(path: testsFile, line: 44))
            test.failedCode = (40...47).map { "\($0) |         let added = stock.restock(menu) // \($0)" }.joined(separator: "\n")
            test.yourCode = noDeadlock.yourCode
            return test
        } + [TestOutcome(name: "adds an item listed twice in one delivery only once", status: .pass)]
        return ChapterGrade(chapter: 3, title: "Queues", exercises: [grade])
    }

    /// The text `check 3.6` prints for `grade`, on a terminal `width` columns wide (nil: piped).
    static func report(_ grade: ChapterGrade, width: Int? = nil, full: Bool = false) -> [String] {
        let out = Mutex("")
        let console = Console(width: width, out: { text in out.withLock { $0 += text } }, error: { _ in })
        let exercise = Exercise(id: id, title: "Fix the deadlock in restock", location: SourceLocation(path: "chapters/03-queues.md", line: 1), headingLevel: 2)
        let chapter = Chapter(number: 3, slug: "queues", title: "Queues", path: "chapters/03-queues.md",
                              titleLocation: SourceLocation(path: "chapters/03-queues.md", line: 1), exercises: [exercise])
        CheckReport(console: console, full: full).print(grade, chapter: chapter, statuses: [id: .failing])
        return out.withLock { $0 }.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("a 3.6 deadlock's report is at most 60 lines, none wider than 300 characters, piped or on an 80-column terminal")
    func deadlockReportIsShort() {
        for width in [nil, 80] as [Int?] {
            let lines = Self.report(Self.deadlockGrade(), width: width)
            #expect(lines.count <= 60, "\(lines.count) lines at width \(String(describing: width)):\n\(lines.joined(separator: "\n"))")
            let widest = lines.map(\.count).max() ?? 0
            #expect(widest <= 300, "a line of \(widest) characters at width \(String(describing: width))")
        }
    }

    @Test("in watch, on a 40-row terminal 80 columns wide, a failing exercise's ✗ line and its line to look at stay on screen with the whole report")
    func watchFitsFortyRows() {
        // A chapter of twelve exercises, eleven passing, 3.6 failing as above.
        var grade = Self.deadlockGrade()
        let others = (1...12).filter { $0 != 6 }.map { number in
            ExerciseGrade(id: ExerciseID("3.\(number)")!, title: "Exercise \(number) of the chapter", status: .passed, message: "",
                          learnerFile: "exercises/03-queues/Ex\(number).swift")
        }
        grade.exercises = (grade.exercises + others).sorted { $0.id < $1.id }
        let exercises = grade.exercises.map { Exercise(id: $0.id, title: $0.title, location: SourceLocation(path: "chapters/03-queues.md", line: 1), headingLevel: 2) }
        let chapter = Chapter(number: 3, slug: "queues", title: "Queues", path: "chapters/03-queues.md",
                              titleLocation: SourceLocation(path: "chapters/03-queues.md", line: 1), exercises: exercises)
        let lookHere = "\(Self.learnerFile):41: look here — one small change to this line makes every test pass (found by trying small changes to your lines)"
        let out = Mutex("")
        let console = Console(width: 80, height: 40, out: { text in out.withLock { $0 += text } }, error: { _ in })
        var report = CheckReport(console: console)
        report.screenRows = console.height
        report.locate = { _ in [lookHere] + (39...43).map { "\($0 == 41 ? ">" : " ") \($0) |         items.append(item)" } }
        report.print(grade, chapter: chapter, statuses: Dictionary(uniqueKeysWithValues: grade.exercises.map { ($0.id, $0.passed ? .passing : .failing) }))
        // `watch` closes its screen with one line of its own.
        let lines = out.withLock { $0 }.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) + ["Watching exercises/03-queues — q or Ctrl-C quits."]
        #expect(lines.count <= 40, "\(lines.count) rows:\n\(lines.joined(separator: "\n"))")
        #expect(lines.allSatisfy { $0.count <= 80 }, "a row wider than the terminal")
        #expect(lines.contains { $0.contains("✗ 3.6") })
        #expect(lines.contains { $0.contains("Ex6_Deadlock.swift:41: look here") })
        #expect(lines.contains { $0.contains("> 41 |") })
    }

    @Test("the long value is cut in its middle, with its length said")
    func longValueElided() throws {
        let lines = Self.report(Self.deadlockGrade())
        let cut = try #require(lines.first { $0.contains("restock would deadlock:") }, "\(lines.joined(separator: "\n"))")
        #expect(cut.contains("characters in all; --full shows them"), "\(cut)")
        #expect(cut.hasSuffix("while already running on it"), "the end of the value is kept: \(cut)")
        // --full shows it whole.
        let full = Self.report(Self.deadlockGrade(), full: true)
        #expect(full.contains { $0.count > 46_000 }, "--full cut the value")
    }

    @Test("the exercise's ✗ line and every failing test's ✗ line are kept; a test's own lines are shown once")
    func failuresStayOnScreen() {
        let lines = Self.report(Self.deadlockGrade(), width: 80)
        #expect(lines.contains { $0.hasPrefix("  ✗ 3.6") }, "\(lines.joined(separator: "\n"))")
        let failing = lines.filter { $0.drop { $0 == " " }.hasPrefix("✗ “") }
        #expect(failing.count == 5, "the failing tests' lines: \(failing)")
        // The parameterized test's lines (40…47) once, not once per failing case.
        #expect(lines.filter { $0.contains("44 |") }.count <= 1, "\(lines.joined(separator: "\n"))")
        #expect(lines.last { $0.contains("more line") }?.contains("`workbook check 3.6 --full` shows them all") == true,
                "\(lines.joined(separator: "\n"))")
    }

    @Test("a message up to three report lines long is wrapped whole at its spaces, not cut")
    func messageWrappedWhole() {
        let words = (1...100).map { "word\($0)" }.joined(separator: " ")  // 684 characters
        let pieces = ReportFold.fitted("    " + words)
        #expect(pieces.count == 3 && pieces.allSatisfy { $0.count + 8 <= ReportFold.widest }, "\(pieces)")
        #expect(pieces.joined(separator: " ").split(separator: " ") == ("    " + words).split(separator: " "), "a word was lost: \(pieces)")
    }

    @Test("a short report is left whole")
    func shortReportWhole() {
        var grade = Self.deadlockGrade()
        grade.exercises[0].tests = [TestOutcome(name: "adds an item listed twice in one delivery only once", status: .fail,
                                                message: "a delivery with two milkshakes added 2",
                                                location: SourceLocation(path: Self.testsFile, line: 38))]
        let lines = Self.report(grade)
        #expect(!lines.contains { $0.contains("more line") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("        ✗ “adds an item listed twice in one delivery only once”"), "\(lines.joined(separator: "\n"))")
    }

    @Test("the fold keeps every ✗ line and message first, then the first test's code, each piece of code whole or not at all",
          arguments: [10, 20, 40])
    func foldRanks(rows: Int) {
        let lines = ["2 of 3 tests failed:"]
            + ["✗ “a”", "    message a", "    Tests/A.swift:3:"] + (1...30).map { "      \($0) | code a" }
            + ["✗ “b”", "    message b", "    Tests/B.swift:9:"] + (1...30).map { "      \($0) | code b" }
        let folded = ReportFold.fold(lines, rows: rows) { _ in 1 }
        #expect(folded.lines.count < rows && folded.hidden == lines.count - folded.lines.count)
        #expect(folded.lines.filter { $0.hasPrefix("✗") } == ["✗ “a”", "✗ “b”"])
        #expect(folded.lines.contains("    message a") && folded.lines.contains("    message b"))
        let codeA = folded.lines.filter { $0.hasSuffix("code a") }.count, codeB = folded.lines.filter { $0.hasSuffix("code b") }.count
        #expect([0, 30].contains(codeA) && [0, 30].contains(codeB), "code cut in the middle: \(folded.lines)")
        #expect(codeB == 0 || codeA == 30, "the later test's code went before the first test's")
        #expect(folded.lines.contains("    Tests/A.swift:3:") == (codeA == 30), "a code's heading goes with it")
        #expect(codeA == (rows >= 40 ? 30 : 0))
    }
}
