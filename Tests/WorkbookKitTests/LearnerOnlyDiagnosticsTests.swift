import Foundation
import Testing
@testable import WorkbookKit
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookToolchain

/// Issue 56: a learner's file that breaks the workbook's own files (`public struct Int`)
/// is told so without being shown their code.
@Suite("A build's messages to a learner come from the learner's files only", .tags(.compiles))
struct LearnerOnlyDiagnosticsTests {
    @Test("a learner's `public struct Int` breaks the workbook's files, and none of their code is quoted")
    func shadowedInt() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("exercises/01-basics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            public struct Int {}

            public func add(_ a: Swift.Int, _ b: Swift.Int) -> Swift.Int { a + b }

            """.write(to: folder.appendingPathComponent("Ex1_Add.swift"), atomically: true, encoding: .utf8)
        let workbook = try Workbook(root: root)
        let grader = Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() })
        let grade = try await onOwnThread { try grader.grade(try workbook.chapter("1")) }
        let first = try #require(grade.exercises.first)
        #expect(first.status == .doesNotCompile, "\(first.message)")
        // No line of the workbook's own sources (references, support) is in any message.
        let sources = try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent("Sources/Chapter01Basics"),
                                                                  includingPropertiesForKeys: nil)
        let theirs = try sources.flatMap { try String(contentsOf: $0, encoding: .utf8).split(separator: "\n") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count > 12 && !$0.hasPrefix("//") }
        for exercise in grade.exercises {
            for line in theirs { #expect(!exercise.message.contains(line), "\(exercise.id): quotes “\(line)”: \(exercise.message)") }
            #expect(!exercise.message.contains("Sources/Chapter01Basics"), "\(exercise.message)")
        }
        #expect(first.message.contains("in the workbook's own files, compiled with yours (not shown"), "\(first.message)")
    }
}
