import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI
@testable import WorkbookModel

/// Runs `workbook` commands in a copy of the grading fixture, capturing the console.
final class FixtureSession: @unchecked Sendable {
    let root: URL
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    init(fixture: String = "GradingWorkbook") throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(fixture)")
        root = FileManager.default.temporaryDirectory.appendingPathComponent("wb-cli-grading-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: root)
        try SeededModules.shareToolchainFacts(root)
        try SeededModules.shareTestObjects(root)
        try SeededModules.shareModules(root)
    }

    /// A session in a workbook already written at `root` (removed with the session).
    init(root: URL) {
        self.root = root
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func workbook() throws -> Workbook { try Workbook(root: root) }

    /// Runs one command line; returns its exit code, standard output and standard error.
    /// Grading compiles and runs processes for seconds: on a thread of its own, not the test pool.
    func run(_ arguments: String...) async -> (code: Int32, out: String, err: String) {
        let arguments = arguments
        return (try? await onOwnThread { self.runBlocking(arguments) }) ?? (-1, "", "")
    }

    /// `run`, with `extra` added to the command's environment.
    func run(_ arguments: [String], environment extra: [String: String]) async -> (code: Int32, out: String, err: String) {
        (try? await onOwnThread { self.runBlocking(arguments, environment: extra) }) ?? (-1, "", "")
    }

    private func runBlocking(_ arguments: [String], environment extra: [String: String] = [:]) -> (code: Int32, out: String, err: String) {
        lock.lock(); out = ""; err = ""; lock.unlock()
        let console = Console(
            out: { text in self.lock.lock(); self.out += text; self.lock.unlock() },
            error: { text in self.lock.lock(); self.err += text; self.lock.unlock() })
        let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let code = WorkbookCLI.run(arguments, environment: environment, currentDirectory: root, console: console)
        lock.lock(); defer { lock.unlock() }
        return (code, out, err)
    }

    func file(_ path: String) -> String? {
        FileManager.default.contents(atPath: root.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ text: String, to path: String) throws {
        try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }
}

@Suite("The grading commands", .serialized, .tags(.compiles, .backend))
struct GradingCommandsTests {
    @Test("start writes the starters and never overwrites a file")
    func start() async throws {
        let session = try FixtureSession()
        let first = await session.run("start", "1")
        #expect(first.code == 0)
        #expect(first.out.contains("wrote exercises/01-basics/Ex1_Add.swift"))
        #expect(first.out.contains("workbook check 1"))
        #expect(session.file("exercises/01-basics/Ex1_Add.swift")?.contains("0  // replace with the sum") == true)

        try session.write("// mine\n", to: "exercises/01-basics/Ex1_Add.swift")
        let second = await session.run("start", "1")
        #expect(second.out.contains("kept  exercises/01-basics/Ex1_Add.swift"))
        #expect(session.file("exercises/01-basics/Ex1_Add.swift") == "// mine\n")
    }

    @Test("rejects unknown chapters, exercises and time limits with exit status 2", arguments: [
        ["check", "9"], ["check", "1.9"], ["check", "1", "--timeout", "soon"], ["hint", "1"], ["check", "1", "--format", "xml"],
    ])
    func usage(arguments: [String]) async throws {
        let session = try FixtureSession()
        let result = WorkbookCLI.run(arguments, currentDirectory: session.root, console: Console(out: { _ in }, error: { _ in }))
        #expect(result == 2)
    }

    @Test("walks the learner's loop: check, hint, solution, reset, progress")
    func learnerLoop() async throws {
        let session = try FixtureSession()

        // A fresh workspace: check starts the chapter and fails every exercise.
        let fresh = await session.run("check", "1")
        #expect(fresh.code == 1)
        #expect(fresh.out.contains("wrote exercises/01-basics/Ex1_Add.swift"))
        #expect(fresh.out.components(separatedBy: "not started").count - 1 == 3)
        #expect(fresh.out.contains("0 of 3 exercises pass"))
        #expect(fresh.out.contains("workbook hint 1.1"))

        // Solutions stay closed before passing.
        let refused = await session.run("solution", "1.1")
        #expect(refused.code == 1)
        #expect(refused.err.contains("workbook check 1.1"))

        // Hints come one at a time and are remembered.
        #expect(await session.run("hint", "1.1").out.contains("Hint 1 of 2"))
        let secondHint = await session.run("hint", "1.1").out
        #expect(secondHint.contains("Hint 2 of 2"))

        // A wrong answer fails with the expectation and where it is.
        try session.write("public func add(_ a: Int, _ b: Int) -> Int { a - b }\n", to: "exercises/01-basics/Ex1_Add.swift")
        for exercise in ["Ex2_Apply", "Ex3_Total"] {
            try session.write(session.file("Sources/Chapter01Basics/\(exercise).swift")!, to: "exercises/01-basics/\(exercise).swift")
        }
        let wrong = await session.run("check", "1")
        #expect(wrong.code == 1)
        #expect(wrong.out.contains("Expectation failed: (add(2, 2) → 0) == 4"))
        #expect(wrong.out.contains("Tests/Chapter01BasicsTests/Ex1_AddTests.swift:8:"))
        #expect(wrong.out.contains("8 |         #expect(add(2, 2) == 4, \"add(2, 2) should be 4\")"))
        #expect(wrong.out.contains("it calls your add at exercises/01-basics/Ex1_Add.swift:1"))
        #expect(wrong.out.contains("2 of 3 exercises pass"))

        // results.json v3 for one exercise.
        let json = await session.run("check", "1.1", "--format", "json")
        #expect(json.code == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 3)
        #expect(object["status"] as? String == "fail")
        #expect((object["tests"] as? [[String: Any]])?.map { $0["name"] as? String } == ["adds two and two", "adds negative numbers"])

        // Reset keeps a backup of the learner's file.
        let reset = await session.run("reset", "1.1")
        #expect(reset.code == 0)
        let backupLine = try #require(reset.out.split(separator: "\n").first { $0.hasPrefix("Backed up your file to ") })
        let backup = String(backupLine.dropFirst("Backed up your file to ".count).dropLast())
        #expect(session.file(backup) == "public func add(_ a: Int, _ b: Int) -> Int { a - b }\n")
        #expect(session.file("exercises/01-basics/Ex1_Add.swift")?.contains("replace with the sum") == true)

        // Solved: everything passes, JUnit lists the tests, the solution opens.
        try session.write(session.file("Sources/Chapter01Basics/Ex1_Add.swift")!, to: "exercises/01-basics/Ex1_Add.swift")
        let solved = await session.run("check", "1")
        #expect(solved.code == 0)
        #expect(solved.out.contains("3 of 3 exercises pass"))
        let junit = await session.run("check", "1", "--format", "junit")
        #expect(junit.code == 0)
        #expect(junit.out.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(junit.out.contains("<testsuites>\n"))
        #expect(junit.out.components(separatedBy: "<testcase ").count - 1 == 5)
        #expect(!junit.out.contains("<failure") && !junit.out.contains("<error"))
        let solution = await session.run("solution", "1.1")
        #expect(solution.code == 0)
        #expect(solution.out.contains("    a + b\n}"))
        #expect(!solution.out.contains("BEGIN SOLUTION"))

        let progress = await session.run("progress")
        #expect(progress.out.contains(" 1 [██████████] 3/3 passing, 2 hints used"))
        #expect(progress.out.contains("3 of 22 exercises passing"))

        // list shows the recorded grades while the files are the ones graded.
        #expect(await session.run("list").out.contains("✓ passing"))

        // --force is recorded.
        #expect(await session.run("solution", "2.1", "--force").code == 0)
        #expect(await session.run("progress").out.contains("1 solution seen before passing"))
    }

    @Test("verify names the exercise whose reference does not pass, at its chapter line")
    func verifyFindsBrokenReference() async throws {
        let session = try FixtureSession()
        try session.write(
            "public func applyTwice(_ transform: (Int) -> Int, to value: Int) -> Int {\n    // BEGIN SOLUTION\n    transform(value)\n    // END SOLUTION\n}\n",
            to: "Sources/Chapter01Basics/Ex2_Apply.swift")
        let result = await session.run("verify", "1")
        #expect(result.code == 1)
        #expect(result.err.contains("chapters/01-basics.md:16:1: error: exercise 1.2: the reference does not pass (failed)"))
        #expect(!result.err.contains("exercise 1.1"))
        #expect(result.out.contains("2 of 3 exercises keep the rule"))
    }
}
