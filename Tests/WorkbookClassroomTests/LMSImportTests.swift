import Foundation
import Testing
@testable import WorkbookClassroom
import WorkbookModel

/// Issue 55: the files Canvas's and Moodle's gradebooks import, checked against their
/// documented layouts (BRIEF: Canvas's gradebook CSV — Student, ID, SIS User ID, SIS Login
/// ID, Section, then one column per assignment named "Name (id)", an optional "Points
/// Possible" row; Moodle's CSV import — one column mapped to a user identifier, others to
/// grade items and their feedback).
@Suite("Grades a school's LMS imports")
struct LMSImportTests {
    static let one = ExerciseID(chapter: 1, number: 1), two = ExerciseID(chapter: 1, number: 2)
    static let book = Gradebook(
        exercises: [(one, "Add"), (two, "Apply")],
        rows: [
            Gradebook.Row(student: "ann", cells: [one: .init(status: .passed, points: 1, possible: 1, reason: ""),
                                                  two: .init(status: .failed, points: 0.5, possible: 1, reason: "1 of 2")]),
            Gradebook.Row(student: "bo", cells: [one: .init(status: .passed, points: 1, possible: 1, reason: "")]),
            Gradebook.Row(student: "stray", cells: [:]),
        ])
    static let roster = """
        folder,name,canvas_id,sis_user_id,sis_login_id,section,email
        ann,"Lee, Ann",101,S-1,alee,Monday,ann@school.example
        bo,Bo Park,102,S-2,bpark,Monday,bo@school.example

        """

    @Test("a roster is read from a spreadsheet's CSV, and its unusable lines are named at their lines")
    func roster() {
        let (roster, problems) = Roster.parse(Self.roster, file: "roster.csv")
        #expect(problems.isEmpty, "\(problems)")
        #expect(roster.student(folder: "ann")?.name == "Lee, Ann")
        #expect(roster.student(folder: "bo")?.sisLoginID == "bpark")
        let bad = Roster.parse("folder,nickname\nann,x\nann,y\nbo\n", file: "r.csv").problems
        #expect(bad == [
            "r.csv:1: error: unknown column `nickname`; a roster's columns are folder, name, canvas_id, sis_user_id, sis_login_id, section, email, username, idnumber",
            "r.csv:3: error: `ann` is on line 2 already",
            "r.csv:4: error: expected 2 fields, found 1",
        ])
        #expect(Roster.parse("name\nx\n", file: "r.csv").problems == ["r.csv:1: error: the header has no `folder` column"])
    }

    @Test("Canvas gets its own gradebook's columns, a Points Possible row and each student's total; the unrostered are left out and named")
    func canvas() {
        let roster = Roster.parse(Self.roster, file: "roster.csv").roster
        let lines = CSVRecords.parse(LMSImport.canvas(Self.book, roster: roster, assignment: "Closures Workbook (4711)")).map(\.fields)
        #expect(lines == [
            ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Closures Workbook (4711)"],
            ["Points Possible", "", "", "", "", "2"],
            ["Lee, Ann", "101", "S-1", "alee", "Monday", "1.50"],
            ["Bo Park", "102", "S-2", "bpark", "Monday", "1"],
        ])
        #expect(LMSImport.unmatched(Self.book, roster: roster) == ["stray"])
    }

    @Test("Moodle gets an identifier it maps (email first), the points and a feedback column; none without an identifier for everyone")
    func moodle() throws {
        let roster = Roster.parse(Self.roster, file: "roster.csv").roster
        let text = try #require(LMSImport.moodle(Self.book, roster: roster, assignment: "Closures Workbook"))
        #expect(CSVRecords.parse(text).map(\.fields) == [
            ["Email address", "Closures Workbook", "Feedback for Closures Workbook"],
            ["ann@school.example", "1.50", "1.50 of 2 points, 1 of 2 exercises passed"],
            ["bo@school.example", "1", "1 of 2 points, 1 of 2 exercises passed"],
        ])
        let usernames = Roster.parse("folder,username\nann,alee\nbo,bpark\n", file: "r.csv").roster
        #expect(LMSImport.moodle(Self.book, roster: usernames, assignment: "W")?.hasPrefix("Username,W,Feedback for W\r\nalee,1.50,") == true)
        let partial = Roster.parse("folder,email\nann,a@x\nbo,\n", file: "r.csv").roster
        #expect(LMSImport.moodle(Self.book, roster: partial, assignment: "W") == nil)
    }
}
