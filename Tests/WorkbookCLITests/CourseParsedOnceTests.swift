import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI
@testable import WorkbookModel

/// Issue 57: a command parses the course once, and every workspace it grades (a class's
/// students, their variants, the repair probe's bench) shares that parse.
@Suite("A command parses each chapter once", .serialized, .tags(.compiles))
struct CourseParsedOnceTests {
    /// Every chapter of the fixture, each parsed `times` times since `before`.
    static func expectParsed(_ times: Int, since before: [String: Int], below root: URL, _ comment: Comment,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let chapters = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("chapters").path)
            .filter { $0.hasSuffix(".md") }.map { "chapters/" + $0 }
        #expect(chapters.count == 3, "the grading fixture's three chapters", sourceLocation: sourceLocation)
        let after = Course.parses.below(root)
        let counted = Dictionary(uniqueKeysWithValues: chapters.map { ($0, after[$0, default: 0] - before[$0, default: 0]) })
        #expect(counted == Dictionary(uniqueKeysWithValues: chapters.map { ($0, times) }), comment, sourceLocation: sourceLocation)
    }

    @Test("check of a chapter with a failing exercise parses each chapter once, its repair probe included")
    func check() async throws {
        let session = try FixtureSession()
        #expect(await session.run("start", "1").code == 0)
        try session.write("public func add(_ a: Int, _ b: Int) -> Int { a - b }\n", to: "exercises/01-basics/Ex1_Add.swift")
        let before = Course.parses.below(session.root)
        let checked = await session.run("check", "1")
        #expect(checked.code == 1, "\(checked.out) \(checked.err)")
        #expect(checked.out.contains("1.1"), "\(checked.out)")
        try Self.expectParsed(1, since: before, below: session.root, "check 1: \(checked.out)")
    }
}
