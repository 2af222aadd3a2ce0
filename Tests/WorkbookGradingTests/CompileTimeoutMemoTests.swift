import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookToolchain

/// Issue 56: a type-checker bomb cost the compile limit on every check (333 s, then 390 s).
@Suite("A compile stopped at its limit is remembered for the same files", .tags(.compiles))
struct CompileTimeoutMemoTests {
    @Test("a type-checker bomb checked twice: stopped at the limit, then remembered and not compiled again")
    func bombTwice() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("exercises/01-basics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // swiftc gives up on this one after about 10 s of CPU (measured); the limit here is 3 s.
        try """
            let a = 1, b = 2.0
            let bomb = -(a + 1) * 2 + -(a - 1) * 3 - -(a + 2) / 4 + -(a * 5) - b * 2 + -(a + 1) * 2 + -(a - 1) * 3 - -(a + 2) / 4

            public func add(_ a: Int, _ b: Int) -> Int { a + b }

            """.write(to: folder.appendingPathComponent("Ex1_Add.swift"), atomically: true, encoding: .utf8)
        let workbook = try Workbook(root: root)
        var options = Grader.Options()
        options.compileTimeout = 3
        // Past the results' cache, which would answer the second check whole: the compile's own memo is what is tested.
        options.useCache = false
        let grader = Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() }, options: options)
        let first = try #require(try await onOwnThread { try grader.grade(try workbook.chapter("1")) }.exercises.first)
        #expect(first.status == .doesNotCompile)
        #expect(first.message.contains("compiling took longer than 3 s and was stopped"), "\(first.message)")
        #expect(!first.message.contains("remembered"), "\(first.message)")
        let second = try #require(try await onOwnThread { try grader.grade(try workbook.chapter("1")) }.exercises.first)
        #expect(second.status == .doesNotCompile)
        #expect(second.message.contains("compiling took longer than 3 s and was stopped"), "\(second.message)")
        #expect(second.message.contains("remembered: these same files were stopped at the limit before, so they were not compiled again"),
                "\(second.message)")
    }
}
