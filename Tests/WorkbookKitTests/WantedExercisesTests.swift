import Foundation
import Testing
@testable import WorkbookKit
import WorkbookTestSupport
@testable import WorkbookModel
import WorkbookToolchain

/// An exercise checked alone (`check N.M`, a mutant) that does not compile is decided
/// when its file is blamed: the build stops there, before the module is built again with
/// its stand-in and the tests' objects are compiled for that mix.
@Suite("An exercise checked alone that does not compile", .tags(.compiles))
struct WantedExercisesTests {
    @Test("is decided at the failed compile: no tests' objects and no runner are built for its stand-in, and the verdict is the full check's")
    func stopsAtTheBrokenExercise() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let workbook = try Workbook(root: root)
        let chapter = try workbook.chapter("1")
        let folder = workbook.exercisesFolder.appendingPathComponent(chapter.stem)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for exercise in chapter.exercises {
            try FileManager.default.copyItem(at: workbook.url(exercise.referenceFile!), to: folder.appendingPathComponent(exercise.fileName!))
        }
        try "public func applyTwice(_ transform: (Int) -> Int, to value: Int) -> Int { transform(value }\n"
            .write(to: folder.appendingPathComponent("Ex2_Apply.swift"), atomically: true, encoding: .utf8)
        let grader = Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() })
        func built(_ product: CacheFolder) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: product.url(in: workbook.cacheFolder).path)) ?? [])
                .filter { !$0.hasPrefix(".") }
        }

        let alone = try await onOwnThread { try grader.grade(chapter, only: ExerciseID("1.2")!) }
        let broken = try #require(alone.exercises.first)
        #expect(alone.exercises.map(\.id) == [ExerciseID("1.2")!])
        #expect(broken.status == .doesNotCompile)
        #expect(broken.message.hasPrefix("exercises/01-basics/Ex2_Apply.swift:1:"), "\(broken.message)")
        #expect(built(.testObjects).isEmpty, "tests' objects were compiled for the stand-in: \(built(.testObjects))")
        #expect(built(.runners).isEmpty, "a runner was linked for the stand-in: \(built(.runners))")

        // The whole chapter builds the stand-in mix (the others are graded with it), and
        // says the same of 1.2.
        let full = try await onOwnThread { try grader.grade(chapter) }
        #expect(full.exercises.map(\.status) == [.passed, .doesNotCompile, .passed])
        #expect(full.exercises[1].message == broken.message)
        #expect(!built(.testObjects).isEmpty)
    }
}
