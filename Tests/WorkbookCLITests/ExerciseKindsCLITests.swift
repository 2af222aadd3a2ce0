import Foundation
import Testing
import WorkbookTestSupport

@Suite("Exercise kinds at the command line", .serialized, .tags(.compiles))
struct ExerciseKindsCLITests {
    /// `workbook …` with this process's environment (the toolchain on the PATH), on a thread of its own.
    func workbook(_ arguments: String..., in root: URL) async throws -> CLIRun {
        try await onOwnThread { runCLI(arguments, in: root, environment: ProcessInfo.processInfo.environment) }
    }

    @Test("list --format json gives each exercise its kind")
    func listKinds() throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        let run = runCLI(["list", "--format", "json"], in: workbook.root)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let exercises = try #require((object["chapters"] as? [[String: Any]])?.first?["exercises"] as? [[String: Any]])
        #expect(exercises.map { $0["kind"] as? String } == ["write", "predict", "compile"])
    }

    @Test("check: a wrong prediction names the first differing line; a right one says why")
    func checkPrediction() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        _ = try await self.workbook("start", "1", in: workbook.root)
        let starter = try workbook.read("exercises/01-blocks/Ex2_Sums.txt")
        try workbook.write("exercises/01-blocks/Ex2_Sums.txt", starter + "sum 2\nsum 4\nsum 8\n")
        let wrong = try await self.workbook("check", "1.2", in: workbook.root)
        #expect(wrong.exitCode == 1)
        #expect(wrong.standardOutput.contains("line 3 of the output is “sum 6”; you predicted “sum 8”"), "\(wrong.standardOutput)")
        #expect(wrong.standardOutput.contains("exercises/01-blocks/Ex2_Sums.txt:4:1"), "\(wrong.standardOutput)")
        #expect(!wrong.standardOutput.contains("Why:"))

        try workbook.write("exercises/01-blocks/Ex2_Sums.txt", starter + "sum 2\nsum 4\nsum 6\n")
        let right = try await self.workbook("check", "1.2", in: workbook.root)
        #expect(right.exitCode == 0, "\(right.standardOutput)\(right.standardError)")
        #expect(right.standardOutput.contains("Why: `1...3` is closed."), "\(right.standardOutput)")
    }

    @Test("check: an exercise that uses another says so while that one does not pass")
    func dependencyNote() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        _ = try await self.workbook("start", "1", in: workbook.root)
        try workbook.write("exercises/01-blocks/Ex1_Add.swift", "public func add(_ a: Int, _ b: Int) -> Int { a - b }\n")
        try workbook.write("exercises/01-blocks/Ex3_Shared.swift", "public func makeShared() -> @Sendable () -> Int { { 0 } }\n")
        let run = try await self.workbook("check", "1", in: workbook.root)
        #expect(run.standardOutput.contains("This exercise uses your 1.1, which does not pass yet: make 1.1 pass first."), "\(run.standardOutput)")
    }
}
