import Foundation

/// The files a school's LMS imports into its gradebook, from the class's gradebook and
/// the roster: one column, the assignment, holding each student's total.
///
/// Canvas (Grades › Import): the columns of its own gradebook export, `Student`, `ID`,
/// `SIS User ID`, `SIS Login ID`, `Section`, then one per assignment, named as Canvas
/// names it (`Closures Workbook (1234)` to match an existing one; a new name makes a new
/// assignment); a row `Points Possible` under the header. One of the identifying columns
/// is enough for Canvas to match a student. Moodle (Grades › Import › CSV file): any
/// columns, mapped when imported: one identifies the user (email address, username or ID
/// number), one holds the grade item's points; a feedback column may go with it.
public enum LMSImport {
    /// Students of the gradebook with no roster line: left out of the files, and said.
    public static func unmatched(_ book: Gradebook, roster: Roster) -> [String] {
        book.rows.map(\.student).filter { roster.student(folder: $0) == nil }
    }

    public static func canvas(_ book: Gradebook, roster: Roster, assignment: String) -> String {
        var lines = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", assignment]]
        lines.append(["Points Possible", "", "", "", "", Gradebook.number(book.possible)])
        for row in book.rows {
            guard let student = roster.student(folder: row.student) else { continue }
            lines.append([student.name, student.canvasID, student.sisUserID, student.sisLoginID, student.section, Gradebook.number(row.total)])
        }
        return csv(lines)
    }

    /// Which Moodle identifier the roster gives for every student, in Moodle's own order of preference.
    static func moodleIdentifier(_ roster: Roster) -> (header: String, value: KeyPath<Roster.Student, String>)? {
        let choices: [(String, KeyPath<Roster.Student, String>)] = [("Email address", \.email), ("Username", \.username), ("ID number", \.idNumber)]
        return choices.first { choice in !roster.students.isEmpty && roster.students.allSatisfy { !$0[keyPath: choice.1].isEmpty } }
    }

    /// Nil when the roster has no identifier Moodle matches by for every student.
    public static func moodle(_ book: Gradebook, roster: Roster, assignment: String) -> String? {
        guard let identifier = moodleIdentifier(roster) else { return nil }
        var lines = [[identifier.header, assignment, "Feedback for \(assignment)"]]
        for row in book.rows {
            guard let student = roster.student(folder: row.student) else { continue }
            let passed = row.cells.values.filter { $0.status == .passed }.count
            var feedback = "\(Gradebook.number(row.total)) of \(Gradebook.number(book.possible)) points, \(passed) of \(book.exercises.count) exercises passed"
            if row.problem != nil { feedback += "; your submission could not be graded: see your feedback page" }
            lines.append([student[keyPath: identifier.value], Gradebook.number(row.total), feedback])
        }
        return csv(lines)
    }

    private static func csv(_ lines: [[String]]) -> String {
        lines.map { $0.map(Gradebook.csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }
}
