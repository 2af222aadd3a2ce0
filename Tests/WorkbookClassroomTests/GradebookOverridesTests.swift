import Foundation
import Testing
@testable import WorkbookClassroom
import WorkbookModel

/// Issue 55: `overrides.csv`, the teacher's word on a grade (the class test grades with it).
@Suite("A teacher's overrides")
struct GradebookOverridesTests {
    static let one = ExerciseID(chapter: 1, number: 1), two = ExerciseID(chapter: 1, number: 2)
    static let book = Gradebook(
        exercises: [(one, "Add"), (two, "Apply")],
        rows: [Gradebook.Row(student: "ann", cells: [one: Gradebook.Cell(status: .failed, points: 0.5, possible: 1, reason: "1 of 2 tests passed")])],
        points: [one: 1, two: 2])

    @Test("are read from a spreadsheet's CSV: quoted commas, a byte-order mark, CRLF, blank lines, with each line's number")
    func reading() {
        let text = "\u{FEFF}Student,Exercise,Points,Reason\r\n\r\nann,1.1,1,\"Fixed by hand, see email\"\r\nann,1.2,1.5,\"two\nlines\"\r\n"
        let (overrides, problems) = GradebookOverrides.parse(text, possible: [Self.one: 1, Self.two: 2])
        #expect(problems.isEmpty, "\(problems)")
        #expect(overrides.entries.map(\.reason) == ["Fixed by hand, see email", "two\nlines"])
        #expect(overrides.entries.map(\.line) == [3, 4])
        #expect(overrides.entries.map(\.points) == [1, 1.5])
    }

    @Test("name every line that cannot be used, at its line, in the tool's words")
    func problems() {
        let text = "student,exercise,points,reason\nann,3,1,x\nann,1.1,1.5,x\nann,1.1,-1,x\nann,1.1,1,\nann,1.2,1,ok\nann,1.2,2,again\nann,1.1\n"
        let (_, problems) = GradebookOverrides.parse(text, possible: [Self.one: 1, Self.two: 2])
        #expect(problems.map { $0.message(file: "gradebook/overrides.csv") } == [
            "gradebook/overrides.csv:2: error: `3` is not an exercise graded here (write it as 3.2)",
            "gradebook/overrides.csv:3: error: points must be a number from 0 to 1, not `1.5`",
            "gradebook/overrides.csv:4: error: points must be a number from 0 to 1, not `-1`",
            "gradebook/overrides.csv:5: error: an override needs its reason (the fourth field), which the student's feedback shows",
            "gradebook/overrides.csv:7: error: this student and exercise were overridden already on line 6",
            "gradebook/overrides.csv:8: error: expected 4 fields (student, exercise, points, reason), found 2",
        ])
        let header = GradebookOverrides.parse("name,ex,pts\n", possible: [:]).problems
        #expect(header.first?.message(file: "o.csv") == "o.csv:1: error: the first line must be `student,exercise,points,reason`, not `name,ex,pts`")
    }

    @Test("set a cell's points, keep what grading gave beside them, and reach the CSV; an unknown student is named")
    func applied() {
        let (overrides, _) = GradebookOverrides.parse("student,exercise,points,reason\nann,1.1,1,oral exam\nann,1.2,2,late file\nbob,1.1,0,copied\n",
                                                     possible: [Self.one: 1, Self.two: 2])
        let book = overrides.applied(to: Self.book)
        #expect(book.rows[0].total == 3)
        #expect(book.rows[0].cells[Self.one]?.override == .init(graded: 0.5, reason: "oral exam"))
        #expect(book.rows[0].cells[Self.two]?.override == .init(graded: 0, reason: "late file"), "a cell grading never made")
        #expect(book.csv().contains("ann,failed,1,not-started,2,3,3,1.1 override: 1 (graded 0.50): oral exam; 1.2 override: 2 (graded 0): late file\r\n"),
                "\(book.csv())")
        #expect(overrides.unknownStudents(in: book).map { $0.message(file: "o.csv") } == ["o.csv:4: error: no student `bob` in this class"])
        // Applied twice (a re-grade of an overridden book), grading's figure is not lost.
        #expect(overrides.applied(to: book).rows[0].cells[Self.one]?.override?.graded == 0.5)
    }
}
