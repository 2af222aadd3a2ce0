import Foundation

/// `--roster FILE`: who each submission folder is in the school's LMS. A CSV whose header
/// names `folder` (the submission's name, as the gradebook's rows) and any of the
/// identifiers Canvas and Moodle match students by.
public struct Roster: Sendable, Equatable {
    public struct Student: Sendable, Equatable {
        public var folder: String
        /// Canvas: `Student`, `ID`, `SIS User ID`, `SIS Login ID`, `Section`.
        public var name = "", canvasID = "", sisUserID = "", sisLoginID = "", section = ""
        /// Moodle: one of these identifies the user when the file is imported.
        public var email = "", username = "", idNumber = ""
    }

    /// The columns a roster may have, as its header spells them.
    public static let columns = ["folder", "name", "canvas_id", "sis_user_id", "sis_login_id", "section", "email", "username", "idnumber"]

    public var students: [Student]

    public init(students: [Student]) { self.students = students }

    public func student(folder: String) -> Student? { students.first { $0.folder == folder } }

    /// A roster read from `text`, or every line that cannot be used as `FILE:LINE: error: …`.
    public static func parse(_ text: String, file: String) -> (roster: Roster, problems: [String]) {
        var records = CSVRecords.parse(text)[...]
        guard let first = records.popFirst() else { return (Roster(students: []), ["\(file):1: error: the roster is empty"]) }
        let header = first.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var problems = header.filter { !columns.contains($0) }.map {
            "\(file):\(first.line): error: unknown column `\($0)`; a roster's columns are \(columns.joined(separator: ", "))"
        }
        guard header.contains("folder") else {
            return (Roster(students: []), problems + ["\(file):\(first.line): error: the header has no `folder` column"])
        }
        var students: [Student] = [], seen: [String: Int] = [:]
        for record in records {
            guard record.fields.count == header.count else {
                problems.append("\(file):\(record.line): error: expected \(header.count) fields, found \(record.fields.count)")
                continue
            }
            var fields: [String: String] = [:]
            for (name, value) in zip(header, record.fields) { fields[name] = value.trimmingCharacters(in: .whitespaces) }
            let folder = fields["folder"] ?? ""
            if let earlier = seen[folder] {
                problems.append("\(file):\(record.line): error: `\(folder)` is on line \(earlier) already")
                continue
            }
            seen[folder] = record.line
            students.append(Student(
                folder: folder, name: fields["name"] ?? "", canvasID: fields["canvas_id"] ?? "", sisUserID: fields["sis_user_id"] ?? "",
                sisLoginID: fields["sis_login_id"] ?? "", section: fields["section"] ?? "", email: fields["email"] ?? "",
                username: fields["username"] ?? "", idNumber: fields["idnumber"] ?? ""))
        }
        return (Roster(students: students), problems)
    }
}
