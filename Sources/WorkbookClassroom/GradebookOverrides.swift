import Foundation
import WorkbookModel

/// The teacher's word on a grade: `overrides.csv` beside the gradebook (student, exercise,
/// points, reason), which `grade` reads every time and never writes but to start it with
/// its header. Hand edits of `gradebook.csv` were lost at the next `grade`; an override is
/// merged into every output (the CSV, the page, the student's feedback, the LMS files),
/// marked as one with its reason and the points grading gave, and kept across re-grades.
public struct GradebookOverrides: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var student: String
        public var exercise: ExerciseID
        public var points: Double
        public var reason: String
        /// Its line in the file, for messages.
        public var line: Int
    }

    /// A line of the file that cannot be used, kept apart from its wording.
    public struct Problem: Error, Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case header(found: [String])
            case fieldCount(Int)
            case unknownExercise(String)
            case points(String, possible: Double?)
            case noReason
            case twice(firstLine: Int)
            case unknownStudent(String)
        }
        public var line: Int
        public var kind: Kind

        /// `overrides.csv:LINE: error: …`, as every file error of the tool reads.
        public func message(file: String) -> String {
            let why: String
            switch kind {
            case .header(let found):
                why = "the first line must be `\(GradebookOverrides.header.joined(separator: ","))`, not `\(found.joined(separator: ","))`"
            case .fieldCount(let count): why = "expected 4 fields (student, exercise, points, reason), found \(count)"
            case .unknownExercise(let text): why = "`\(text)` is not an exercise graded here (write it as 3.2)"
            case .points(let text, let possible):
                why = "points must be a number from 0 to \(possible.map(Gradebook.number) ?? "the exercise's points"), not `\(text)`"
            case .noReason: why = "an override needs its reason (the fourth field), which the student's feedback shows"
            case .twice(let first): why = "this student and exercise were overridden already on line \(first)"
            case .unknownStudent(let name): why = "no student `\(name)` in this class"
            }
            return "\(file):\(line): error: \(why)"
        }
    }

    public static let fileName = "overrides.csv"
    public static let header = ["student", "exercise", "points", "reason"]
    /// What `grade` writes when the file is missing: the header, for the teacher to fill in.
    public static let template = header.joined(separator: ",") + "\r\n"

    public var entries: [Entry]

    public init(entries: [Entry] = []) { self.entries = entries }

    /// The file's overrides and every line that cannot be used (the caller applies none
    /// while there is one). `possible` is what each exercise graded here is worth.
    public static func parse(_ text: String, possible: [ExerciseID: Double]) -> (overrides: GradebookOverrides, problems: [Problem]) {
        var records = CSVRecords.parse(text)[...]
        guard let first = records.popFirst() else { return (GradebookOverrides(), []) }
        let found = first.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard found == header else { return (GradebookOverrides(), [Problem(line: first.line, kind: .header(found: first.fields))]) }
        var entries: [Entry] = [], problems: [Problem] = []
        var seen: [String: Int] = [:]
        for record in records {
            let fields = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 4 else {
                problems.append(Problem(line: record.line, kind: .fieldCount(fields.count)))
                continue
            }
            guard let exercise = ExerciseID(fields[1]), let worth = possible[exercise] else {
                problems.append(Problem(line: record.line, kind: .unknownExercise(fields[1])))
                continue
            }
            guard let points = Double(fields[2]), points >= 0, points <= worth else {
                problems.append(Problem(line: record.line, kind: .points(fields[2], possible: worth)))
                continue
            }
            guard !fields[3].isEmpty else {
                problems.append(Problem(line: record.line, kind: .noReason))
                continue
            }
            let key = "\(fields[0])\u{0}\(exercise)"
            if let earlier = seen[key] {
                problems.append(Problem(line: record.line, kind: .twice(firstLine: earlier)))
                continue
            }
            seen[key] = record.line
            entries.append(Entry(student: fields[0], exercise: exercise, points: points, reason: fields[3], line: record.line))
        }
        return (GradebookOverrides(entries: entries), problems)
    }

    /// The students the file names that the class does not have.
    public func unknownStudents(in book: Gradebook) -> [Problem] {
        let students = Set(book.rows.map(\.student))
        return entries.filter { !students.contains($0.student) }.map { Problem(line: $0.line, kind: .unknownStudent($0.student)) }
    }

    /// `book` with every override in place: the cell's points are the teacher's, the
    /// points grading gave and the reason kept beside them.
    public func applied(to book: Gradebook) -> Gradebook {
        var book = book
        for entry in entries {
            guard let row = book.rows.firstIndex(where: { $0.student == entry.student }) else { continue }
            let possible = book.possible(for: entry.exercise)
            var cell = book.rows[row].cells[entry.exercise]
                ?? Gradebook.Cell(status: .notStarted, points: 0, possible: possible, reason: "not started")
            cell.override = .init(graded: cell.override?.graded ?? cell.points, reason: entry.reason)
            cell.points = entry.points
            book.rows[row].cells[entry.exercise] = cell
        }
        return book
    }
}
