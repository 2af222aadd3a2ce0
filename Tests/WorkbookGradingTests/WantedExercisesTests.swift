import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
@testable import WorkbookModel
import WorkbookToolchain

/// An exercise checked alone (`check N.M`, a mutant): one that does not compile is
/// decided when its file is blamed, before the module is built again with its stand-in
/// and the tests' objects are compiled for that mix; graded by its own tests (`mutate`),
/// only its tests are compiled for an interface the chapter's tests were not compiled for.
@Suite("An exercise checked alone", .tags(.compiles))
struct WantedExercisesTests {
    @Test("that does not compile is decided at the failed compile: no tests' objects are built for its stand-in, and the verdict is the full check's")
    func stopsAtTheBrokenExercise() async throws {
        let root = try GradingFixture.copy(sharingTestObjects: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let workbook = try Workbook(root: root)
        let chapter = try workbook.chapter("1")
        let folder = try GradingFixture.solve(chapter, in: workbook)
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

        // The whole chapter builds the stand-in mix (the others are graded with it), and
        // says the same of 1.2.
        let full = try await onOwnThread { try grader.grade(chapter) }
        #expect(full.exercises.map(\.status) == [.passed, .doesNotCompile, .passed])
        #expect(full.exercises[1].message == broken.message)
        #expect(!built(.testObjects).isEmpty)
    }

    @Test("graded by its own tests (mutate): after its interface changed, only its tests are compiled, and a check compiles them all")
    func compilesOnlyItsOwnTests() async throws {
        let root = try GradingFixture.copy(sharingTestObjects: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let workbook = try Workbook(root: root)
        let chapter = try workbook.chapter("1")
        let folder = try GradingFixture.solve(chapter, in: workbook)
        // A declaration of its own: the module's interface is not the references' any more.
        let own = folder.appendingPathComponent("Ex1_Add.swift")
        try (String(contentsOf: own, encoding: .utf8) + "\npublic func addedByTheLearner() -> Int { 1 }\n").write(to: own, atomically: true, encoding: .utf8)
        let objects = CacheFolder.testObjects.url(in: workbook.cacheFolder)
        func compiled() -> Set<String> {
            let folders = ((try? FileManager.default.contentsOfDirectory(atPath: objects.path)) ?? []).filter { !$0.contains(".") }
            return Set(folders.flatMap { name in
                ((try? FileManager.default.contentsOfDirectory(atPath: objects.appendingPathComponent(name).path)) ?? []).filter { $0.hasSuffix("Tests.o") }
            })
        }
        var options = Grader.Options()
        options.wantedTestsOnly = true
        let toolchain = try await onOwnThread { try SwiftToolchain.forTests() }
        let byItsOwnTests = Grader(workbook: workbook, toolchain: toolchain, options: options)
        let alone = try await onOwnThread { try byItsOwnTests.grade(chapter, only: ExerciseID("1.1")!) }
        #expect(alone.exercises.map(\.status) == [.passed])
        #expect(alone.exercises.first?.tests.count == 2)
        #expect(compiled() == ["Ex1_AddTests.o"])

        let full = try await onOwnThread { try Grader(workbook: workbook, toolchain: toolchain).grade(chapter) }
        #expect(full.allPassed)
        #expect(compiled() == ["Ex1_AddTests.o", "Ex2_ApplyTests.o", "Ex3_TotalTests.o"])
    }
}
