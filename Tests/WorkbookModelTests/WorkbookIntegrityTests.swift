import Foundation
import Testing
@testable import WorkbookModel
@testable import WorkbookSystem
import WorkbookTestSupport

@Suite("Tamper evidence: the workbook's own files against its last commit")
struct WorkbookIntegrityTests {
    @Test("a committed checkout has no notice; an edited test file is named, worked out in the background")
    func editedTestFileIsNamed() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wb-integrity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let tests = root.appendingPathComponent("Tests/Chapter01BlocksTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try "let x = 1\n".write(to: tests.appendingPathComponent("Ex1Tests.swift"), atomically: true, encoding: .utf8)
        try "notes\n".write(to: root.appendingPathComponent("NOTES.md"), atomically: true, encoding: .utf8)
        let git = try #require(Sandbox.findExecutable("git", environment: ProcessInfo.processInfo.environment))
        for arguments in [["init", "-q"], ["add", "-A"],
                          ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "start"]] {
            let result = try await onOwnThread { try ChildProcess.run(git, .init(arguments: ["-C", root.path] + arguments, timeout: 30)) }
            try #require(result.termination.isSuccess, "git \(arguments): \(result.standardError)")
        }
        #expect(WorkbookIntegrity.noticeInBackground(root: root, environment: ProcessInfo.processInfo.environment).value == nil)
        // A file outside the grading inputs changes nothing; a test file is named.
        try "changed\n".write(to: root.appendingPathComponent("NOTES.md"), atomically: true, encoding: .utf8)
        #expect(WorkbookIntegrity.noticeInBackground(root: root, environment: ProcessInfo.processInfo.environment).value == nil)
        try "let x = 2\n".write(to: tests.appendingPathComponent("Ex1Tests.swift"), atomically: true, encoding: .utf8)
        let notice = try #require(WorkbookIntegrity.noticeInBackground(root: root, environment: ProcessInfo.processInfo.environment).value)
        #expect(notice.contains("1 of the workbook's own files differ from its last commit (Tests/Chapter01BlocksTests/Ex1Tests.swift)"), "\(notice)")
    }
}
