import Foundation

/// Exercism's `results.json`, version 3, for one exercise; and the chapter form
/// `{"chapter":N,"status":…,"exercises":[{"id":"N.M", …the same fields…}]}`.
/// `status` is `pass`, `fail`, or `error` — error only when no test could run.
public enum ResultsJSON {
    /// Exercism's cap on `output`; longer output is cut and says so.
    public static let outputLimit = 500
    /// Exercism's cap on the top-level `message`.
    public static let messageLimit = 65_535

    struct TestEntry: Encodable {
        var name: String
        var status: String
        var message: String?
        var output: String?
        var test_code: String
        var task_id: Int

        // Every field is always present (null when empty), as results.json v3 lists them.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(status, forKey: .status)
            try container.encode(message, forKey: .message)
            try container.encode(output, forKey: .output)
            try container.encode(test_code, forKey: .test_code)
            try container.encode(task_id, forKey: .task_id)
        }

        enum CodingKeys: String, CodingKey { case name, status, message, output, test_code, task_id }
    }

    struct ExerciseEntry: Encodable {
        var id: String?
        var version = 3
        var status: String
        var message: String?
        var tests: [TestEntry]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(version, forKey: .version)
            try container.encode(status, forKey: .status)
            try container.encode(message, forKey: .message)
            try container.encode(tests, forKey: .tests)
        }

        enum CodingKeys: String, CodingKey { case id, version, status, message, tests }
    }

    struct ChapterEntry: Encodable {
        var chapter: Int
        var status: String
        var exercises: [ExerciseEntry]
    }

    /// `pass`, `fail`, or `error` (nothing could run: it does not compile, is not started,
    /// or no test ran).
    public static func status(of grade: ExerciseGrade) -> String {
        switch grade.status {
        case .passed: return "pass"
        case .doesNotCompile, .notStarted: return "error"
        case .failed, .crashed, .timedOut: return grade.tests.isEmpty ? "error" : "fail"
        }
    }

    public static func exercise(_ grade: ExerciseGrade) throws -> String {
        try encode(entry(grade, withID: false))
    }

    public static func chapter(_ grade: ChapterGrade) throws -> String {
        let entries = grade.exercises.map { entry($0, withID: true) }
        let status = entries.allSatisfy { $0.status == "pass" } && !entries.isEmpty ? "pass"
            : entries.allSatisfy { $0.status == "error" } ? "error" : "fail"
        return try encode(ChapterEntry(chapter: grade.chapter, status: status, exercises: entries))
    }

    static func entry(_ grade: ExerciseGrade, withID: Bool) -> ExerciseEntry {
        let status = status(of: grade)
        let output = capped(grade.output, grade.outputTruncated)
        let tests = grade.tests.map { test in
            TestEntry(
                name: test.name, status: test.status.rawValue,
                message: test.status == .pass ? nil : [test.message, test.location.map { "at \($0)" }].compactMap { $0 }.joined(separator: " "),
                output: output, test_code: test.code, task_id: grade.id.number)
        }
        let message = grade.message.isEmpty ? nil : String(grade.message.prefix(messageLimit))
        return ExerciseEntry(id: withID ? grade.id.description : nil, status: status, message: message, tests: tests)
    }

    /// At most 500 characters; cut output ends with a note saying so.
    static func capped(_ output: String, _ alreadyTruncated: Bool) -> String? {
        if output.isEmpty, !alreadyTruncated { return nil }
        let note = "\n[output truncated]"
        if output.count <= outputLimit, !alreadyTruncated { return output }
        return String(output.prefix(outputLimit - note.count)) + note
    }

    private static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
