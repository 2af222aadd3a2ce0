import Foundation
import WorkbookGrading

/// What one exercise's step of the Classroom workflow hands the reporter
/// (classroom-resources/autograding-grading-reporter@v1): its `result` output, base64 of
/// `{version, status, max_score, tests: [{name, status, score, message, …}]}` — the shape
/// autograding-command-grader writes. The reporter's "Points" (what Classroom records)
/// add up every test's `score`; its log shows each step as passing tests ÷ tests ×
/// `max_score`. So `tests` holds the visible tests `grade` counts, and their scores add up
/// to the points `grade` gives for those tests (`Gradebook.cell`, the one rule).
public enum ClassroomResult {
    public struct Test: Encodable, Sendable, Equatable {
        public var name: String
        public var status: String
        public var score: Double
        public var message: String
        public var test_code: String
        public var filename: String
        public var line_no: Int
        public var duration: Int
    }

    public struct Result: Encodable, Sendable, Equatable {
        public var version = 1
        public var status: String
        public var max_score: Int
        public var tests: [Test]
    }

    /// The step's result for `grade`, worth `maxScore`. `starterPasses` names the tests the
    /// untouched starter passes too (as `grade` takes them: they earn nothing).
    public static func result(for grade: ExerciseGrade, maxScore: Int, starterPasses: Set<String>) -> (points: Double, result: Result) {
        let visible = visibleOnly(grade)
        let cell = Gradebook.cell(for: visible, possible: Double(maxScore), starterPasses: starterPasses)
        let status = cell.points == cell.possible ? "pass" : (visible.status == .failed || visible.status == .notStarted ? "fail" : "error")
        let counted = visible.status == .passed ? visible.tests : visible.tests.filter { !starterPasses.contains($0.name) }
        var tests = counted.map { outcome in
            Test(name: outcome.name, status: outcome.status.rawValue, score: 0,
                 message: String((outcome.message ?? "").prefix(ResultsJSON.outputLimit)), test_code: "",
                 filename: visible.learnerFile, line_no: 0, duration: Int(outcome.seconds * 1000))
        }
        if tests.isEmpty {
            // No test judged it (not started, does not compile, or every test passes for the
            // starter too): one entry saying why, so the reporter's log never divides by zero.
            let why = visible.message.split(separator: "\n").first.map(String.init) ?? visible.status.word
            tests = [Test(name: "\(grade.id) \(grade.title)", status: status == "pass" ? "pass" : "fail", score: 0,
                          message: why.isEmpty ? visible.status.word : why, test_code: "", filename: visible.learnerFile,
                          line_no: 0, duration: 0)]
        }
        // The whole step's points on its first passing test, the others 0: a share spread
        // over the tests would add up to 0.6699999999999999 for 0.67 in the reporter's sum,
        // and the sum must be the gradebook's figure exactly.
        if let first = tests.firstIndex(where: { $0.status == "pass" }) { tests[first].score = cell.points }
        return (cell.points, Result(status: status, max_score: maxScore, tests: tests))
    }

    /// The grade as its visible tests alone give it: hidden tests (the teacher's, absent
    /// from a student release) left out, and a failure that only hidden tests made a pass.
    static func visibleOnly(_ grade: ExerciseGrade) -> ExerciseGrade {
        var visible = grade
        visible.tests = grade.tests.filter { !$0.hidden }
        let hiddenFailed = grade.tests.contains { $0.hidden && $0.status != .pass }
        if grade.status == .failed, hiddenFailed, !visible.tests.isEmpty, visible.tests.allSatisfy({ $0.status == .pass }) {
            visible.status = .passed
            visible.message = ""
        }
        return visible
    }

    /// `result=BASE64`: the line a step appends to `$GITHUB_OUTPUT`.
    public static func outputLine(_ result: Result) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return "result=" + (try encoder.encode(result)).base64EncodedString()
    }
}
