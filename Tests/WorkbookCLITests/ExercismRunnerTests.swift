import Foundation
import Testing
import WorkbookTestSupport
import WorkbookSystem

/// Issue 22: `bin/run.sh SLUG INPUT_DIR OUTPUT_DIR`, as Exercism's infrastructure starts a
/// test runner, on the grading fixture.
@Suite("The Exercism test-runner entry point", .serialized, .tags(.compiles))
struct ExercismRunnerTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let tool = repository.appendingPathComponent(".build/debug/workbook")

    @Test("writes a valid results.json for an exercise and an error one for what it cannot grade")
    func runScript() async throws {
        // `swift test` builds the `workbook` product beside the tests; without it this
        // test cannot run the script, which is a failure, not a reason to skip.
        try #require(FileManager.default.isExecutableFile(atPath: Self.tool.path),
                     "\(Self.tool.path) is missing: build it first (swift build)")
        let session = try FixtureSession()
        let input = session.root.appendingPathComponent("solution")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
            try FileManager.default.copyItem(at: session.root.appendingPathComponent("Sources/Chapter01Basics/\(file)"),
                                            to: input.appendingPathComponent(file))
        }
        try "public func add(_ a: Int, _ b: Int) -> Int { print(\"hi\"); return a - b }\n"
            .write(to: input.appendingPathComponent("Ex1_Add.swift"), atomically: true, encoding: .utf8)
        let before = try String(contentsOf: input.appendingPathComponent("Ex1_Add.swift"), encoding: .utf8)
        let out = session.root.appendingPathComponent("out")
        let script = Self.repository.appendingPathComponent("bin/run.sh").path
        let environment = ProcessInfo.processInfo.environment.merging(
            ["WORKBOOK": Self.tool.path, "WORKBOOK_ROOT": session.root.path]) { $1 }
        let run = try await onOwnThread {
            try ChildProcess.run("/bin/bash", .init(arguments: [script, "1.1", input.path + "/", out.path + "/"], environment: environment, timeout: 300))
        }
        #expect(run.termination == .exited(0), "\(run.standardError)")
        let data = try #require(FileManager.default.contents(atPath: out.appendingPathComponent("results.json").path))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 3 && object["status"] as? String == "fail")
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(!tests.isEmpty && tests.allSatisfy { $0["status"] as? String == "fail" })
        #expect(tests.first?["output"] as? String == "hi\n")
        #expect(try String(contentsOf: input.appendingPathComponent("Ex1_Add.swift"), encoding: .utf8) == before)

        let missing = try await onOwnThread {
            try ChildProcess.run("/bin/bash", .init(arguments: [script, "9", input.path, out.path], environment: environment, timeout: 60))
        }
        #expect(missing.termination == .exited(0))
        let error = try JSONSerialization.jsonObject(with: try #require(FileManager.default.contents(atPath: out.appendingPathComponent("results.json").path))) as? [String: Any]
        #expect(error?["status"] as? String == "error" && (error?["message"] as? String)?.contains("no chapter 9") == true)
    }
}
