import Foundation
import Testing
@testable import WorkbookGrading
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

    @Test("a redeclaration quotes the other file's code only when that file is the learner's own")
    func redeclarationQuotes() throws {
        let workbook = try Workbook(root: GradingFixture.source)
        let paths = LearnerPaths(workbook: workbook, cache: workbook.cacheFolder, fromWorkspace: false)
        let wording = BuildFindingWording(paths: paths)
        let culprit = Submission(exercise: ExerciseID(chapter: 1, number: 2), file: workbook.exercisesFolder.appendingPathComponent("01-basics/Ex2_Apply.swift"),
                                 origin: .learner, isStarter: false)
        func message(declaredBy: URL) -> String {
            let entry = CompilerDiagnostics("\(declaredBy.path):2:13: error: invalid redeclaration of 'add'\n2 | public func add(_ a: Int) -> Int { a + b + 42 }\n").entries[0]
            return wording.message(.redeclaration(.module, culprit: culprit, line: 3, name: "add", declaredBy: declaredBy.path, theirs: [entry]))
        }
        let reference = message(declaredBy: workbook.root.appendingPathComponent("Sources/Chapter01Basics/Ex1_Add.swift"))
        #expect(reference.contains("invalid redeclaration of 'add'") && !reference.contains("a + b + 42"), "\(reference)")
        let own = message(declaredBy: workbook.exercisesFolder.appendingPathComponent("01-basics/Ex1_Add.swift"))
        #expect(own.contains("a + b + 42"), "\(own)")
    }
}
