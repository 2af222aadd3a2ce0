import Foundation
import WorkbookModel
import WorkbookGrading

/// A class's grades: one row per student, a cell per exercise with its status, points and
/// the reason for anything less than full marks.
public struct Gradebook: Sendable, Equatable {
    public struct Cell: Sendable, Equatable {
        public var status: GradeStatus
        public var points: Double
        public var possible: Double
        /// Why the points are not full (the grade's first line), and a reference that stood
        /// in ("graded with 1.1's reference in place, since yours fails"); empty otherwise.
        public var reason: String
        /// Its visible and hidden tests that passed, of how many (0/0 when none ran).
        public var visible = TestTally(passed: 0, count: 0)
        public var hidden = TestTally(passed: 0, count: 0)
        /// The teacher's override (`overrides.csv`), when `points` are theirs.
        public var override: Override? = nil

        public struct Override: Sendable, Equatable {
            /// What grading gave.
            public var graded: Double
            public var reason: String
        }

        /// "override: 0.5 (graded 0.25): reason", or nil.
        package var overrideNote: String? {
            override.map { "override: \(Gradebook.number(points)) (graded \(Gradebook.number($0.graded))): \($0.reason)" }
        }

        /// "visible 3/3, hidden 1/2"; empty when no test ran.
        public var tally: String {
            if visible.count + hidden.count == 0 { return "" }
            return "visible \(visible)" + (hidden.count > 0 ? ", hidden \(hidden)" : "")
        }
    }

    public struct Row: Sendable, Equatable {
        public var student: String
        /// By exercise id, in `Gradebook.exercises` order.
        public var cells: [ExerciseID: Cell]
        /// Why nothing was graded (a zip that could not be unpacked), if so.
        public var problem: String?
        /// The escape hatches the student's files use (`1.2: dlsym at 01-blocks/Ex2_Counter.swift:14`):
        /// notes for the teacher, worth no points either way.
        package var lookAt: [String] = []
        /// With a deadline: what came after it (nil for a submission without history).
        public var late: SubmissionDeadline.Late? = nil
        public var total: Double { cells.values.map(\.points).reduce(0, +) }
    }

    public var exercises: [(id: ExerciseID, title: String)]
    public var rows: [Row]
    /// What each exercise is worth (the chapter's `Points:`); 1 when it is not listed.
    public var points: [ExerciseID: Int] = [:]
    /// Graded with `--deadline`: the CSV has a "late days" and a "commits after deadline" column.
    public var deadline: Date? = nil

    public init(exercises: [(id: ExerciseID, title: String)], rows: [Row], points: [ExerciseID: Int] = [:]) {
        self.exercises = exercises
        self.rows = rows
        self.points = points
    }

    public static func == (lhs: Gradebook, rhs: Gradebook) -> Bool {
        lhs.rows == rhs.rows && lhs.exercises.map(\.id) == rhs.exercises.map(\.id) && lhs.points == rhs.points
    }

    public var possible: Double { exercises.map { possible(for: $0.id) }.reduce(0, +) }

    /// What exercise `id` is worth.
    public func possible(for id: ExerciseID) -> Double { Double(points[id] ?? 1) }

    /// Points for one exercise: full for a pass; for a failure, the share of the tests
    /// that passed among those its untouched starter fails (`starterPasses` names the
    /// others), so a starter scores 0 by construction; nothing when no test could judge
    /// it (does not compile, crashed before any ending, timed out, not started).
    package static func cell(for grade: ExerciseGrade, possible: Double = 1, starterPasses: Set<String> = []) -> Cell {
        var cell = scored(grade, possible: possible, starterPasses: starterPasses)
        cell.visible = grade.visibleTally
        cell.hidden = grade.hiddenTally
        return cell
    }

