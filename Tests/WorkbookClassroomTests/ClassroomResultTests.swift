import Foundation
import Testing
@testable import WorkbookClassroom
import WorkbookGrading
import WorkbookModel

/// Issue 55: a Classroom step's `result` holds the points `grade` gives for the visible
/// tests, in the shape autograding-grading-reporter reads (it adds up the tests' `score`
/// and shows passing ÷ tests × max_score per step).
@Suite("A Classroom step's result is grade's points for the visible tests")
struct ClassroomResultTests {
    static func grade(_ status: GradeStatus, _ tests: [(String, TestOutcome.Status, Bool)], message: String = "") -> ExerciseGrade {
        var grade = ExerciseGrade(id: ExerciseID("2.3")!, title: "Count", status: status, message: message)
        grade.tests = tests.map { name, status, hidden in
            var outcome = TestOutcome(name: name, status: status, message: status == .pass ? nil : "expected 3, got 0")
            outcome.hidden = hidden
            return outcome
        }
        return grade
    }

    /// What the reporter's NotifyClassroom adds up, and its log's per-step score.
    static func reporterSums(_ result: ClassroomResult.Result) -> (points: Double, shown: Double) {
        let passing = result.tests.filter { $0.status == "pass" }.count
        return (result.tests.map(\.score).reduce(0, +), Double(passing) / Double(result.tests.count) * Double(result.max_score))
    }

    @Test("a failure scores the share of passing tests among those the starter fails, as the gradebook's cell")
    func partialCredit() {
        let grade = Self.grade(.failed, [("a", .pass, false), ("b", .pass, false), ("c", .fail, false), ("s", .pass, false)])
        let (points, result) = ClassroomResult.result(for: grade, maxScore: 3, starterPasses: ["s"])
        #expect(points == Gradebook.cell(for: grade, possible: 3, starterPasses: ["s"]).points)
        #expect(points == 2, "2 of the 3 tests the starter fails")
        #expect(result.tests.map(\.name) == ["a", "b", "c"], "the starter's own pass is not among them")
        #expect(result.status == "fail" && result.max_score == 3 && result.version == 1)
        let sums = Self.reporterSums(result)
        #expect(sums.points == 2 && sums.shown == 2, "the reporter's Points and its log agree with grade: \(sums)")
    }

    @Test("a share that is no binary fraction adds up to the gradebook's rounded figure exactly")
    func exactSum() {
        let grade = Self.grade(.failed, [("a", .pass, false), ("b", .pass, false), ("c", .fail, false)])
        let (points, result) = ClassroomResult.result(for: grade, maxScore: 1, starterPasses: [])
        #expect(points == 0.67)
        #expect(Self.reporterSums(result).points == 0.67)
        #expect(result.tests.map(\.score) == [0.67, 0, 0], "carried by the first passing test")
    }

    @Test("hidden tests are left out: failing only hidden ones is a pass of the visible tests")
    func visibleOnly() {
        let grade = Self.grade(.failed, [("a", .pass, false), ("h", .fail, true)])
        let (points, result) = ClassroomResult.result(for: grade, maxScore: 2, starterPasses: [])
        #expect(points == 2 && result.status == "pass")
        #expect(result.tests.map(\.name) == ["a"])
    }

    @Test("code no test judged scores 0 with one entry saying why, so the reporter never divides by zero", arguments: [
        (GradeStatus.notStarted, "fail"), (.doesNotCompile, "error"),
    ])
    func nothingJudged(status: GradeStatus, expected: String) throws {
        let grade = Self.grade(status, [], message: "Ex3_Count.swift:4: error: cannot find 'x' in scope")
        let (points, result) = ClassroomResult.result(for: grade, maxScore: 1, starterPasses: [])
        #expect(points == 0 && result.status == expected)
        #expect(result.tests.count == 1 && result.tests[0].status == "fail" && result.tests[0].score == 0)
        #expect(result.tests[0].message == "Ex3_Count.swift:4: error: cannot find 'x' in scope")
        #expect(Self.reporterSums(result).shown == 0)
    }

    @Test("the output line is result= and base64 of the JSON the reporter decodes")
    func outputLine() throws {
        let grade = Self.grade(.passed, [("a", .pass, false)])
        let line = try ClassroomResult.outputLine(ClassroomResult.result(for: grade, maxScore: 1, starterPasses: []).result)
        #expect(line.hasPrefix("result=") && !line.contains("\n"))
        let data = try #require(Data(base64Encoded: String(line.dropFirst("result=".count))))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["max_score"] as? Int == 1 && object["status"] as? String == "pass")
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests.first?["score"] as? Double == 1 && tests.first?["name"] as? String == "a")
    }
}
