import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookSystem
@testable import WorkbookToolchain

/// Lines as Swift Testing 6.3.1 wrote them on this machine (backtraces shortened).
private let recordedStream = #"""
{"kind":"test","payload":{"displayName":"Exercise 1.1: Write add","id":"runner.Ex1_AddTests","kind":"suite","name":"Ex1_AddTests","sourceLocation":{"_filePath":"T.swift","column":2,"fileID":"runner\/T.swift","line":3}},"version":0}
{"kind":"test","payload":{"displayName":"adds two and two","id":"runner.Ex1_AddTests\/four()\/T.swift:5:6","isParameterized":false,"kind":"function","name":"four()","sourceLocation":{"_filePath":"T.swift","column":6,"fileID":"runner\/T.swift","line":5}},"version":0}
{"kind":"test","payload":{"displayName":"passes","id":"runner.Ex1_AddTests\/ok()\/T.swift:9:6","isParameterized":false,"kind":"function","name":"ok()","sourceLocation":{"_filePath":"T.swift","column":6,"fileID":"runner\/T.swift","line":9}},"version":0}
{"kind":"test","payload":{"id":"runner.Ex2_BoomTests\/crash()\/T.swift:12:6","isParameterized":false,"kind":"function","name":"crash()","sourceLocation":{"_filePath":"T.swift","column":6,"fileID":"runner\/T.swift","line":12}},"version":0}
{"kind":"event","payload":{"instant":{"absolute":1231.888607749,"since1970":1796062368.762458},"kind":"testStarted","messages":[{"symbol":"default","text":"Suite \"Exercise 1.1: Write add\" started."}],"testID":"runner.Ex1_AddTests"},"version":0}
{"kind":"event","payload":{"instant":{"absolute":1231.889815555,"since1970":1796062368.763666},"kind":"testStarted","messages":[{"symbol":"default","text":"Test \"passes\" started."}],"testID":"runner.Ex1_AddTests\/ok()\/T.swift:9:6"},"version":0}
{"kind":"event","payload":{"instant":{"absolute":1231.890017764,"since1970":1796062368.763868},"kind":"testStarted","messages":[{"symbol":"default","text":"Test \"adds two and two\" started."}],"testID":"runner.Ex1_AddTests\/four()\/T.swift:5:6"},"version":0}
{"kind":"event","payload":{"_comments":["add(2, 2) should be 4"],"_sourceLocation":{"_filePath":"T.swift","column":19,"fileID":"runner\/T.swift","line":6},"instant":{"absolute":1231.892602773,"since1970":1796062368.7664533},"issue":{"_backtrace":[{"address":140248072023766}],"isKnown":false,"sourceLocation":{"_filePath":"T.swift","column":19,"fileID":"runner\/T.swift","line":6}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (add(2, 2) → 5) == 4"},{"symbol":"details","text":"add(2, 2) should be 4"}],"testID":"runner.Ex1_AddTests\/four()\/T.swift:5:6"},"version":0}
{"kind":"event","payload":{"instant":{"absolute":1231.893422952,"since1970":1796062368.7672732},"kind":"testEnded","messages":[{"symbol":"pass","text":"Test \"passes\" passed after 0.003 seconds."}],"testID":"runner.Ex1_AddTests\/ok()\/T.swift:9:6"},"version":0}
{"kind":"event","payload":{"instant":{"absolute":1231.893927028,"since1970":1796062368.7677774},"kind":"testEnded","messages":[{"symbol":"fail","text":"Test \"adds two and two\" failed after 0.003 seconds with 1 issue."}],"testID":"runner.Ex1_AddTests\/four()\/T.swift:5:6"},"version":0}
{"kind":"event","payload":{"instant":{"absolute":1239.106958131,"since1970":1796062375.9808083},"kind":"testStarted","messages":[{"symbol":"default","text":"Test crash() started."}],"testID":"runner.Ex2_BoomTests\/crash()\/T.swift:12:6"},"version":0}
{"kind":"event","payload":{"instant":{"absolute":1239.2,"since1970":1796062376.0},"kind":"runEnd
"""#

@Suite("The Swift Testing event stream")
struct TestEventStreamTests {
    let stream = TestEventStream(parsing: recordedStream)

    @Test("lists the test functions, not the suites, with their display names and lines")
    func records() {
        #expect(stream.tests.map(\.title) == ["adds two and two", "passes", "crash()"])
        #expect(stream.tests.map(\.line) == [5, 9, 12])
        #expect(stream.tests.first?.filePath == "T.swift")
    }

    @Test("keeps each failure's message, comments and location")
    func issues() throws {
        let issue = try #require(stream.issues["runner.Ex1_AddTests/four()/T.swift:5:6"]?.first)
        #expect(issue.message == "Expectation failed: (add(2, 2) → 5) == 4")
        #expect(issue.details == ["add(2, 2) should be 4"])
        #expect(issue.line == 6)
        #expect(issue.column == 19)
    }

    @Test("names the test that started and never ended, and skips a line cut short")
    func unfinished() {
        #expect(stream.unfinished.map(\.name) == ["crash()"])
        #expect(!stream.runEnded)
    }
}

@Suite("Compiler diagnostics")
struct CompilerDiagnosticsTests {
    @Test("parses the header of each diagnostic", arguments: zip(
        [
            "/w/exercises/01-x/Ex1.swift:5:12: error: cannot convert value",
            "Ex1.swift:9:41: note: '#expect(_:_:)' will always pass here",
            "C:odd:path.swift:3:1: warning: unused",
            "   |            `- error: cannot convert return expression",
            "error: link command failed",
        ],
        [
            "/w/exercises/01-x/Ex1.swift 5 12 error", "Ex1.swift 9 41 note", "C:odd:path.swift 3 1 warning", "-", "-",
        ]))
    func header(line: String, expected: String) {
        let header = CompilerDiagnostics.header(line)
        #expect(header.map { "\($0.path) \($0.line) \($0.column) \($0.severity)" } ?? "-" == expected)
    }

    @Test("keeps the source excerpt with its diagnostic and groups errors by file")
    func grouping() {
        let output = """
            /w/A.swift:2:5: error: bad
            2 |     x
              |     `- error: bad
            /w/B.swift:1:1: warning: meh
            """
        let diagnostics = CompilerDiagnostics(output)
        #expect(diagnostics.entries.count == 2)
        #expect(diagnostics.filesWithErrors == ["/w/A.swift"])
        #expect(diagnostics.text(for: "/w/A.swift") == "/w/A.swift:2:5: error: bad\n2 |     x\n  |     `- error: bad")
    }
}

@Suite("Grade reports")
struct GradeReportTests {
    static let failing: ExerciseGrade = {
        var test = TestOutcome(
            name: "loads & shows", status: .fail, message: "Expectation failed: (x → 1) == 2",
            location: SourceLocation(path: "Tests/T.swift", line: 8, column: 9),
            code: "@Test(\"loads & shows\")\nfunc a() {\n    let x = 1\n    #expect(x == 2)\n}")
        test.output = String(repeating: "y", count: 900)
        return ExerciseGrade(
            id: ExerciseID(chapter: 3, number: 2), title: "Load <the> inventory", status: .failed,
            message: "1 of 1 tests failed", tests: [test],
            output: String(repeating: "y", count: 900), outputTruncated: false, learnerFile: "exercises/03-queues/Ex2.swift")
    }()

    /// The fields the spec (exercism/docs, test-runners/interface.md) lists, and its rules.
    @Test("results.json v3: every field, no top-level message for a fail, each test's own output capped with the spec's words, the body as test_code")
    func resultsJSON() throws {
        let json = try ResultsJSON.exercise(Self.failing)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 3)
        #expect(object["status"] as? String == "fail")
        #expect(object["message"] is NSNull, "the spec has a top-level message only for error")
        let test = try #require((object["tests"] as? [[String: Any]])?.first)
        #expect(Set(test.keys) == ["name", "status", "message", "output", "test_code", "task_id"])
        #expect(test["task_id"] as? Int == 2)
        let output = try #require(test["output"] as? String)
        #expect(output.count == 500)
        #expect(output.hasSuffix("\nOutput was truncated. Please limit to 500 chars"))
        #expect(test["test_code"] as? String == "let x = 1\n#expect(x == 2)")
    }

    @Test("a test whose output was not told apart has none, rather than the whole exercise's")
    func noSharedOutput() throws {
        var grade = Self.failing
        grade.tests[0].output = nil
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try ResultsJSON.exercise(grade).utf8)) as? [String: Any])
        #expect((object["tests"] as? [[String: Any]])?.first?["output"] is NSNull)
    }

    @Test("an error keeps its top-level message")
    func errorMessage() throws {
        var grade = Self.failing
        grade.status = .doesNotCompile
        grade.tests = []
        grade.message = "Ex2.swift:1:1: error: x"
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try ResultsJSON.exercise(grade).utf8)) as? [String: Any])
        #expect(object["status"] as? String == "error")
        #expect(object["message"] as? String == "Ex2.swift:1:1: error: x")
    }

    @Test("a crash's trap message and a limit reach the message of each test they stopped")
    func crashCause() throws {
        var grade = Self.failing
        grade.status = .crashed
        grade.message = "The tests crashed: Fatal error: x\nThe run went over a limit: it used more than 1024 MiB of memory"
        grade.tests = [TestOutcome(name: "loads", status: .pass), TestOutcome(name: "shows", status: .error, message: "the tests crashed while it ran")]
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try ResultsJSON.exercise(grade).utf8)) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        let message = try #require(tests[1]["message"] as? String)
        #expect(message.hasPrefix("the tests crashed while it ran"))
        #expect(message.contains("Fatal error: x") && message.contains("1024 MiB of memory"))
        #expect(tests[0]["message"] is NSNull, "a passing test has no message")
    }

    @Test("status is error only when no test could run", arguments: zip(
        [GradeStatus.passed, .failed, .crashed, .doesNotCompile, .notStarted],
        ["pass", "fail", "fail", "error", "error"]))
    func status(status: GradeStatus, expected: String) {
        var grade = Self.failing
        grade.status = status
        if status == .doesNotCompile || status == .notStarted { grade.tests = [] }
        #expect(ResultsJSON.status(of: grade) == expected)
    }

    @Test("a chapter is one results.json: every exercise's tests, an exercise as a task")
    func chapterJSON() throws {
        let notStarted = ExerciseGrade(id: ExerciseID(chapter: 3, number: 3), title: "Buttons", status: .notStarted, message: "still the starter")
        let json = try ResultsJSON.chapter(ChapterGrade(chapter: 3, title: "Queues", exercises: [Self.failing, notStarted]))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 3 && object["status"] as? String == "fail" && object["message"] is NSNull)
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests.map { $0["name"] as? String } == ["3.2 · loads & shows", "3.3 · Exercise 3.3: Buttons"])
        #expect(tests.map { $0["task_id"] as? Int } == [2, 3])
        #expect(tests[1]["status"] as? String == "error" && tests[1]["message"] as? String == "still the starter")
    }

    @Test("JUnit XML escapes names and reports failures, with Module.File class names")
    func junit() {
        let xml = JUnitReport.xml(ChapterGrade(chapter: 3, title: "Queues", exercises: [Self.failing]), hostname: "h")
        #expect(xml.contains(#"<testsuite name="Exercise 3.2: Load &lt;the&gt; inventory" package="Chapter03" id="0" timestamp=""#))
        #expect(xml.contains(#"hostname="h" tests="1" failures="1" errors="0" skipped="0" time="#))
        #expect(xml.contains(#"<testcase name="loads &amp; shows" classname="Chapter03.Exercise2" time="#))
        #expect(xml.contains("at Tests/T.swift:8:9</failure>"))
    }

    /// The rules of the strict Ant JUnit schema (windyroad/JUnit-Schema, JUnit.xsd), checked
    /// on the parsed document: the file itself is not ours to ship. (Validated against it
    /// with `xmllint --schema` by hand: a passing, a failing and a not-started chapter.)
    @Test("JUnit XML keeps the strict Ant schema: attributes, element order, skipped for not started")
    func junitStrict() throws {
        var notStarted = ExerciseGrade(id: ExerciseID(chapter: 3, number: 1), title: "Queue", status: .notStarted, message: "still the starter")
        notStarted.seconds = 0
        let grade = ChapterGrade(chapter: 3, title: "Queues", exercises: [notStarted, Self.failing])
        let document = try XMLDocument(xmlString: JUnitReport.xml(grade, hostname: "h"), options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites" && (root.attributes ?? []).isEmpty, "the aggregate takes no attributes")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 2)
        for (index, suite) in suites.enumerated() {
            for name in ["name", "package", "id", "timestamp", "hostname", "tests", "failures", "errors", "time"] {
                #expect(suite.attribute(forName: name)?.stringValue?.isEmpty == false, "testsuite lacks \(name)")
            }
            #expect(suite.attribute(forName: "id")?.stringValue == "\(index)")
            let stamp = suite.attribute(forName: "timestamp")?.stringValue ?? ""
            #expect(stamp.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$"#, options: .regularExpression) != nil, "\(stamp)")
            let order = (suite.children ?? []).compactMap(\.name)
            #expect(order.first == "properties" && order.suffix(2) == ["system-out", "system-err"], "\(order)")
            for testcase in suite.elements(forName: "testcase") {
                for name in ["name", "classname", "time"] {
                    #expect(testcase.attribute(forName: name) != nil, "testcase lacks \(name)")
                }
                #expect(Double(testcase.attribute(forName: "time")?.stringValue ?? "") != nil)
                for problem in testcase.elements(forName: "failure") + testcase.elements(forName: "error") {
                    #expect(problem.attribute(forName: "type") != nil, "failure and error need a type")
                }
            }
        }
        #expect(suites[0].elements(forName: "testcase").first?.elements(forName: "skipped").count == 1)
        #expect(suites[0].attribute(forName: "skipped")?.stringValue == "1")
    }

    @Test("a timeout says what the CPU time shows, computing or waiting, and only the numbers in between",
          arguments: zip([9.5, 1.2, 0.1, 0.5], ["kept computing", "kept computing", "sat idle, waiting", "It used 0.5 s of CPU in 10.0 s."]))
    func likelyCause(cpu: Double, cause: String) {
        let said = Interpretation.likelyCause(cpuSeconds: cpu, wallSeconds: 10)
        #expect(said.contains(cause), "\(said)")
        if cpu == 0.5 { #expect(!said.contains("computing") && !said.contains("idle")) }
    }

    @Test("the cause is judged from the figures as printed: 0.34 s in 3.06 s prints as 0.3 in 3.1, under a tenth")
    func likelyCauseRounded() {
        #expect(Interpretation.likelyCause(cpuSeconds: 0.34, wallSeconds: 3.06) == "It used 0.3 s of CPU in 3.1 s.")
        #expect(Interpretation.likelyCause(cpuSeconds: 0.36, wallSeconds: 3.06).hasSuffix("it kept computing, as a loop or a recursion that never ends does."))
    }

    @Test("time spent waiting for a processor is said apart and left out of the share; a run that had no time to show it is not called idle")
    func likelyCauseBesidesProcessorWait() {
        #expect(Interpretation.likelyCause(cpuSeconds: 0.9, wallSeconds: 6.0, processorWaitSeconds: 5.0)
            == "It used 0.9 s of CPU in 1.0 s (and 5.0 s waiting for a processor, which the limit does not count): it kept computing, as a loop or a recursion that never ends does.")
        #expect(Interpretation.likelyCause(cpuSeconds: 0.0, wallSeconds: 3.0, processorWaitSeconds: 2.8)
            == "It used 0.0 s of CPU in 0.2 s (and 2.8 s waiting for a processor, which the limit does not count).")
        #expect(Interpretation.likelyCause(cpuSeconds: 0.0, wallSeconds: 10.0, processorWaitSeconds: 1.0).contains("in 9.0 s (and 1.0 s waiting for a processor, which the limit does not count): it sat idle"))
    }

    @Test("a failed test compile is remembered only when the compiler said what is wrong with its inputs")
    func lastingFailure() {
        let error = "/w/Tests/T.swift:3:5: error: cannot find 'x' in scope"
        #expect(BuildFailures.lastingFailure(.exited(1), error))
        #expect(!BuildFailures.lastingFailure(.signaled(9), error))
        #expect(!BuildFailures.lastingFailure(.timedOut(seconds: 60), error))
        #expect(!BuildFailures.lastingFailure(.exited(1), "<unknown>:0: error: input file '/w/T.swift' was modified during the build"))
        #expect(!BuildFailures.lastingFailure(.exited(1), "error: unable to write: No space left on device"))
        #expect(!BuildFailures.lastingFailure(.exited(254), "a crash without a diagnostic"))
    }
}

@Suite("The progress store")
struct ProgressStoreTests {
    @Test("updates at the same time lose nothing: each reads, changes and saves under the lock")
    func concurrentUpdates() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-progress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ProgressStore(stateFolder: folder)
        let ids = (1...12).map { ExerciseID(chapter: 3, number: $0) }
        try await onOwnThread {
            _ = try BlockingLanes.map(ids, width: ids.count) { id in
                try store.update { $0[id].hintsShown = id.number }
            }
        }
        let state = store.load()
        #expect(ids.allSatisfy { state[$0].hintsShown == $0.number }, "an update was lost")
    }

    @Test("saves atomically, reads back, and sets an unreadable file aside")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-progress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ProgressStore(stateFolder: folder)
        let id = ExerciseID(chapter: 2, number: 3)
        try store.update { $0[id].hintsShown = 2 }
        #expect(store.load()[id].hintsShown == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["progress.json", "progress.lock"])

        try "{ half a fi".write(to: store.file, atomically: false, encoding: .utf8)
        #expect(store.load() == ProgressState())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.hasPrefix("progress.unreadable-") })
    }
}
