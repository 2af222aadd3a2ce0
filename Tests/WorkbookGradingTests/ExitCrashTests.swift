import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookSystem

/// A process killed after the runner's signed completion record had every test ended
/// first: the report says so (the records establish it), not that a test crashed.
@Suite("A crash after the run was complete")
struct ExitCrashTests {
    @Test("is said as a crash on the way out, with the tests' own outcomes")
    func crashAfterCompletion() throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let workbook = try Workbook(root: root)
        let (chapter, exercise) = try workbook.exercise("1.1")
        let key = RunnerEntryPoint.Key.random()
        let records = [
            #"{"kind":"test","payload":{"id":"M.S/a()","kind":"function","name":"a()","sourceLocation":{"_filePath":"/t.swift","line":3}},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/a()"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/a()"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"runEnded"},"version":0}"#,
        ]
        func channel(completed: Bool) -> [UInt8] {
            let all = records + (completed ? [#"{"kind":"workbookRunnerCompleted","passed":true,"records":4}"#] : [])
            return Array(all.enumerated().map { number, record in
                "\(number) \(RunnerSipHash.hex(key.mac(sequence: UInt64(number), Array(record.utf8)))) \(record)\n"
            }.joined().utf8)
        }
        let interpretation = Interpretation(paths: LearnerPaths(workbook: workbook, cache: workbook.cacheFolder, fromWorkspace: false),
                                            outputLimit: 1 << 16, chapter: chapter, exercise: exercise, submissions: [])
        let start = ExerciseGrade(id: exercise.id, title: exercise.title, status: .crashed, learnerFile: "exercises/01-basics/Ex1.swift")
        let killed = ChildProcess.Result(termination: .signaled(11), standardOutput: "", standardError: "", outputTruncated: false, seconds: 0.2)

        let afterEnd = interpretation.grade(start, result: killed, stream: TestEventStream(channel: channel(completed: true), key: key))
        #expect(afterEnd.status == .crashed)
        #expect(afterEnd.message.hasPrefix("every test had ended (1 of 1 passed) when the tests' process was killed as it exited: "), "\(afterEnd.message)")
        // Without the completion record, it is a crash while the tests ran.
        let during = interpretation.grade(start, result: killed, stream: TestEventStream(channel: channel(completed: false), key: key))
        #expect(during.message.hasPrefix("the tests crashed"), "\(during.message)")
    }
}
