import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI

/// Issue 34: `check` notes the escape hatches of the learner's file at their lines, and
/// they never fail an exercise.
@Suite("Escape hatches in check", .serialized, .tags(.compiles))
struct EscapeHatchReportTests {
    @Test("check notes a hatch at the learner's file:line; a passing exercise still passes and its JSON is unchanged")
    func notesInTheReport() async throws {
        let session = try FixtureSession()
        _ = await session.run("start", "1")
        try session.write("""
            import Foundation

            /// Returns the sum of `a` and `b`.
            public func add(_ a: Int, _ b: Int) -> Int {
                // exit(1) here would end the tests early
                if a == Int.min { exit(3) }
                return a + b
            }

            """, to: "exercises/01-basics/Ex1_Add.swift")
        let checked = await session.run("check", "1.1")
        #expect(checked.code == 0, "a note is not a failure: \(checked.out) \(checked.err)")
        #expect(checked.out.contains("look at this: exercises/01-basics/Ex1_Add.swift:6 uses exit"), "\(checked.out)")
        #expect(checked.out.components(separatedBy: "look at this:").count == 2, "the comment's exit(1) is not one")
        let json = await session.run("check", "1.1", "--format", "json")
        #expect(json.out.contains(#""status":"pass""#) && !json.out.contains("look at this"), "\(json.out)")

        // A failing exercise: the note rides on its failing test's message.
        try session.write("import Foundation\npublic func add(_ a: Int, _ b: Int) -> Int { if a < 0 { exit(3) }; return a - b }\n",
                          to: "exercises/01-basics/Ex1_Add.swift")
        let failing = await session.run("check", "1.1", "--format", "json")
        // Named from the workspace, as Exercism's interface asks (issue 55).
        #expect(failing.out.contains(#"look at this: 01-basics/Ex1_Add.swift:2 uses exit"#), "\(failing.out)")
        #expect(!failing.out.contains("exercises/01-basics"), "\(failing.out)")
    }
}
