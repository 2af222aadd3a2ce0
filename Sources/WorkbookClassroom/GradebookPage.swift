import Foundation
import WorkbookSystem

/// `gradebook.html` and each student's feedback page: self-contained, no scripts (the
/// CSP forbids them), readable in any browser and printable.
public enum GradebookPage {
    static let style = """
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem;color:#1d1d1f}
        h1{font-size:1.5rem}table{border-collapse:collapse;font-size:.9rem}
        th,td{border:1px solid #d2d2d7;padding:.35rem .5rem;vertical-align:top;text-align:left}
        th{background:#f5f5f7;position:sticky;top:0}td.points{text-align:right;white-space:nowrap}
        .passed{background:#e8f5e9}.failed,.crashed,.timed-out{background:#fff4e5}.does-not-compile{background:#fdecea}
        .not-started{color:#6e6e73}.look summary{color:#a15c00;font-size:.78rem;font-weight:normal}
        .reason{display:block;color:#555;font-size:.78rem;font-weight:normal;white-space:normal;text-align:left;
        max-width:16rem;overflow-wrap:anywhere;margin-top:.2rem}
        .word{color:#555;font-size:.75rem}.tally{display:block;color:#555;font-size:.72rem;white-space:nowrap}summary{cursor:pointer;list-style-position:inside}
        pre{background:#f5f5f7;padding:1rem;overflow-x:auto;white-space:pre-wrap}
        """

    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title><style>\(style)</style></head>
        <body>
        \(body)
        </body></html>

        """
    }

    /// The class table: a row per student, a cell per exercise with its points, and the
    /// reason under any cell that is not full marks. `feedback` maps a student to the
    /// relative link of their page.
    public static func gradebook(_ book: Gradebook, title: String, feedback: [String: String], statistics: ExerciseStatistics? = nil,
                                 similarity: Similarity? = nil) -> String {
        var html = "<h1>\(HTML.escape(title))</h1>\n<p>\(book.rows.count) students, \(book.exercises.count) exercises, "
            + "\(Gradebook.number(book.possible)) points possible. \(HTML.escape(Gradebook.rule))</p>\n"
        html += "<table>\n<thead><tr><th scope=\"col\">Student</th>"
        for exercise in book.exercises {
            html += "<th scope=\"col\" title=\"\(HTML.escape(exercise.title))\">\(exercise.id)</th>"
        }
        html += "<th scope=\"col\">Total</th></tr></thead>\n<tbody>\n"
        for row in book.rows {
            let name = HTML.escape(row.student)
            let link = feedback[row.student].map { "<a href=\"\(HTML.escape($0))\">\(name)</a>" } ?? name
            html += "<tr><th scope=\"row\">\(link)"
            if let problem = row.problem { html += "<span class=\"reason\">\(HTML.escape(problem))</span>" }
            if !row.lookAt.isEmpty {
                // Escape hatches: a marker, the list a click away (notes, not points).
                html += "<details class=\"look\"><summary>⚑ look at this (\(row.lookAt.count))</summary>"
                    + row.lookAt.map { "<span class=\"reason\">\(HTML.escape($0))</span>" }.joined() + "</details>"
            }
            html += "</th>"
            for exercise in book.exercises {
                guard let cell = row.cells[exercise.id] else {
                    html += "<td class=\"points not-started\">–</td>"
                    continue
                }
                // One compact cell: the points and a one-word status; the reason a click away
                // (a row of full reasons was a wall of text).
                let word = HTML.escape(cell.override == nil ? cell.status.rawValue : "override")
                html += "<td class=\"points \(cell.status.rawValue)\">"
                let reason = [cell.overrideNote, cell.reason.isEmpty ? nil : cell.reason].compactMap { $0 }.joined(separator: "; ")
                if reason.isEmpty {
                    html += "\(Gradebook.number(cell.points)) <span class=\"word\">\(word)</span>"
                } else {
                    html += "<details><summary>\(Gradebook.number(cell.points)) <span class=\"word\">\(word)</span></summary>"
                        + "<span class=\"reason\">\(HTML.escape(reason))</span></details>"
                }
                // Visible and hidden tests apart, when the course has hidden ones.
                if cell.hidden.count > 0 { html += "<span class=\"tally\">\(HTML.escape(cell.tally))</span>" }
                html += "</td>"
            }
            html += "<td class=\"points\"><strong>\(Gradebook.number(row.total))</strong> / \(Gradebook.number(book.possible))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        if let statistics { html += statistics.html() }
        if let similarity { html += similarity.html() }
        return page(title: title, body: html)
    }

    /// A student's page, to hand back: their score per exercise and in total, then the
    /// report `check` prints, as plain text. Nothing about any other student, and no link
    /// out of the student's folder (the gradebook is the teacher's).
    public static func feedback(student: String, report: String, row: Gradebook.Row? = nil, book: Gradebook? = nil) -> String {
        var body = "<h1>Feedback for \(HTML.escape(student))</h1>\n"
        if let row, let book {
            // The hidden tests were the teacher's until grading: their results are the student's now.
            let tallies = book.hasHiddenTests
            body += "<p><strong>\(Gradebook.number(row.total)) of \(Gradebook.number(book.possible)) points.</strong> "
                + "\(HTML.escape(Gradebook.rule))</p>\n<table>\n<thead><tr><th scope=\"col\">Exercise</th>"
                + "<th scope=\"col\">Status</th>" + (tallies ? "<th scope=\"col\">Tests</th>" : "")
                + "<th scope=\"col\">Points</th></tr></thead>\n<tbody>\n"
            for exercise in book.exercises {
                let cell = row.cells[exercise.id]
                body += "<tr><th scope=\"row\">\(exercise.id) \(HTML.escape(exercise.title))</th>"
                    + "<td>\(HTML.escape(cell?.status.rawValue ?? "not-started"))</td>"
                    + (tallies ? "<td>\(HTML.escape(cell?.tally ?? ""))</td>" : "")
                    + "<td class=\"points\">\(Gradebook.number(cell?.points ?? 0)) / \(Gradebook.number(book.possible(for: exercise.id)))"
                    + (cell?.override.map { " <span class=\"reason\">set by your teacher: \(HTML.escape($0.reason))</span>" } ?? "")
                    + "</td></tr>\n"
            }
            body += "</tbody>\n</table>\n"
        }
        return page(title: "Feedback for \(student)", body: body + "<pre>\(HTML.escape(report))</pre>")
    }
}
