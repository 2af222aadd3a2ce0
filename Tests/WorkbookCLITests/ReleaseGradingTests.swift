import Foundation
import Testing
@testable import WorkbookRelease
import WorkbookModel
import WorkbookTestSupport

/// Grading in a student release, where no reference is on disk to stand in for what the
/// learner has not solved.
@Suite("Grading in a student release", .serialized, .tags(.compiles))
struct ReleaseGradingTests {
    func workbook(_ arguments: String..., in root: URL) async throws -> CLIRun {
        try await onOwnThread { runCLI(arguments, in: root, environment: ProcessInfo.processInfo.environment) }
    }

    /// A release of chapters 1 and 4 of this repository, its Diner and Stage prebuilt.
    static func release() async throws -> (URL, Workbook) {
        let teacher = try Workbook(root: SeededModules.repository)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("release-grading-\(UUID().uuidString.prefix(8))")
        _ = try ReleaseWriter.write(try ReleaseManifest(workbook: teacher, chapters: [try teacher.chapter("1"), try teacher.chapter("4")]), to: out)
        try await onOwnThread { try SeededModules.seed(out) }
        return (out, teacher)
    }

    /// Copies the teacher's reference of `id` over the student's file, as a student would type it.
    static func solve(_ id: String, teacher: Workbook, in root: URL) throws {
        let (chapter, exercise) = try teacher.exercise(id)
        let reference = try #require(exercise.referenceFile)
        try FileManager.default.removeItem(at: root.appendingPathComponent("exercises/\(chapter.stem)/\(exercise.fileName!)"))
        try FileManager.default.copyItem(at: teacher.url(reference), to: root.appendingPathComponent("exercises/\(chapter.stem)/\(exercise.fileName!)"))
    }

    @Test("an untouched compile starter never stops its chapter; an exercise using a failing one says it needs it first; solution says the teacher has the answers",
          .timeLimit(.minutes(8)))
    func withoutReferences() async throws {
        let (root, teacher) = try await Self.release()
        defer { try? FileManager.default.removeItem(at: root) }
        // No reference anywhere on disk: the release's module files are the starters.
        let release = try Workbook(root: root)
        for exercise in release.chapters.flatMap(\.exercises) {
            #expect(try release.read(exercise.referenceFile!) == release.starter(for: exercise))
        }

        try Self.solve("1.1", teacher: teacher, in: root)
        let chapter1 = try await workbook("check", "1", in: root)
        #expect(chapter1.exitCode == 1)
        #expect(chapter1.standardOutput.contains("✓ 1.1"), "\(chapter1.standardOutput)")
        #expect(chapter1.standardOutput.contains("· 1.8"), "\(chapter1.standardOutput)")
        #expect(!chapter1.standardOutput.contains("does not compile"), "\(chapter1.standardOutput)")

        try Self.solve("4.1", teacher: teacher, in: root)
        try Self.solve("4.3", teacher: teacher, in: root)
        let waiting = try await workbook("check", "4.3", in: root)
        #expect(waiting.exitCode == 1)
        #expect(waiting.standardOutput.contains("failed — needs 4.2 first"), "\(waiting.standardOutput)")
        #expect(waiting.standardOutput.contains("(exercise 4.2, not started): fix 4.2 first"), "\(waiting.standardOutput)")
        let json = try await workbook("check", "4.3", "--format", "json", in: root)
        #expect(json.standardOutput.contains("4.3 needs 4.2 first: its tests use your 4.2, and 4.2 is not started"), "\(json.standardOutput)")
        try Self.solve("4.2", teacher: teacher, in: root)
        let solved = try await workbook("check", "4.3", in: root)
        #expect(solved.exitCode == 0, "\(solved.standardOutput)")

        // The chapter's snippets import the student's module: with chapter 1 solved, every
        // one prints what the chapter shows (the untouched compile starter no longer stops them).
        for exercise in teacher.chapters[0].exercises { try Self.solve(exercise.id.description, teacher: teacher, in: root) }
        let snippets = try await workbook("run", "1", in: root)
        #expect(snippets.exitCode == 0, "\(snippets.standardOutput)")
        #expect(snippets.standardError.contains("built from your files in exercises/"), "\(snippets.standardError)")

        let solution = try await workbook("solution", "4.3", in: root)
        #expect(solution.exitCode == 3)
        #expect(solution.standardError.contains("your teacher has them"))
    }
}
