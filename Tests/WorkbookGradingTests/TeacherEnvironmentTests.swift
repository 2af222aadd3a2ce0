import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookGrading
@testable import WorkbookClassroom
import WorkbookModel
@testable import WorkbookSystem
import WorkbookToolchain

/// Issue 56: every variable of the grading shell reached the tests, and a token set there
/// was printed by a student's code into that student's feedback, the gradebook and the
/// results JSON. Learner code now starts with an allow-list (`LearnerEnvironment`).
@Suite("Nothing of the teacher's environment reaches learner code", .serialized)
struct TeacherEnvironmentTests {
    /// A variable the grading shell has, as a teacher's token would be; set in this test
    /// process, whose environment every run inherits unless the allow-list stops it.
    static let secretName = "WORKBOOK_PLANTED_TOKEN"
    static let secret = "tok-\(UUID().uuidString)"

    static func plant() { setenv(secretName, secret, 1) }

    @Test("a sandboxed run sees PATH, HOME, TMPDIR and the locale, and nothing else the caller's environment holds")
    func allowList() throws {
        Self.plant()
        var given = ProcessInfo.processInfo.environment
        given["LANG"] = "C.UTF-8"
        given["LC_CTYPE"] = "C.UTF-8"
        given["SWIFT_BACKTRACE"] = "enable=no"
        given["AWS_SECRET_ACCESS_KEY"] = "also-secret"
        given["LLVM_PROFILE_FILE"] = "/home/teacher/counters.profraw"
        given["MALLOC_ARENA_MAX"] = "64"
        var options = ChildProcess.Options(arguments: [], environment: given, timeout: 20)
        options.sandbox = SandboxPolicy(host: .forTests, hidden: [], writable: [])
        let result = try ChildProcess.run("/usr/bin/env", options)
        #expect(result.termination.isSuccess, "\(result.standardError)")
        let names = Set(result.standardOutput.split(separator: "\n").compactMap { $0.split(separator: "=").first.map(String.init) })
        // What the caller set, less all but the allow-list; PWD is the sandbox's shell's own.
        let allowed: Set<String> = ["PATH", "HOME", "TMPDIR", "PWD", "LANG", "LANGUAGE", "TERM", "TZ", "NO_COLOR", "SWIFT_BACKTRACE",
                                    "LD_LIBRARY_PATH", "LC_CTYPE", "WORKBOOK_MUTANT", "MALLOC_ARENA_MAX"]
        #expect(names.isSubset(of: allowed), "\(names.subtracting(allowed).sorted()) reached the run")
        #expect(names.isSuperset(of: ["PATH", "HOME", "TMPDIR", "LANG", "LC_CTYPE", "SWIFT_BACKTRACE"]), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains(Self.secret) && !result.standardOutput.contains("also-secret"))
        #expect(result.standardOutput.contains("PATH=/usr/local/bin:/usr/bin:/bin\n"))
        #if os(Linux)
        // glibc's arenas are capped whatever the caller's shell says: under the run's
        // RLIMIT_AS, more of them crashed a correct runner on a busy machine.
        #expect(result.standardOutput.split(separator: "\n").contains("MALLOC_ARENA_MAX=2"), "\(result.standardOutput)")
        #endif
    }

    @Test("a coverage run's counters file reaches the run only when it lies in a folder the run may write")
    func countersPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-counters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inside = folder.appendingPathComponent("test.profraw").path
        let policy = { (writable: [String]) in SandboxPolicy(host: .forTests, hidden: [], writable: writable) }
        let given = ["LLVM_PROFILE_FILE": inside]
        #expect(LearnerEnvironment.make(from: given, policy: policy([folder.path]), workingDirectory: nil, sandboxOn: true)["LLVM_PROFILE_FILE"] == inside)
        #expect(LearnerEnvironment.make(from: given, policy: policy([]), workingDirectory: nil, sandboxOn: true)["LLVM_PROFILE_FILE"] == nil)
        let elsewhere = ["LLVM_PROFILE_FILE": folder.path + "-other/test.profraw"]
        #expect(LearnerEnvironment.make(from: elsewhere, policy: policy([folder.path]), workingDirectory: nil, sandboxOn: true)["LLVM_PROFILE_FILE"] == nil)
    }

    @Test("a student's code that prints its environment shows none of the teacher's, in check and in grade",
          .tags(.compiles))
    func gradedCode() async throws {
        Self.plant()
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let workspace = root.appendingPathComponent("class/mo")
        let folder = workspace.appendingPathComponent("01-basics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["Ex2_Apply.swift", "Ex3_Total.swift"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Sources/Chapter01Basics/\(file)"), to: folder.appendingPathComponent(file))
        }
        // Wrong on purpose, so the report shows what it printed.
        let printer = """
            import Foundation
            public func add(_ a: Int, _ b: Int) -> Int {
                for (name, value) in ProcessInfo.processInfo.environment.sorted(by: { $0.key < $1.key }) { print("ENV \\(name)=\\(value)") }
                return a - b
            }

            """
        try printer.write(to: folder.appendingPathComponent("Ex1_Add.swift"), atomically: true, encoding: .utf8)
        let toolchain = try await onOwnThread { try SwiftToolchain.forTests() }
        var options = Grader.Options()
        options.timeout = 10
        options.outputPerTest = true
        options.useCache = false
        let grader = ClassGrader(course: try Course(root: root), toolchain: toolchain, options: options, chapters: [1])
        let results = try await onOwnThread { try grader.grade([StudentSubmission(name: "mo", form: .workspace, workspace: workspace)]) }
        let encoder = JSONEncoder()
        let everything = String(decoding: try encoder.encode(results.flatMap(\.grades)), as: UTF8.self)
        let add = try #require(results.first?.grades.first?.exercises.first)
        #expect(add.status == .failed)
        let printed = add.tests.compactMap(\.output).joined() + add.output
        #expect(printed.contains("ENV HOME="), "the student's code ran and printed: \(printed.prefix(400))")
        #expect(!everything.contains(Self.secret), "the planted token reached the student's grade")
        #expect(!printed.contains("ENV \(Self.secretName)"))
    }

    @Test("a learner's file run as a playground sees none of it either", .tags(.compiles))
    func playground() async throws {
        Self.plant()
        let run = try await RunningFixture.script("""
            import Foundation
            print(ProcessInfo.processInfo.environment["\(Self.secretName)"] ?? "no token", ProcessInfo.processInfo.environment["HOME"] ?? "no home")
            """, displayPath: "scratch.swift")
        #expect(run.standardOutput.hasPrefix("no token /"), "\(run.standardOutput) \(run.standardError)")
    }
}
