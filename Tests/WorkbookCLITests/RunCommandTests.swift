import Foundation
import Testing
import WorkbookTestSupport

/// `workbook run` through `WorkbookCLI.run`. These tests compile Swift: they share one
/// fixture (and its cache) and run one at a time.
@Suite("workbook run", .serialized, .tags(.compiles, .backend))
struct RunCommandTests {
    @Test("reports each snippet of a passing chapter by its chapter line and exits 0")
    func passingChapter() async throws {
        let outcome = try await RunFixture.run(["run", "1"])
        #expect(outcome.status == 0, "\(outcome.out)\(outcome.err)")
        #expect(outcome.out.contains("chapters/01-demo.md:3: ok\n"))
        #expect(outcome.out.contains("chapters/01-demo.md:11: ok\n"))
        #expect(outcome.out.contains("chapter 1: all 2 passed"))
    }

    @Test("shows a changed output as a diff and a compile error at its chapter line, and exits 1")
    func failingChapter() async throws {
        let outcome = try await RunFixture.run(["run", "2"])
        #expect(outcome.status == 1)
        #expect(outcome.out.contains("chapters/02-changed.md:3: output differs"))
        #expect(outcome.out.contains("    -Burger x3\n    +Burger x2\n"))
        #expect(outcome.out.contains("chapters/02-changed.md:11: does not compile"))
        #expect(outcome.err.contains("chapters/02-changed.md:12:18: error: "), "\(outcome.err)")
        #expect(outcome.out.contains("chapter 2: 2 of 2 failed"))
    }

    @Test("runs every chapter with `all` and fails when one chapter fails")
    func all() async throws {
        let outcome = try await RunFixture.run(["run", "all"])
        #expect(outcome.status == 1)
        #expect(outcome.out.contains("chapter 1: all 2 passed"))
        #expect(outcome.out.contains("4 snippets in 2 chapters: 2 failed"))
    }

    @Test("lists each snippet's line, status, expected and actual output as JSON")
    func json() async throws {
        let outcome = try await RunFixture.run(["run", "2", "--format", "json"])
        #expect(outcome.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
        #expect(report["passed"] as? Int == 0 && report["failed"] as? Int == 2)
        let chapters = try #require(report["chapters"] as? [[String: Any]])
        let snippets = try #require(chapters.first?["snippets"] as? [[String: Any]])
        #expect(snippets.map { $0["line"] as? Int } == [3, 11])
        #expect(snippets.map { $0["status"] as? String } == ["mismatch", "compile-error"])
        #expect(snippets[0]["expected"] as? String == "Burger x3\n")
        #expect(snippets[0]["actual"] as? String == "Burger x2\n")
    }

    @Test("runs a learner's own file with the chapter modules and the stage importable")
    func script() async throws {
        let outcome = try await RunFixture.run(["run", "scratch.swift"], in: "play")
        #expect(outcome.status == 0, "\(outcome.err)")
        #expect(outcome.out == "42 Fries\n")
    }

    @Test("rejects what it cannot run with exit status 2", arguments: [
        (["run", "9"], "unknown chapter '9'; the chapters are 1, 2"),
        (["run", "missing.swift"], "missing.swift: error: no such file"),
        (["run", "1", "--timeout", "soon"], "'soon' is not a value of '--timeout'; use one of: a number of seconds from 0.1 to 3600"),
    ])
    func usage(arguments: [String], message: String) async throws {
        let outcome = try await RunFixture.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.err.contains(message), "\(outcome.err)")
    }
}
