import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
import WorkbookModel
import WorkbookToolchain
import WorkbookSystem

@Suite("The tests' files are named relative to the root, so copies of a workbook share their objects")
struct TestSourcePathsTests {
    @Test("a file inside the root is named from it; one outside keeps its absolute path")
    func relativeNames() {
        let root = URL(fileURLWithPath: "/tmp/wb-a")
        #expect(TestSourcePaths.relative(URL(fileURLWithPath: "/tmp/wb-a/Tests/T/X.swift"), to: root) == "Tests/T/X.swift")
        #expect(TestSourcePaths.relative(URL(fileURLWithPath: "/tmp/wb-a/./Tests/../Tests/X.swift"), to: root) == "Tests/X.swift")
        #expect(TestSourcePaths.relative(URL(fileURLWithPath: "/tmp/wb-ab/Tests/X.swift"), to: root) == "/tmp/wb-ab/Tests/X.swift")
        #expect(TestSourcePaths.absolute("Tests/X.swift", root: root) == "/tmp/wb-a/Tests/X.swift")
        #expect(TestSourcePaths.absolute("/elsewhere/X.swift", root: root) == "/elsewhere/X.swift")
        #expect(TestSourcePaths.absolute("", root: root) == "")
    }

    @Test("the compiler's relative names become this workbook's paths where a path starts, not inside another")
    func compilerOutput() {
        let file = URL(fileURLWithPath: "/tmp/wb-b/Tests/T/X.swift")
        let text = """
        Tests/T/X.swift:3:5: error: cannot find 'add' in scope
        note: see Tests/T/X.swift:1
        /other/Tests/T/X.swift:2:1: note: elsewhere
        """
        #expect(TestSourcePaths.absolute(text, names: [("Tests/T/X.swift", file)]) == """
        /tmp/wb-b/Tests/T/X.swift:3:5: error: cannot find 'add' in scope
        note: see /tmp/wb-b/Tests/T/X.swift:1
        /other/Tests/T/X.swift:2:1: note: elsewhere
        """)
    }

    @Test("a second copy grades with the first copy's tests' objects and reports its own test files",
          .tags(.compiles), .timeLimit(.minutes(5)))
    func copiesShareObjects() async throws {
        let toolchain = try await onOwnThread { try SwiftToolchain.forTests() }
        let options = { var options = Grader.Options(); options.runStarters = true; return options }()
        let first = try GradingFixture.copy(sharingTestObjects: false)
        defer { try? FileManager.default.removeItem(at: first) }
        let firstBook = try Workbook(root: first)
        let firstGrade = try await onOwnThread {
            try Grader(workbook: firstBook, toolchain: toolchain, options: options).grade(try firstBook.chapter("1"))
        }
        let objects = CacheFolder.testObjects.url(in: firstBook.cacheFolder)
        let compiled = try FileManager.default.contentsOfDirectory(atPath: objects.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(compiled.count == 1)

        // The second copy gets the first one's objects; then the first is gone, so whatever
        // the report quotes from a test file can only come from the second copy's.
        let second = try GradingFixture.copy(sharingTestObjects: false)
        defer { try? FileManager.default.removeItem(at: second) }
        let secondBook = try Workbook(root: second)
        let secondObjects = CacheFolder.testObjects.url(in: secondBook.cacheFolder)
        try FileManager.default.createDirectory(at: secondObjects.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: objects, to: secondObjects)
        try FileManager.default.removeItem(at: first)
        let secondGrade = try await onOwnThread {
            try Grader(workbook: secondBook, toolchain: toolchain, options: options).grade(try secondBook.chapter("1"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: secondObjects.path).filter { !$0.hasPrefix(".") }.sorted() == compiled,
                "the second copy compiled its tests again")
        let failing = secondGrade.exercises.flatMap(\.tests).filter { $0.status == .fail }
        #expect(!failing.isEmpty, "the starters pass their tests")
        for test in failing {
            #expect(test.location?.path.hasPrefix("Tests/Chapter01BasicsTests/") == true, "\(test.name): \(String(describing: test.location))")
            #expect(!test.code.isEmpty, "\(test.name): no test code was read from the second copy's file")
        }
        #expect(secondGrade.exercises.map(\.status) == firstGrade.exercises.map(\.status))
    }
}