    private static func scored(_ grade: ExerciseGrade, possible: Double, starterPasses: Set<String>) -> Cell {
        let firstLine = grade.message.split(separator: "\n").first.map(String.init) ?? grade.status.rawValue
        switch grade.status {
        case .passed:
            // Full marks; a reference that stood in is still said (the teacher's and the student's to know).
            return Cell(status: .passed, points: possible, possible: possible, reason: grade.standInNote ?? "")
        case .failed, .crashed, .timedOut:
            let counted = grade.tests.filter { !starterPasses.contains($0.name) }
            let passing = counted.filter { $0.status == .pass }.count
            let share = counted.isEmpty ? 0 : Double(passing) / Double(counted.count)
            let failing = grade.tests.first { $0.status != .pass }
            let why = failing.map { "“\($0.name)”: " + ($0.message?.split(separator: "\n").first.map(String.init) ?? $0.status.rawValue) } ?? firstLine
            let uncounted = grade.tests.count - counted.count
            let note = uncounted == 0 ? "" : " (\(uncounted) more that the starter passes too \(uncounted == 1 ? "does" : "do") not count)"
            return Cell(status: grade.status, points: (possible * share * 100).rounded() / 100, possible: possible,
                        reason: ([grade.standInNote, grade.waitingNote].compactMap { $0.map { $0 + "; " } }.joined()) + "\(passing) of \(counted.count) tests passed\(note); \(why)")
        case .doesNotCompile, .notStarted:
            return Cell(status: grade.status, points: 0, possible: possible, reason: firstLine)
        }
    }

    /// The scoring rule, as the gradebook's header and `workbook help grade` state it.
    public static let rule = "Points are full for a pass; for a failure, the share of passing tests among those "
        + "the exercise's untouched starter fails (so a starter scores 0, whatever its line endings, blank lines or "
        + "comments, and measured beside the student's own other exercises, so an edit that changes nothing earns 0); "
        + "none when no test could judge the code (it does not compile, or nothing is started). One mistake, one "
        + "deduction: an exercise whose tests fail while they run another exercise's failing code is graded again with "
        + "that exercise's reference in place, and earns the better of the two."

    /// Whether any student's grade ran a hidden test: then the CSV has a tests column per exercise.
    package var hasHiddenTests: Bool { rows.contains { $0.cells.values.contains { $0.hidden.count > 0 } } }

    /// `gradebook.csv`: student, then each exercise's status and points (and, when the
    /// course has hidden tests, its tests: `visible 3/3, hidden 1/2`), then the total,
    /// then what to look at (why the row could not be graded, the teacher's overrides with
    /// the points grading gave, the escape hatches; empty when none).
    public func csv() -> String {
        let tallies = hasHiddenTests
        var header = ["student"]
        for exercise in exercises {
            header += ["\(exercise.id) status", "\(exercise.id) points"] + (tallies ? ["\(exercise.id) tests"] : [])
        }
        header += ["total", "possible"] + (deadline == nil ? [] : ["late days", "commits after deadline"]) + ["look at this"]
        var lines = [header.map(Self.csvField).joined(separator: ",")]
        for row in rows {
            var fields = [row.student]
            for exercise in exercises {
                let cell = row.cells[exercise.id]
                fields += [cell?.status.rawValue ?? (row.problem == nil ? "" : "error"), cell.map { Self.number($0.points) } ?? "0"]
                if tallies { fields.append(cell?.tally ?? "") }
            }
            // An error row says why in the teacher's column, not as a crash of the whole run.
            let notes = (row.problem.map { ["could not be graded: \($0)"] } ?? [])
                + exercises.compactMap { exercise in row.cells[exercise.id]?.overrideNote.map { "\(exercise.id) \($0)" } }
            fields += [Self.number(row.total), Self.number(possible)]
            // Empty for a submission without history (a folder, a zip): nothing to count.
            if deadline != nil { fields += [row.late.map { String($0.days) } ?? "", row.late.map { String($0.commitsAfter) } ?? ""] }
            fields.append((notes + row.lookAt).joined(separator: "; "))
            lines.append(fields.map(Self.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    public static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }

    /// RFC 4180: quoted when it holds a comma, a quote or a line break. A leading `=`,
    /// `+`, `-` or `@` would be a formula in a spreadsheet: it gets a `'` in front.
    package static func csvField(_ text: String) -> String {
        var text = text
        if let first = text.first, "=+-@".contains(first), Double(text) == nil { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
