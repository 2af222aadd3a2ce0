import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookGrading

/// What to reteach: per exercise, how the class did — how many passed, the median points,
/// and the failing test most students share, with its message (the view PrairieLearn's
/// question statistics and nbgrader's gradebook give).
public struct ExerciseStatistics: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var id: ExerciseID
        public var title: String
        /// Students graded on it (a row with a cell for it).
        public var students: Int
        public var passed: Int
        package var medianPoints: Double
        public var possible: Double
        /// The failing test most students share; ties go to the test that comes first.
        package var commonFailure: (test: String, students: Int, message: String)?

        public static func == (lhs: Row, rhs: Row) -> Bool {
            lhs.id == rhs.id && lhs.students == rhs.students && lhs.passed == rhs.passed
                && lhs.medianPoints == rhs.medianPoints && lhs.commonFailure?.test == rhs.commonFailure?.test
                && lhs.commonFailure?.students == rhs.commonFailure?.students
        }
    }

    public var rows: [Row]

    /// The statistics of `book`, with the failing tests read from each student's grades.
    public init(book: Gradebook, grades: [String: [ExerciseGrade]]) {
        rows = book.exercises.map { exercise in
            let cells = book.rows.compactMap { $0.cells[exercise.id] }
            var failures: [String: (count: Int, order: Int, message: String)] = [:]
            for (_, exercises) in grades {
                guard let grade = exercises.first(where: { $0.id == exercise.id }), !grade.passed else { continue }
                for (order, test) in grade.tests.enumerated() where test.status != .pass {
                    let message = test.message?.split(separator: "\n").first.map(String.init) ?? test.status.rawValue
                    let known = failures[test.name]
                    failures[test.name] = ((known?.count ?? 0) + 1, min(known?.order ?? order, order), known?.message ?? message)
                }
            }
            let common = failures.max { ($0.value.count, -$0.value.order) < ($1.value.count, -$1.value.order) }
            return Row(id: exercise.id, title: exercise.title, students: cells.count,
                       passed: cells.filter { $0.status == .passed }.count,
                       medianPoints: Self.median(cells.map(\.points)), possible: book.possible(for: exercise.id),
                       commonFailure: common.map { ($0.key, $0.value.count, $0.value.message) })
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// `exercises.csv`: one line per exercise.
    public func csv() -> String {
        var lines = [["exercise", "title", "students", "passed", "median points", "possible",
                      "most shared failing test", "students failing it", "its message"].joined(separator: ",")]
        for row in rows {
            let fields = [row.id.description, row.title, "\(row.students)", "\(row.passed)",
                          Gradebook.number(row.medianPoints), Gradebook.number(row.possible),
                          row.commonFailure?.test ?? "", row.commonFailure.map { "\($0.students)" } ?? "",
                          row.commonFailure?.message ?? ""]
            lines.append(fields.map(Gradebook.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The gradebook page's "What to reteach" section.
    public func html() -> String {
        var html = "<h2 id=\"reteach\">What to reteach</h2>\n<table>\n<thead><tr><th scope=\"col\">Exercise</th>"
            + "<th scope=\"col\">Passed</th><th scope=\"col\">Median</th><th scope=\"col\">Failing test most students share</th></tr></thead>\n<tbody>\n"
        for row in rows {
            html += "<tr><th scope=\"row\">\(row.id) \(HTML.escape(row.title))</th><td>\(row.passed) of \(row.students)</td>"
                + "<td>\(Gradebook.number(row.medianPoints)) / \(Gradebook.number(row.possible))</td><td>"
            if let failure = row.commonFailure {
                html += "“\(HTML.escape(failure.test))” (\(failure.students) student\(failure.students == 1 ? "" : "s")): "
                    + HTML.escape(failure.message)
            } else {
                html += "–"
            }
            html += "</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }
}
