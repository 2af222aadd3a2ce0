import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI

/// The feedback a learner reads, in the feedback fixture: exercise 1.2 uses 1.1's
/// `double`, 1.3 stands alone.
// Not serialized: each test grades in a fixture copy of its own.
@Suite("Feedback that tells the truth", .tags(.compiles))
struct FeedbackCommandsTests {
    static let folder = "exercises/01-feedback"

    /// A session with the chapter started and every exercise written as the reference, then `changes` applied.
    func session(_ changes: [String: String] = [:]) async throws -> FixtureSession {
        let session = try FixtureSession(fixture: "FeedbackWorkbook")
        #expect(await session.run("start", "1").code == 0)
        for name in ["Ex1_Double", "Ex2_Quadruple", "Ex3_Triple"] {
            try session.write(session.file("Sources/Chapter01Feedback/\(name).swift")!, to: "\(Self.folder)/\(name).swift")
        }
        for (name, text) in changes { try session.write(text, to: "\(Self.folder)/\(name).swift") }
        return session
    }

    static let wrongDouble = "/// Twice `x`.\npublic func double(_ x: Int) -> Int {\n    x * 3\n}\n"

    @Test("lists every failing test with its own message, the test's failing line and the learner's function at file:line")
    func everyFailingTest() async throws {
        let session = try await session(["Ex1_Double": Self.wrongDouble])
        let result = await session.run("check", "1.1")
        #expect(result.code == 1)
        #expect(result.out.contains("2 of 2 tests failed:"))
        #expect(result.out.contains("✗ “doubles two”"))
        #expect(result.out.contains("double(2) returned 6; expected 4"))
        #expect(result.out.contains("✗ “doubles a negative number”"))
        #expect(result.out.contains("double(-3) returned -9; expected -6"))
        #expect(result.out.contains("8 |         #expect(double(2) == 4, \"double(2) returned \\(double(2)); expected 4\")"))
        #expect(result.out.components(separatedBy: "it calls your double at exercises/01-feedback/Ex1_Double.swift:2").count - 1 == 2)
        #expect(!result.out.contains("more failing test"))
    }

    @Test("with 1.1 wrong, 1.2's report says to fix 1.1 first, and Next names 1.1")
    func dependencyNamed() async throws {
        let session = try await session(["Ex1_Double": Self.wrongDouble])
        #expect(await session.run("check", "1.3").code == 0)
        let result = await session.run("check", "1.2")
        #expect(result.code == 1)
        #expect(result.out.contains("1.2 uses `double` from your Ex1_Double.swift (exercise 1.1, failing): fix 1.1 first"), "\(result.out)")
        #expect(result.out.contains("may come from that code rather than from yours"))
        #expect(result.out.contains("Next: fix exercise 1.1 in exercises/01-feedback/Ex1_Double.swift first (1.2 uses it)"))
        // Checked alone, 1.2 is the only exercise reported, but the totals are the chapter's.
        #expect(!result.out.contains("Double it  "))
        #expect(result.out.contains("Chapter 1: 1 of 3 exercises pass"), "\(result.out)")

        // With 1.1 right, nothing is said about it.
        try session.write(session.file("Sources/Chapter01Feedback/Ex1_Double.swift")!, to: "\(Self.folder)/Ex1_Double.swift")
        let fixed = await session.run("check", "1.2")
        #expect(fixed.code == 0)
        #expect(!fixed.out.contains("uses `double`"))
    }

    @Test("shows the warnings of the learner's file under the exercise, which still passes")
    func warningsShown() async throws {
        let session = try await session([
            "Ex3_Triple": "public func triple(_ x: Int) -> Int {\n    let unused = x\n    return x * 3\n}\n",
        ])
        let result = await session.run("check", "1.3")
        #expect(result.code == 0)
        #expect(result.out.contains("1.3   Triple it  passed"))
        #expect(result.out.contains("warnings in your file (they do not fail the exercise):"))
        #expect(result.out.contains("exercises/01-feedback/Ex3_Triple.swift:2:9: warning: initialization of immutable value 'unused' was never used"),
                "\(result.out)")
        // A re-check that compiles nothing still shows them.
        #expect(await session.run("check", "1.3").out.contains("Ex3_Triple.swift:2:9: warning:"))
    }

    @Test("the playground runs the learner's module, or the model answer with --reference, and says which")
    func playgroundUsesTheLearnersModule() async throws {
        let session = try await session(["Ex1_Double": Self.wrongDouble])
        try session.write("import Chapter01Feedback\nprint(double(2))\n", to: "play.swift")
        let mine = await session.run("run", "play.swift")
        #expect(mine.out == "6\n")
        #expect(mine.err.contains("Chapter01Feedback is built from your files in exercises/01-feedback/"))
        let model = await session.run("run", "play.swift", "--reference")
        #expect(model.out == "4\n")
        #expect(model.err.contains("Chapter01Feedback is the model answer (--reference)"))
    }

    @Test("progress, list and check agree after a reset, and no screen says All done while an exercise is open")
    func screensAgree() async throws {
        let session = try await session()
        let all = await session.run("check", "1")
        #expect(all.code == 0)
        #expect(all.out.contains("All done: every exercise of chapter 1 passes"))

        #expect(await session.run("reset", "1.1").code == 0)
        let progress = await session.run("progress")
        #expect(progress.out.contains("2/3 passing, 1 done once (not passing now)"), "\(progress.out)")
        #expect(progress.out.contains("2 of 3 exercises passing"))
        let list = await session.run("list")
        #expect(list.out.contains("1.1  Double it"))
        #expect(list.out.contains("· not started"))
        #expect(list.out.contains("2 passing"))

        let one = await session.run("check", "1.3")
        #expect(one.code == 0)
        #expect(one.out.contains("Chapter 1: 2 of 3 exercises pass"))
        #expect(!one.out.contains("All done"))
        #expect(one.out.contains("Next: write exercise 1.1 in your Ex1_Double.swift"), "\(one.out)")
    }

    @Test("solution shows the model answer, a diff from the learner's solution to it, and its reasons")
    func solutionDiff() async throws {
        let session = try await session([
            "Ex3_Triple": "/// Three times `x`.\npublic func triple(_ x: Int) -> Int {\n    x + x + x\n}\n",
        ])
        #expect(await session.run("check", "1.3").code == 0)
        let result = await session.run("solution", "1.3")
        #expect(result.code == 0)
        #expect(result.out.contains("Your solution against the model answer:"))
        #expect(result.out.contains("    --- yours (exercises/01-feedback/Ex3_Triple.swift)"))
        #expect(result.out.contains("    -    x + x + x"))
        #expect(result.out.contains("    +    x * 3"))
        #expect(result.out.contains("Why the model answer is written this way (from its comments):"))
        #expect(result.out.contains("  One multiplication says what it means; three additions say it less plainly."))

        // Written exactly as the model answer: said so, no diff.
        try session.write(session.file("Sources/Chapter01Feedback/Ex3_Triple.swift")!, to: "\(Self.folder)/Ex3_Triple.swift")
        let same = await session.run("solution", "1.3")
        #expect(same.out.contains("Your solution is the model answer, line for line."))
    }
}
