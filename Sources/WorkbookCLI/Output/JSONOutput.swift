import Foundation
import WorkbookGrading
import WorkbookModel

/// The `--format json` forms of `lint`, `verify` and `progress`: one JSON object on
/// standard output, keys sorted, so scripts and editors read what the text says.
enum JSONOutput {
    static func text(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func location(_ location: SourceLocation) -> [String: Any] {
        ["path": location.path, "line": location.line, "column": location.column]
    }

    /// `{"ok": Bool, "chapters": N, "exercises": N, "snippets": N, "problems": [{path, line, column, severity, message}]}`.
    static func lint(_ workbook: Workbook, findings: [Diagnostic]) -> String {
        text([
            "ok": findings.isEmpty,
            "chapters": workbook.chapters.count,
            "exercises": workbook.chapters.map(\.exercises.count).reduce(0, +),
            "snippets": workbook.chapters.map(\.snippets.count).reduce(0, +),
            "problems": findings.map { location($0.location).merging(["severity": $0.severity.rawValue, "message": $0.message]) { $1 } },
        ])
    }

    /// `{"ok": Bool, "checked": N, "keepingTheRule": N, "chapters": [{number, exercises, problems: [{exercise, path, line, column, message}]}]}`.
    static func verify(_ results: [(chapter: Chapter, findings: [Verifier.Finding])]) -> String {
        let checked = results.map(\.chapter.exercises.count).reduce(0, +)
        let broken = results.map { Set($0.findings.map(\.exercise)).count }.reduce(0, +)
        return text([
            "ok": broken == 0,
            "checked": checked,
            "keepingTheRule": checked - broken,
            "chapters": results.map { result in
                [
                    "number": result.chapter.number,
                    "exercises": result.chapter.exercises.count,
                    "problems": result.findings.map {
                        location($0.location).merging(["exercise": $0.exercise.description, "message": $0.problem]) { $1 }
                    },
                ] as [String: Any]
            },
        ])
    }

    /// One entry per chapter and exercise: the status `list` shows, history and hints.
    static func progress(_ workbook: Workbook, state: ProgressState) -> String {
        var passing = 0, total = 0
        let chapters: [[String: Any]] = workbook.chapters.map { chapter in
            let exercises: [[String: Any]] = chapter.exercises.map { exercise in
                let status = workbook.recordedStatus(of: exercise, in: chapter, state: state)
                let entry = state[exercise.id]
                total += 1
                if status == .passing { passing += 1 }
                return [
                    "id": exercise.id.description, "title": exercise.title, "status": status.rawValue,
                    "everPassed": entry.everPassed, "hintsShown": entry.hintsShown, "hintsUsed": entry.hintsUsed, "solutionSeenEarly": entry.solutionForced,
                ]
            }
            return ["number": chapter.number, "title": chapter.title, "exercises": exercises]
        }
        return text(["passing": passing, "total": total, "chapters": chapters])
    }
}
