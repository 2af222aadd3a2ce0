import Testing
@testable import WorkbookGrading
@testable import WorkbookClassroom
import WorkbookModel

/// Issue 32: what to reteach, per exercise.
@Suite("The class's statistics per exercise")
struct ExerciseStatisticsTests {
    @Test("counts passes, takes the median of the points and names the failing test most students share")
    func statistics() {
        let id = ExerciseID(chapter: 3, number: 2)
        func grade(_ status: GradeStatus, _ tests: [(String, TestOutcome.Status, String?)]) -> ExerciseGrade {
            var grade = ExerciseGrade(id: id, title: "Load", status: status)
            grade.tests = tests.map { TestOutcome(name: $0.0, status: $0.1, message: $0.2) }
            return grade
        }
        let grades = [
            "a": [grade(.passed, [("x", .pass, nil), ("y", .pass, nil)])],
            "b": [grade(.failed, [("x", .fail, "x went wrong"), ("y", .fail, "y went wrong")])],
            "c": [grade(.failed, [("x", .pass, nil), ("y", .fail, "y went wrong\nmore")])],
        ]
        var rows: [Gradebook.Row] = []
        for (name, exercises) in grades.sorted(by: { $0.key < $1.key }) {
            rows.append(Gradebook.Row(student: name, cells: [id: Gradebook.cell(for: exercises[0])], problem: nil))
        }
        let book = Gradebook(exercises: [(id: id, title: "Load")], rows: rows)
        let statistics = ExerciseStatistics(book: book, grades: grades)
        let row = statistics.rows[0]
        #expect(row.students == 3 && row.passed == 1)
        #expect(row.medianPoints == 0.5, "points 1, 0 and 0.5")
        #expect(row.commonFailure?.test == "y" && row.commonFailure?.students == 2)
        #expect(row.commonFailure?.message == "y went wrong", "the message's first line")
        #expect(statistics.csv().contains("3.2,Load,3,1,0.50,1,y,2,y went wrong\r\n"))
    }
}
