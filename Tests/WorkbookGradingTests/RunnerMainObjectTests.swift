import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookGrading
import WorkbookModel
import WorkbookToolchain

/// The test runners' `main` is compiled once per toolchain and put into every set of
/// tests' objects (`RunnerMainObject`), instead of being compiled again with each set.
@Suite("The test runner's main, compiled once", .tags(.compiles))
struct RunnerMainObjectTests {
    @Test("two interfaces compile two sets of tests' objects, each holding the one compiled main, and both runners run")
    func oneMainForEveryInterface() async throws {
        let root = try GradingFixture.copy(sharingTestObjects: false)
        defer { try? FileManager.default.removeItem(at: root) }
        // A folder of this copy's own, not the test process's: what is compiled is counted.
        let runnerMain = CacheFolder.runnerMain.url(in: Workbook.cacheFolder(root: root))
        try FileManager.default.removeItem(at: runnerMain)
        let workbook = try Workbook(root: root)
        let chapter = try workbook.chapter("1")
        let folder = try GradingFixture.solve(chapter, in: workbook)
        let grader = Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() })
        let solved = try await onOwnThread { try grader.grade(chapter) }
        #expect(solved.allPassed, "\(solved.exercises.map(\.message))")

        // A declaration of the learner's own: another interface, so the tests are compiled again.
        let own = folder.appendingPathComponent("Ex1_Add.swift")
        try (String(contentsOf: own, encoding: .utf8) + "\npublic func addedByTheLearner() -> Int { 1 }\n").write(to: own, atomically: true, encoding: .utf8)
        let changed = try await onOwnThread { try grader.grade(chapter) }
        #expect(changed.allPassed, "\(changed.exercises.map(\.message))")

        func entries(_ folder: URL) -> [URL] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".txt") }
                .sorted().map { folder.appendingPathComponent($0) }
        }
        let mains = entries(runnerMain)
        #expect(mains.count == 1, "the main was compiled more than once: \(mains.map(\.lastPathComponent))")
        let main = try #require(mains.first).appendingPathComponent(RunnerMainObject.objectName)
        let testObjects = entries(CacheFolder.testObjects.url(in: workbook.cacheFolder))
        #expect(testObjects.count == 2, "\(testObjects.map(\.lastPathComponent))")
        func inode(_ file: URL) throws -> UInt64? {
            (try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? NSNumber)?.uint64Value
        }
        for entry in testObjects {
            let object = entry.appendingPathComponent(RunnerMainObject.objectName)
            #expect(try inode(object) == inode(main), "\(entry.lastPathComponent) holds a main of its own")
            let tests = try FileManager.default.contentsOfDirectory(atPath: entry.path).filter { $0.hasSuffix("Tests.o") }
            #expect(tests.sorted() == ["Ex1_AddTests.o", "Ex2_ApplyTests.o", "Ex3_TotalTests.o"], "\(tests)")
        }
    }
}
