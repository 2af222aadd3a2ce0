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

    @Test("counts only students who handed the chapter in, breaks ties by the test's name and quotes the message most got, whatever the order")
    func deterministic() {
        let one = ExerciseID(chapter: 3, number: 1), two = ExerciseID(chapter: 3, number: 2)
        func grade(_ id: ExerciseID, _ status: GradeStatus, _ tests: [(String, String?)] = []) -> ExerciseGrade {
            var grade = ExerciseGrade(id: id, title: "T", status: status)
            grade.tests = tests.map { TestOutcome(name: $0.0, status: $0.1 == nil ? .pass : .fail, message: $0.1) }
            return grade
        }
        // b and c fail "beta" and "alpha" once each (a tie: "alpha" by name); "alpha"'s
        // messages differ, and two of three say "late": that one is quoted.
        let grades: [String: [ExerciseGrade]] = [
            "a": [grade(one, .passed), grade(two, .failed, [("alpha", "late"), ("beta", nil)])],
            "b": [grade(one, .passed), grade(two, .failed, [("beta", "no"), ("alpha", "early")])],
            "c": [grade(one, .passed), grade(two, .failed, [("alpha", "late"), ("beta", "no")])],
            // Handed nothing of chapter 3 in: not a student of its statistics.
            "z": [grade(one, .notStarted), grade(two, .notStarted)],
        ]
        var rows: [Gradebook.Row] = []
        for (name, exercises) in grades {
            rows.append(Gradebook.Row(student: name, cells: Dictionary(uniqueKeysWithValues: exercises.map { ($0.id, Gradebook.cell(for: $0)) })))
        }
        var first: ExerciseStatistics.Row?
        for order in [rows, rows.reversed(), rows.sorted { $0.student > $1.student }] {
            let statistics = ExerciseStatistics(book: Gradebook(exercises: [(one, "T"), (two, "T")], rows: order), grades: grades)
            let row = statistics.rows[1]
            #expect(row.students == 3, "z handed nothing of chapter 3 in")
            #expect(row.commonFailure?.test == "alpha" && row.commonFailure?.students == 3)
            #expect(row.commonFailure?.message == "late")
            #expect(statistics.totals.count == 3)
            if let first { #expect(row == first) } else { first = row }
        }
        let page = ExerciseStatistics(book: Gradebook(exercises: [(one, "T"), (two, "T")], rows: rows), grades: grades).html()
        #expect(page.contains("aria-label=\"Pass rate per exercise: 3.1: 100%, 3.2: 0%\""), "\(page.prefix(900))")
        // a earns half of 3.2 (beta passes): 1.5 points; b and c 1 each.
        #expect(page.contains("aria-label=\"Totals: 3 students, of 2 points: 2 with 1–1.20, 1 with 1.40–1.60\""), "\(page.prefix(900))")
    }
}
