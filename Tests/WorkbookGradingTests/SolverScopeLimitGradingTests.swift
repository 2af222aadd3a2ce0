import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookToolchain

/// `Grader.Options.solverScopeLimit` reaches the chapter module's compile (the repair
/// probe's schemas), and a grade without it is neither held to it nor handed its failure.
@Suite("The type checker's limit, when grading asks for one", .tags(.compiles))
struct SolverScopeLimitGradingTests {
    @Test("at one scope a ternary is refused as too complex; the same files without a limit pass, not answered from that failure")
    func limitReachesTheCompile() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("exercises/01-basics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "public func add(_ a: Int, _ b: Int) -> Int { a > b ? a + b : b + a }\n"
            .write(to: folder.appendingPathComponent("Ex1_Add.swift"), atomically: true, encoding: .utf8)
        let workbook = try Workbook(root: root)
        let toolchain = try await onOwnThread { try SwiftToolchain.forTests() }
        try #require(toolchain.solverScopeFlags(1) != nil, "this toolchain (\(toolchain.version)) gets no limit")
        var options = Grader.Options()
        options.useCache = false
        options.solverScopeLimit = 1
        let limited = Grader(workbook: workbook, toolchain: toolchain, options: options)
        let starved = try #require(try await onOwnThread { try limited.grade(try workbook.chapter("1")) }.exercises.first)
        #expect(starved.status == .doesNotCompile)
        #expect(starved.message.contains("unable to type-check this expression in reasonable time"), "\(starved.message)")
        options.solverScopeLimit = nil
        let plain = Grader(workbook: workbook, toolchain: toolchain, options: options)
        let graded = try #require(try await onOwnThread { try plain.grade(try workbook.chapter("1")) }.exercises.first)
        #expect(graded.status == .passed, "\(graded.message)")
    }
}
