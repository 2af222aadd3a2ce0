import Foundation
import WorkbookModel

/// How one exercise fared in `workbook check`.
public enum GradeStatus: String, Sendable, Equatable, Codable, CaseIterable {
    /// Every test passed.
    case passed
    /// It ran, and a test failed.
    case failed
    /// The learner's file does not compile (on its own, or against the tests).
    case doesNotCompile = "does-not-compile"
    /// The tests' process died: a trap (`fatalError`, precondition, index out of
    /// range, force-unwrapped nil), a signal, or an early `exit`.
    case crashed
    /// The tests ran past the time limit and were killed.
    case timedOut = "timed-out"
    /// The file is missing or still the starter.
    case notStarted = "not-started"

    /// The status `workbook list` shows for it.
    public var listStatus: ExerciseStatus {
        switch self {
        case .passed: return .passing
        case .failed, .crashed, .timedOut: return .failing
        case .doesNotCompile: return .error
        case .notStarted: return .notStarted
        }
    }
}

/// One test of an exercise's suite.
public struct TestOutcome: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Equatable, Codable {
        case pass, fail, error
    }

    /// The test's display name (or its function name when it has none).
    public var name: String
    public var status: Status
    /// For a failure: the first failing expectation, in the learner's terms.
    public var message: String?
    /// Where the failure points: the learner's file when it does, else the test's line.
    public var location: SourceLocation?
    /// The test's source, for results.json's `test_code`.
    public var code: String
    /// How long it ran, for JUnit's `time` (0 when it never ended).
    public var seconds: Double = 0
    /// What this test alone printed, when the run told tests apart (results.json).
    public var output: String?
    /// The lines of the test that failed (each failing `#expect` with its arguments), numbered.
    public var failedCode: String?
    /// The learner's declarations this test calls, in their file.
    public var yourCode: [CodePointer] = []
    /// A hidden test (its file is under the test target's `Hidden/`): the teacher's, left
    /// out of a student release, shown apart in the gradebook.
    public var hidden = false
    /// Its id in the runner (`Module.Suite/test()/File.swift:12:6`): a run of this test
    /// alone names it (per-test coverage, `CoverageRuns`).
    package var testID: String?

    public init(name: String, status: Status, message: String? = nil, location: SourceLocation? = nil, code: String = "") {
        self.name = name
        self.status = status
        self.message = message
        self.location = location
        self.code = code
    }
}

/// A declaration in the learner's workspace: `loadInventory` at `exercises/…:14`.
public struct CodePointer: Sendable, Equatable, Codable, CustomStringConvertible {
    public var name: String
    public var path: String
    public var line: Int
    /// The declaration's lines as the learner wrote them, numbered (`14 | func …`), up
    /// to its closing brace or a cap: the report shows them, so the line of a mistake
    /// no check could single out is still on screen, without claiming which it is.
    public var excerpt: String?

    public init(name: String, path: String, line: Int, excerpt: String? = nil) {
        self.name = name
        self.path = path
        self.line = line
        self.excerpt = excerpt
    }

    /// `exercises/03-queues/Ex2_LoadInventory.swift:14: loadInventory`
    public var description: String { "\(path):\(line): \(name)" }
}

/// Another exercise's code that this exercise's tests run, while that exercise is not passing.
public struct Dependency: Sendable, Equatable, Codable {
    /// The other exercise, `4.1`.
    public var exercise: String
    /// Its file as the learner calls it.
    public var file: String
    /// What of it is used (`Move.target`), when the text shows it.
    public var names: [String]
    /// Its status word: failing, does not compile, not started.
    public var status: String

    public init(exercise: String, file: String, names: [String], status: String) {
        self.exercise = exercise
        self.file = file
        self.names = names
        self.status = status
    }
}

