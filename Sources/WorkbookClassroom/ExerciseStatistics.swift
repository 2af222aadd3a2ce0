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
        /// Students who handed its chapter in (any exercise of the chapter started).
        public var students: Int
        public var passed: Int
        package var medianPoints: Double
        public var possible: Double
        /// The failing test most students share, ties broken by the test's name, with the
        /// message most of them got (ties by its text): the same on every run, whatever
        /// order the students were graded in.
        package var commonFailure: (test: String, students: Int, message: String)?

        public static func == (lhs: Row, rhs: Row) -> Bool {
            lhs.id == rhs.id && lhs.students == rhs.students && lhs.passed == rhs.passed
                && lhs.medianPoints == rhs.medianPoints && lhs.commonFailure?.test == rhs.commonFailure?.test
                && lhs.commonFailure?.students == rhs.commonFailure?.students && lhs.commonFailure?.message == rhs.commonFailure?.message
        }
    }

    public var rows: [Row]
    /// Each student's total, for the page's distribution (students with nothing graded left out).
    public var totals: [Double] = []
    public var possible: Double = 0

    /// The statistics of `book`, with the failing tests read from each student's grades.
    public init(book: Gradebook, grades: [String: [ExerciseGrade]]) {
        // Who handed a chapter in: a student with some exercise of it started. A student who
        // handed nothing of it is no evidence of how hard its exercises are.
        func handedIn(_ row: Gradebook.Row, chapter: Int) -> Bool {
            row.cells.contains { $0.key.chapter == chapter && $0.value.status != .notStarted }
        }
        rows = book.exercises.map { exercise in
            let handing = book.rows.filter { handedIn($0, chapter: exercise.id.chapter) }
            let cells = handing.compactMap { $0.cells[exercise.id] }
            var failing: [String: [String]] = [:]  // test name → each failing student's message
            for row in handing {
                guard let grade = grades[row.student]?.first(where: { $0.id == exercise.id }), !grade.passed else { continue }
                for test in grade.tests where test.status != .pass {
                    failing[test.name, default: []].append(test.message?.split(separator: "\n").first.map(String.init) ?? test.status.rawValue)
                }
            }
            let common = failing.min { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
            return Row(id: exercise.id, title: exercise.title, students: cells.count,
                       passed: cells.filter { $0.status == .passed }.count,
                       medianPoints: Self.median(cells.map(\.points)), possible: book.possible(for: exercise.id),
                       commonFailure: common.map { ($0.key, $0.value.count, Self.mostCommon($0.value)) })
        }
        totals = book.rows.filter { row in row.problem == nil && row.cells.values.contains { $0.status != .notStarted } }.map(\.total)
        possible = book.possible
    }

    /// The text most often in `texts`, ties broken by the text.
    static func mostCommon(_ texts: [String]) -> String {
        let counts = Dictionary(texts.map { ($0, 1) }, uniquingKeysWith: +)
        return counts.min { ($1.value, $0.key) < ($0.value, $1.key) }?.key ?? ""
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

    /// The gradebook page's "What to reteach" section: the totals' distribution and each
    /// exercise's pass rate as charts (inline SVG, nothing loaded), then the table.
    public func html() -> String {
        var html = "<h2 id=\"reteach\">What to reteach</h2>\n" + StatisticsCharts.distribution(totals, possible: possible)
            + StatisticsCharts.passRates(rows.map { ("\($0.id)", $0.passed, $0.students) }) + "<table>\n<thead><tr><th scope=\"col\">Exercise</th>"
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
