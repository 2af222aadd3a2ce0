import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookModel

/// The authors' lint for an exercise whose reference solution is a near-copy of one of
/// its chapter's snippets, measured as `grade` measures two students' code.
@Suite("The near-copy lint")
struct NearCopyLintTests {
    /// A snippet that sums doubled prices with a loop.
    static let snippet = """
        let prices = [3, 4, 5]
        var total = 0
        for price in prices where price > 0 {
            total += price * 2
        }
        print(total)
        """

    /// The sample workbook with `snippet` in its chapter and `solution` as the answer of 1.1.
    func lint(solution: String) throws -> [String] {
        let chapter = SampleExercise.chapter.replacingOccurrences(
            of: "```swift run\nprint(2 + 2)\n```\n\n```output\n4\n```",
            with: "```swift run\n\(Self.snippet)\n```\n\n```output\n24\n```")
        let reference = """
            /// Adds two numbers.
            public func add(_ a: Int, _ b: Int) -> Int {
                // BEGIN SOLUTION
            \(solution)
                // STARTER:
                // 0
                // END SOLUTION
            }

            """
        var files = SampleExercise.files
        files["chapters/01-blocks.md"] = chapter
        files["Sources/Chapter01Blocks/Ex1_Add.swift"] = reference
        let workbook = try TemporaryWorkbook(files)
        defer { workbook.remove() }
        return Linter(workbook: try workbook.load()).run().map(\.description).filter { $0.contains("near-copy") }
    }

    @Test("reports a solution that is the snippet with its names changed, at the snippet's line with the reference's")
    func renamedCopy() throws {
        let findings = try lint(solution: """
                let numbers = [a, b]
                var sum = 0
                for number in numbers where number > 0 {
                    sum += number * 2
                }
                return sum
            """)
        // The snippet's first code line is the chapter's line 4 (after the title, a blank
        // line and the fence); the solution's first line is the reference's line 4.
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.hasPrefix(
            "chapters/01-blocks.md:4:1: warning: exercise 1.1's reference solution (Sources/Chapter01Blocks/Ex1_Add.swift:4) is a near-copy of this snippet: ") == true,
            "\(findings)")
        #expect(findings.first?.contains("(15 of 24 shingles, names aside)") == true, "\(findings)")
    }

    @Test("is silent for a solution that only shares a line or two with the snippet")
    func differentSolution() throws {
        let findings = try lint(solution: """
                var sum = 0
                for number in [a, b] { sum += number }
                guard sum >= 0 else { return -sum }
                return [sum, a, b].max() ?? sum
            """)
        #expect(findings.isEmpty, "\(findings)")
    }
}