/// The grade of one exercise: its status, what explains it, and its tests in file order.
public struct ExerciseGrade: Sendable, Equatable, Codable {
    public var id: ExerciseID
    public var title: String
    public var status: GradeStatus
    /// Why it is not passing, in words: compiler diagnostics, the signal and the trap's
    /// message, the limit, and a cause only where a check established it. Empty when it passed.
    public var message: String
    public var tests: [TestOutcome]
    /// What the code under test printed (standard output then standard error), capped.
    public var output: String
    public var outputTruncated: Bool
    /// The learner's file, as shown to them (`exercises/03-queues/Ex2_Load.swift`).
    public var learnerFile: String
    /// How long its tests' process ran, for JUnit's `time`.
    public var seconds: Double = 0
    /// The compiler's warnings in the learner's file (they never fail it).
    public var warnings: String = ""
    /// bubblewrap's own words when it could not set up the tests' run twice in a row:
    /// nothing of the learner's ran, so this is no grade (`check` and `grade` stop and
    /// say so; it is never cached, so not among the `CodingKeys`).
    public var sandboxFailure: String?
    /// Other exercises' code its tests run while those exercises are not passing, where a
    /// check established it (the chapter's `Uses:` line, a crash inside that code, or a
    /// reference standing in for it that changes the outcome): named first, since a
    /// failure here may well be theirs.
    public var dependencies: [Dependency] = []
    /// Failing exercises whose files its tests can reach (the symbol tables), with nothing
    /// yet to show that code matters: no note is made of them (4.6's tests reach 4.1's
    /// file through the chapter's scenes, yet never call `Move.target`). `grade` and
    /// `check` try a reference in their place (`ReferenceStandIns`).
    public var possibleDependencies: [Dependency] = []
    /// "4.3 needs 4.2 first: its tests use your 4.2, which is not started": said of an
    /// exercise that does not pass while its tests run another exercise's code that does
    /// not pass either (nothing stands in for that code: it is the learner's, as in a
    /// student release, where there is no reference). What happened, not a cause: the
    /// failures may or may not be that code's.
    public var waitingNote: String? {
        guard !passed, status != .notStarted, status != .doesNotCompile, !dependencies.isEmpty else { return nil }
        let ids = dependencies.map(\.exercise)
        let states = dependencies.map { $0.status == GradeStatus.doesNotCompile.word ? "\($0.exercise) \($0.status)" : "\($0.exercise) is \($0.status)" }
        return "\(id) needs \(ids.joined(separator: " and ")) first: its tests use your \(ids.joined(separator: " and ")), and \(states.joined(separator: ", "))"
    }

    /// The escape hatches the learner's file uses that its exercise does not allow
    /// (`EscapeHatches.table`): notes for a teacher, never a failure.
    public var escapeHatches: [EscapeHatch] = []

    // Issue 55 (`grade`, one mistake one deduction) — set by noteDependencies and WorkbookClassroom.
    /// The other exercises whose files its tests reach, whatever their status (set when it
    /// does not pass): `grade` measures its starter's baseline with those as submitted.
    package var usesCodeOf: [String] = []
    /// The exercises whose reference stood in for the learner's failing file when `grade`
    /// graded this one again (`ReferenceStandIns`): its marks are its own.
    package var standIns: [Dependency] = []
    /// "graded with 4.2's reference in place, since yours fails"; nil when nothing stood in.
    public var standInNote: String? {
        guard !standIns.isEmpty else { return nil }
        return "graded with " + standIns.map { "\($0.exercise)'s reference" }.joined(separator: " and ") + " in place, since "
            + standIns.map { dependency in
                let yours = standIns.count == 1 ? "yours" : "your \(dependency.exercise)"
                switch dependency.status {
                case GradeStatus.failed.word: return "\(yours) fails"
                case GradeStatus.crashed.word: return "\(yours) crashes"
                case GradeStatus.timedOut.word: return "\(yours) times out"
                case GradeStatus.doesNotCompile.word: return "\(yours) does not compile"
                default: return "\(yours) is \(dependency.status)"
                }
            }.joined(separator: " and ")
    }
    // End of issue 55's fields.

    public init(
        id: ExerciseID, title: String, status: GradeStatus, message: String = "", tests: [TestOutcome] = [],
        output: String = "", outputTruncated: Bool = false, learnerFile: String = ""
    ) {
        self.id = id
        self.title = title
        self.status = status
        self.message = message
        self.tests = tests
        self.output = output
        self.outputTruncated = outputTruncated
        self.learnerFile = learnerFile
    }

    public var passed: Bool { status == .passed }

    /// How many of its visible tests passed, of how many.
    public var visibleTally: TestTally { TestTally(tests.filter { !$0.hidden }) }
    /// How many of its hidden tests passed, of how many (0 of 0 when it has none, or none ran).
    public var hiddenTally: TestTally { TestTally(tests.filter(\.hidden)) }
}

/// Passing tests of a set, of how many: `3/3`.
public struct TestTally: Sendable, Equatable, CustomStringConvertible {
    public var passed: Int
    public var count: Int

    public init(passed: Int, count: Int) {
        self.passed = passed
        self.count = count
    }

    init(_ tests: [TestOutcome]) {
        self.init(passed: tests.filter { $0.status == .pass }.count, count: tests.count)
    }

    public var description: String { "\(passed)/\(count)" }
}

/// The grades of a chapter's exercises (all of them, or the one asked for).
public struct ChapterGrade: Sendable, Equatable, Codable {
    public var chapter: Int
    public var title: String
    public var exercises: [ExerciseGrade]

