/// A chapter's grades as JUnit XML, the format CI test-report tools read: one
/// `<testsuite>` per exercise, one `<testcase>` per test; an exercise that could not
/// run is one `<testcase>` with an `<error>`.
public enum JUnitReport {
    public static func xml(_ grade: ChapterGrade) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let tests = grade.exercises.map { max(1, $0.tests.count) }.reduce(0, +)
        let failures = grade.exercises.flatMap(\.tests).filter { $0.status == .fail }.count
        let errors = grade.exercises.map(errorCount).reduce(0, +)
        lines.append(#"<testsuites name="\#(escape("Chapter \(grade.chapter): \(grade.title)"))" tests="\#(tests)" failures="\#(failures)" errors="\#(errors)">"#)
        for exercise in grade.exercises {
            let name = escape("Exercise \(exercise.id): \(exercise.title)")
            let count = max(1, exercise.tests.count)
            let suiteFailures = exercise.tests.filter { $0.status == .fail }.count
            lines.append(#"  <testsuite name="\#(name)" tests="\#(count)" failures="\#(suiteFailures)" errors="\#(errorCount(exercise))">"#)
            if exercise.tests.isEmpty {
                lines.append(#"    <testcase classname="\#(escape(exercise.id.description))" name="\#(name)">"#)
                if exercise.status != .passed {
                    lines.append(#"      <error type="\#(exercise.status.rawValue)" message="\#(escape(firstLine(exercise.message)))">\#(escape(exercise.message))</error>"#)
                }
                lines.append("    </testcase>")
            }
            for test in exercise.tests {
                lines.append(#"    <testcase classname="\#(escape(exercise.id.description))" name="\#(escape(test.name))">"#)
                let detail = [test.message, test.location.map { "at \($0)" }].compactMap { $0 }.joined(separator: "\n")
                switch test.status {
                case .pass: break
                case .fail:
                    lines.append(#"      <failure message="\#(escape(firstLine(detail)))">\#(escape(detail))</failure>"#)
                case .error:
                    lines.append(#"      <error type="\#(exercise.status.rawValue)" message="\#(escape(firstLine(exercise.message)))">\#(escape(exercise.message + "\n" + detail))</error>"#)
                }
                lines.append("    </testcase>")
            }
            if !exercise.output.isEmpty {
                lines.append("    <system-out>\(escape(ResultsJSON.capped(exercise.output, exercise.outputTruncated) ?? ""))</system-out>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n")
    }

    private static func errorCount(_ exercise: ExerciseGrade) -> Int {
        exercise.tests.isEmpty ? (exercise.status == .passed ? 0 : 1) : exercise.tests.filter { $0.status == .error }.count
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n").first ?? "")
    }

    /// XML text and attribute escaping; control characters XML 1.0 forbids are dropped.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
