import Foundation
import Synchronization
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookToolchain
import WorkbookSystem

@Suite("Grading a chapter", .serialized, .tags(.compiles, .backend))
struct GradingTests {
    // The time limit guards against a 3 s limit that does not stop the endless loop: then
    // the grading would never end.
    @Test("gives each fault its own status and leaves the other exercises, the files and the processes right",
          .timeLimit(.minutes(5)))
    func faults() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        try GradingFixture.installFaults(in: root)
        let workspace = root.appendingPathComponent("exercises")
        let before = GradingFixture.snapshot(workspace)
        let workbook = try Workbook(root: root)
        var options = Grader.Options()
        options.timeout = 3
        let grader = Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() }, options: options)
        let faultsChapter = try workbook.chapter("2")
        let grade = try await onOwnThread { try grader.grade(faultsChapter) }

        let statuses = Dictionary(uniqueKeysWithValues: grade.exercises.map { ($0.id.number, $0) })
        let expected: [Int: GradeStatus] = [
            1: .timedOut, 3: .crashed, 4: .crashed, 5: .crashed, 6: .doesNotCompile, 7: .passed,
            8: .crashed, 9: .failed, 10: .passed, 11: .passed, 12: .failed, 13: .doesNotCompile,
        ]
        for (number, status) in expected {
            #expect(statuses[number]?.status == status, "exercise 2.\(number): \(statuses[number]?.message ?? "missing")")
        }
        // A `sync` onto the serial queue it runs on: libdispatch sees that the queue is owned
        // by the calling thread and traps ("dispatch_sync called on queue already owned by
        // current thread"), and its frames say so.
        let deadlock = try #require(statuses[2])
        #expect(deadlock.status == .crashed, "\(deadlock.message)")
        #expect(deadlock.message.contains("libdispatch stopped it inside `sync`"), "\(deadlock.message)")

        // The limit stopped the loop, and the report says so. What it says of the cause is
        // what the CPU it measured shows (a loop on a machine too busy to give it much of a
        // core gets only the numbers), and a loop is never said to be waiting.
        let loop = statuses[1]?.message ?? ""
        #expect(loop.hasPrefix("the tests ran past the 3 s limit and were stopped"), "\(loop)")
        let measured = try #require(loop.firstMatch(of: /It used (\d+\.\d) s of CPU in (\d+\.\d) s( \(and (\d+\.\d) s waiting for a processor)?/), "\(loop)")
        let waited = measured.4.map { Double($0)! } ?? 0
        let cause = Interpretation.likelyCause(cpuSeconds: Double(measured.1)!, wallSeconds: Double(measured.2)! + waited, processorWaitSeconds: waited)
        #expect(loop.hasSuffix(cause), "\(loop)")
        #expect(!loop.contains("idle"), "\(loop)")
        // No cause is named that the output did not show: no libdispatch note on other crashes.
        for number in [3, 4, 5, 8] {
            #expect(statuses[number]?.message.contains("libdispatch") == false, "2.\(number): \(statuses[number]?.message ?? "")")
        }
        // A crash shows the learner's frames with their file and line.
        #expect(statuses[4]?.message.contains("exercises/02-faults/Ex4_IndexOutOfRange.swift:6: in answer4") == true,
                "\(statuses[4]?.message ?? "")")
        #expect(statuses[8]?.message.contains("exited early (exit status 0) before the end of the run reached the grader") == true, "\(statuses[8]?.message ?? "")")
        #expect(statuses[3]?.message.contains("exercises/02-faults/Ex3_FatalError.swift:5: Fatal error: the learner gave up") == true)
        #expect(statuses[4]?.message.contains("Index out of range") == true)
        #expect(statuses[5]?.message.contains("exercises/02-faults/Ex5_NilUnwrap.swift:6: Fatal error: Unexpectedly found nil") == true)
        #expect(statuses[6]?.message.contains("exercises/02-faults/Ex6_CompileError.swift:5:12: error: cannot convert return expression of type 'String' to return type 'Int'") == true)
        // It compiles, but the tests no longer find the function they call.
        #expect(statuses[13]?.message.contains("the tests do not compile against it") == true)
        #expect(statuses[13]?.message.contains("Tests/Chapter02FaultsTests/Ex13_RenamedAPITests.swift:8:") == true)
        #expect(statuses[7]?.outputTruncated == true)
        #expect((statuses[7]?.output.utf8.count ?? 0) <= options.outputLimit)
        #expect(statuses[9]?.tests.first?.message?.contains("(answer9() → 0) == 9") == true)
        #expect(statuses[12]?.tests.first?.location == SourceLocation(path: "Tests/Chapter02FaultsTests/Ex12_WrongAnswerTests.swift", line: 8, column: 9))
        // The failure names the learner's function in the learner's file, and the test's failing line.
        let pointers = statuses[12]?.tests.first?.yourCode ?? []
        #expect(pointers.map { "\($0.name) \($0.path):\($0.line)" } == ["answer12 exercises/02-faults/Ex12_WrongAnswer.swift:4"], "\(pointers)")
        // Its lines as written, numbered from the declaration's line.
        #expect(pointers.first?.excerpt?.hasPrefix("4 |") == true, "\(pointers.first?.excerpt ?? "no excerpt")")
        #expect(statuses[12]?.tests.first?.failedCode == "8 |         #expect(answer12() == 12)")

        #expect(GradingFixture.processes(matching: "97.531").isEmpty, "the sleep started by exercise 2.10 is still running")
        #expect(GradingFixture.snapshot(workspace) == before, "grading changed the learner's files")
    }

    @Test("proves every starter fails and every reference passes, then reuses the compiled tests for the learner")
    func verifyAndCache() async throws {
        let root = try GradingFixture.copy(sharingTestObjects: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let workbook = try Workbook(root: root)
        let chapter = try workbook.chapter("1")
        let grader = Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() })
        let findings = try await onOwnThread { try Verifier(workbook: workbook, toolchain: grader.toolchain, options: grader.options).verify(chapter) }
        #expect(findings.isEmpty, "\(findings)")

        // The learner copies the references in: the same interface, so the tests' objects
        // verify compiled are reused; only the module (whose objects name the learner's
        // paths) and the link are new.
        let testObjects = CacheFolder.testObjects.url(in: workbook.cacheFolder)
        let builtTestObjects = try FileManager.default.contentsOfDirectory(atPath: testObjects.path).sorted()
        let folder = try GradingFixture.solve(chapter, in: workbook)
        let grade = try await onOwnThread { try grader.grade(chapter) }
        #expect(grade.allPassed)
        #expect(grade.exercises.map(\.tests.count) == [2, 1, 2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: testObjects.path).sorted() == builtTestObjects)
        // Linking leaves the cached objects as they were: the driver writes its list of
        // libraries beside the first object it is handed, and two links from one entry
        // side by side overwrote each other's (TestRunnerLinker.linkStatic).
        for entry in builtTestObjects where !entry.hasPrefix(".") && !entry.hasSuffix(".txt") {
            let files = try FileManager.default.contentsOfDirectory(atPath: testObjects.appendingPathComponent(entry).path)
            #expect(files.allSatisfy { $0.hasSuffix(".o") }, "a link wrote into the tests' objects: \(entry): \(files.sorted())")
        }

        // Unchanged: the cached result comes back as it was.
        #expect(try await onOwnThread { try grader.grade(chapter) } == grade)

        // One exercise broken: it does not compile, the others still pass.
        let broken = folder.appendingPathComponent("Ex2_Apply.swift")
        try "public func applyTwice(_ transform: (Int) -> Int, to value: Int) -> Int { transform(value }\n"
            .write(to: broken, atomically: true, encoding: .utf8)
        let again = try await onOwnThread { try grader.grade(chapter) }
        #expect(again.exercises.map(\.status) == [.passed, .doesNotCompile, .passed])
        #expect(again.exercises[1].message.hasPrefix("exercises/01-basics/Ex2_Apply.swift:1:"))

        // Every folder that verifying, grading and a failed build left in the cache is one
        // `CacheFolder` names, so the pruner's rules reach it.
        let left = try FileManager.default.contentsOfDirectory(at: workbook.cacheFolder, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true && !$0.lastPathComponent.hasPrefix(".") }
            .map(\.lastPathComponent)
        #expect(left.count >= 5, "\(left)")
        #expect(left.filter { CacheFolder(rawValue: $0) == nil }.isEmpty, "folders no CacheFolder names: \(left.sorted())")
    }

    @Test("after an edit inside one function, runs only the exercises whose tests reach that file")
    func rerunsWhatTheEditReaches() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let workbook = try Workbook(root: root)
        let chapter = try workbook.chapter("1")
        let folder = try GradingFixture.solve(chapter, in: workbook)
        let said = Mutex<[GradingEvent]>([])
        var grader = Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() })
        grader.events = { event in said.withLock { $0.append(event) } }
        let first = try await onOwnThread { [grader] in try grader.grade(chapter) }
        #expect(first.allPassed)
        #expect(said.withLock { $0 }.contains(.running(exercises: 3)))

        // A wrong body in exercise 1.3: its tests run again and fail; 1.1 and 1.2 keep their results.
        // (Not the starter's own body: that file would be the starter, "not started".)
        said.withLock { $0 = [] }
        try "public func total(_ prices: [Int]) -> Int {\n    prices.dropFirst().reduce(0, +)\n}\n"
            .write(to: folder.appendingPathComponent("Ex3_Total.swift"), atomically: true, encoding: .utf8)
        let edited = try await onOwnThread { [grader] in try grader.grade(chapter) }
        #expect(edited.exercises.map(\.status) == [.passed, .passed, .failed])
        #expect(said.withLock { $0 }.contains(.running(exercises: 1)), "\(said.withLock { $0 })")

        // Without the cache, every exercise runs, with the same outcome.
        said.withLock { $0 = [] }
        grader.options.useCache = false
        let fresh = try await onOwnThread { [grader] in try grader.grade(chapter) }
        #expect(fresh.exercises.map(\.status) == edited.exercises.map(\.status))
        #expect(said.withLock { $0 }.contains(.running(exercises: 3)))
    }
}