    public init(chapter: Int, title: String, exercises: [ExerciseGrade]) {
        self.chapter = chapter
        self.title = title
        self.exercises = exercises
    }

    package var passedCount: Int { exercises.filter(\.passed).count }
    public var allPassed: Bool { !exercises.isEmpty && exercises.allSatisfy(\.passed) }
}

// Codable by hand over plain strings and numbers, so the shared model types need no
// Codable conformance of their own (another branch may well add one).
extension TestOutcome {
    enum CodingKeys: String, CodingKey { case name, status, message, path, line, column, code, seconds, output, failedCode, yourCode, hidden, testID }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        status = try container.decode(Status.self, forKey: .status)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        code = try container.decode(String.self, forKey: .code)
        seconds = try container.decodeIfPresent(Double.self, forKey: .seconds) ?? 0
        output = try container.decodeIfPresent(String.self, forKey: .output)
        failedCode = try container.decodeIfPresent(String.self, forKey: .failedCode)
        yourCode = try container.decodeIfPresent([CodePointer].self, forKey: .yourCode) ?? []
        hidden = try container.decodeIfPresent(Bool.self, forKey: .hidden) ?? false
        testID = try container.decodeIfPresent(String.self, forKey: .testID)
        if let path = try container.decodeIfPresent(String.self, forKey: .path) {
            location = SourceLocation(
                path: path, line: try container.decode(Int.self, forKey: .line),
                column: try container.decode(Int.self, forKey: .column))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(message, forKey: .message)
        try container.encode(code, forKey: .code)
        if seconds > 0 { try container.encode(seconds, forKey: .seconds) }
        try container.encodeIfPresent(output, forKey: .output)
        try container.encodeIfPresent(failedCode, forKey: .failedCode)
        if !yourCode.isEmpty { try container.encode(yourCode, forKey: .yourCode) }
        if hidden { try container.encode(hidden, forKey: .hidden) }
        try container.encodeIfPresent(testID, forKey: .testID)
        if let location {
            try container.encode(location.path, forKey: .path)
            try container.encode(location.line, forKey: .line)
            try container.encode(location.column, forKey: .column)
        }
    }
}

extension ExerciseGrade {
    enum CodingKeys: String, CodingKey { case id, title, status, message, tests, output, outputTruncated, learnerFile, seconds, warnings, dependencies, possibleDependencies, escapeHatches, usesCodeOf, standIns }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .id)
        guard let id = ExerciseID(text) else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "not an exercise id: \(text)")
        }
        self.id = id
        title = try container.decode(String.self, forKey: .title)
        status = try container.decode(GradeStatus.self, forKey: .status)
        message = try container.decode(String.self, forKey: .message)
        tests = try container.decode([TestOutcome].self, forKey: .tests)
        output = try container.decode(String.self, forKey: .output)
        outputTruncated = try container.decode(Bool.self, forKey: .outputTruncated)
        learnerFile = try container.decode(String.self, forKey: .learnerFile)
        seconds = try container.decodeIfPresent(Double.self, forKey: .seconds) ?? 0
        warnings = try container.decodeIfPresent(String.self, forKey: .warnings) ?? ""
        dependencies = try container.decodeIfPresent([Dependency].self, forKey: .dependencies) ?? []
        possibleDependencies = try container.decodeIfPresent([Dependency].self, forKey: .possibleDependencies) ?? []
        escapeHatches = try container.decodeIfPresent([EscapeHatch].self, forKey: .escapeHatches) ?? []
        usesCodeOf = try container.decodeIfPresent([String].self, forKey: .usesCodeOf) ?? []
        standIns = try container.decodeIfPresent([Dependency].self, forKey: .standIns) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.description, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(status, forKey: .status)
        try container.encode(message, forKey: .message)
        try container.encode(tests, forKey: .tests)
        try container.encode(output, forKey: .output)
        try container.encode(outputTruncated, forKey: .outputTruncated)
        try container.encode(learnerFile, forKey: .learnerFile)
        try container.encode(seconds, forKey: .seconds)
        if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
        if !dependencies.isEmpty { try container.encode(dependencies, forKey: .dependencies) }
        if !possibleDependencies.isEmpty { try container.encode(possibleDependencies, forKey: .possibleDependencies) }
        if !escapeHatches.isEmpty { try container.encode(escapeHatches, forKey: .escapeHatches) }
        if !usesCodeOf.isEmpty { try container.encode(usesCodeOf, forKey: .usesCodeOf) }
        if !standIns.isEmpty { try container.encode(standIns, forKey: .standIns) }
    }
}
