import Foundation
import WorkbookModel

/// A chapter's grades as JUnit XML, in the strict form of the Ant JUnit schema (the one
/// strict consumers validate against; Jenkins' and junitparser's lenient readers accept
/// it too): `<testsuites>` without attributes; per exercise a `<testsuite>` with `name`,
/// `package`, `id`, `timestamp` (no zone), `hostname`, the counts and `time`, then
/// `<properties>`, its `<testcase>`s (each with `classname` and `time`), `<system-out>`
/// and `<system-err>`. `classname` is `Module.File` (`Chapter03Queues.Ex2_LoadInventory`),
/// which Jenkins splits into a package and a class. An exercise that could not run is one
/// test case with an `<error>`; one not started is `<skipped>`, with the reason.
public enum JUnitReport {
    public static func xml(_ grade: ChapterGrade, chapter: Chapter? = nil, timestamp: Date = Date(),
                           hostname: String) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, "<testsuites>"]
        let module = chapter?.moduleName ?? String(format: "Chapter%02d", grade.chapter)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let stamp = formatter.string(from: timestamp)
        let host = hostname.isEmpty ? "localhost" : hostname
        for (index, exercise) in grade.exercises.enumerated() {
            let fileBase = chapter?.exercise(exercise.id)?.fileName.map { String($0.dropLast(".swift".count)) }
                ?? "Exercise\(exercise.id.number)"
            let classname = escape("\(module).\(fileBase)")
            let name = escape("Exercise \(exercise.id): \(exercise.title)")
            let count = max(1, exercise.tests.count)
            let failures = exercise.tests.filter { $0.status == .fail }.count
            let skipped = exercise.tests.isEmpty && exercise.status == .notStarted ? 1 : 0
            let errors = exercise.tests.isEmpty ? (exercise.status == .passed || skipped == 1 ? 0 : 1)
                : exercise.tests.filter { $0.status == .error }.count
            lines.append(#"  <testsuite name="\#(name)" package="\#(escape(module))" id="\#(index)" timestamp="\#(stamp)" "#
                + #"hostname="\#(escape(host))" tests="\#(count)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)" "#
                + #"time="\#(seconds(exercise.seconds))">"#)
            lines.append("    <properties>")
            lines.append(#"      <property name="exercise" value="\#(exercise.id)"/>"#)
            lines.append(#"      <property name="status" value="\#(exercise.status.rawValue)"/>"#)
            lines.append(#"      <property name="file" value="\#(escape(exercise.learnerFile))"/>"#)
            // What the exercise is worth in a class's grades (the chapter's `Points:`).
            lines.append(#"      <property name="points" value="\#(chapter?.exercise(exercise.id)?.points ?? 1)"/>"#)
            lines.append("    </properties>")
            if exercise.tests.isEmpty {
                lines.append(#"    <testcase name="\#(name)" classname="\#(classname)" time="\#(seconds(exercise.seconds))">"#)
                if exercise.status == .notStarted {
                    lines.append(#"      <skipped message="\#(escape(firstLine(exercise.message)))"/>"#)
                } else if exercise.status != .passed {
                    lines.append(#"      <error type="\#(exercise.status.rawValue)" message="\#(escape(firstLine(exercise.message)))">\#(escape(exercise.message))</error>"#)
                }
                lines.append("    </testcase>")
            }
            for test in exercise.tests {
                lines.append(#"    <testcase name="\#(escape(test.name))" classname="\#(classname)" time="\#(seconds(test.seconds))">"#)
                let detail = [test.message, test.location.map { "at \($0)" }].compactMap { $0 }.joined(separator: "\n")
                switch test.status {
                case .pass: break
                case .fail:
                    lines.append(#"      <failure type="expectation" message="\#(escape(firstLine(detail)))">\#(escape(detail))</failure>"#)
                case .error:
                    lines.append(#"      <error type="\#(exercise.status.rawValue)" message="\#(escape(firstLine(exercise.message)))">\#(escape(exercise.message + "\n" + detail))</error>"#)
                }
                lines.append("    </testcase>")
            }
            lines.append("    <system-out>\(escape(ResultsJSON.capped(exercise.output, exercise.outputTruncated) ?? ""))</system-out>")
            lines.append("    <system-err></system-err>")
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n")
    }

    /// Seconds as `xs:decimal`: digits, a point, three decimals.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", max(0, value.isFinite ? value : 0))
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
