import Foundation

/// Exercism's `results.json`, version 3 (exercism/docs, building/tooling/test-runners/
/// interface.md), for one exercise or a whole chapter. `status` is `pass`, `fail`, or
/// `error` — error only when no test could run, and only then a top-level `message`.
public enum ResultsJSON {
    /// Exercism's cap on `output`; longer output is cut and says so.
    public static let outputLimit = 500
    /// Exercism's cap on the top-level `message`.
    package static let messageLimit = 65_535

    struct TestEntry: Encodable {
        var name: String
        var status: String
        var message: String?
        var output: String?
        var test_code: String
        var task_id: Int
        /// A hidden test (under the test target's `Hidden/`): written only when true, a
        /// field of ours that results.json readers ignore.
        var hidden = false

        // Every field is always present (null when empty), as results.json v3 lists them.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(status, forKey: .status)
            try container.encode(message, forKey: .message)
            try container.encode(output, forKey: .output)
            try container.encode(test_code, forKey: .test_code)
            try container.encode(task_id, forKey: .task_id)
            if hidden { try container.encode(hidden, forKey: .hidden) }
        }

        enum CodingKeys: String, CodingKey { case name, status, message, output, test_code, task_id, hidden }
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

    /// A whole chapter as one results.json (v3): every exercise's tests, in order, named
    /// `3.2 · name`, with the exercise's number as `task_id` (an exercise is a task). An
    /// exercise that ran no test (not started, does not compile) is one `error` entry with
    /// its reason. `error` at the top only when no test of any exercise could run.
    public static func chapter(_ grade: ChapterGrade) throws -> String {
        var tests: [TestEntry] = []
        for exercise in grade.exercises {
            let entry = entry(exercise, withID: true)
            if entry.tests.isEmpty {
                tests.append(TestEntry(
                    name: "\(exercise.id) · Exercise \(exercise.id): \(exercise.title)", status: exercise.status == .passed ? "pass" : "error",
                    message: exercise.message.isEmpty ? nil : noted(exercise.message, exercise), output: nil, test_code: "", task_id: exercise.id.number))
            } else {
                tests += entry.tests.map { test in
                    var test = test
                    test.name = "\(exercise.id) · \(test.name)"
                    return test
                }
            }
        }
        let ran = grade.exercises.contains { !$0.tests.isEmpty }
        let status = !ran && !grade.exercises.allSatisfy(\.passed) ? "error"
            : grade.exercises.allSatisfy(\.passed) && !grade.exercises.isEmpty ? "pass" : "fail"
        let message = status == "error"
            ? String(grade.exercises.map { "\($0.id): \($0.message)" }.joined(separator: "\n").prefix(messageLimit)) : nil
        return try encode(ExerciseEntry(id: nil, status: status, message: message, tests: tests))
    }

    static func entry(_ grade: ExerciseGrade, withID: Bool) -> ExerciseEntry {
        let status = status(of: grade)
        // A crash or a limit is the exercise's, told once in its message (the trap's text,
        // the signal, the memory or process limit): each test it stopped carries it too, or
        // a chapter's results.json said only "the tests crashed while it ran".
        let cause = grade.status == .crashed || grade.status == .timedOut ? grade.message : ""
        let tests = grade.tests.map { test in
            TestEntry(
                name: test.name, status: test.status.rawValue,
                message: test.status == .pass ? nil
                    : String(noted([test.message, test.location.map { "at \($0)" }].compactMap { $0 }.joined(separator: " ")
                        + (test.status == .error && !cause.isEmpty ? "\n" + cause : ""), grade).prefix(messageLimit)),
                // Each test's own output, when the run told them apart (never the whole
                // exercise's copied onto every test).
                output: test.output.flatMap { capped($0, false) }, test_code: body(of: test.code), task_id: grade.id.number,
                hidden: test.hidden)
        }
        // The spec: a top-level message only when the status is `error`.
        let message = status == "error" && !grade.message.isEmpty ? String(noted(grade.message, grade).prefix(messageLimit)) : nil
        return ExerciseEntry(id: withID ? grade.id.description : nil, status: status, message: message, tests: tests)
    }

    /// A message with the exercise's escape hatches after it ("look at this: …:14 uses
    /// dlsym"): v3 has no free field, so they ride only on a message that is there anyway
    /// (a status that is not `pass`); a passing exercise's JSON says nothing of them.
    static func noted(_ message: String, _ grade: ExerciseGrade) -> String {
        let waiting = grade.waitingNote.map { message + "\n" + $0 } ?? message
        return grade.escapeHatches.reduce(waiting) { $0 + "\nlook at this: \($1.path):\($1.line) uses \($1.name)" }
    }

    /// The spec's own words for output cut at its 500-character limit.
    package static let truncationNote = "Output was truncated. Please limit to 500 chars"

    /// At most 500 characters, the note included, when cut.
    static func capped(_ output: String, _ alreadyTruncated: Bool) -> String? {
        if output.isEmpty, !alreadyTruncated { return nil }
        if output.count <= outputLimit, !alreadyTruncated { return output }
        let note = "\n" + truncationNote
        return String(output.prefix(outputLimit - note.count)) + note
    }

    /// `test_code` is the test's body: what is between the function's braces, dedented;
    /// not its `@Test("…")` line or its signature.
    static func body(of code: String) -> String {
        guard let open = code.firstIndex(of: "{"), let close = code.lastIndex(of: "}"), open < close else { return code }
        var lines = code[code.index(after: open)..<close].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeFirst() }
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " || $0 == "\t" }.count))) }.joined(separator: "\n")
    }

    private static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
