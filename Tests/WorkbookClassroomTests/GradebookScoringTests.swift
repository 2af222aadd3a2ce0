import Testing
@testable import WorkbookGrading
@testable import WorkbookClassroom
import WorkbookModel

/// Issue 32: points come only from the tests an exercise's untouched starter fails.
@Suite("Scoring a failed exercise")
struct GradebookScoringTests {
    static func grade(_ outcomes: [(String, TestOutcome.Status)]) -> ExerciseGrade {
        var grade = ExerciseGrade(id: ExerciseID(chapter: 1, number: 3), title: "Total", status: .failed, message: "failed")
        grade.tests = outcomes.map { TestOutcome(name: $0.0, status: $0.1) }
        return grade
    }

    @Test("a test the starter passes too earns nothing, and the reason says how many were left out")
    func starterPassesDoNotCount() {
        let wrong = Self.grade([("sums three prices", .fail), ("is zero for no prices", .pass)])
        let cell = Gradebook.cell(for: wrong, possible: 2, starterPasses: ["is zero for no prices"])
        #expect(cell.points == 0)
        #expect(cell.reason.hasPrefix("0 of 1 tests passed (1 more that the starter passes too does not count)"), "\(cell.reason)")
    }

    @Test("the share is taken of the tests the starter fails")
    func shareOfTheRest() {
        let half = Self.grade([("a", .pass), ("b", .fail), ("c", .pass), ("d", .fail), ("e", .pass)])
        #expect(Gradebook.cell(for: half, possible: 1, starterPasses: ["e"]).points == 0.5)
        #expect(Gradebook.cell(for: half, possible: 1).points == 0.6, "with no starter passes, every test counts")
    }
}
