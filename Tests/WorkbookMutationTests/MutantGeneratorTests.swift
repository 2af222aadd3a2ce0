import Foundation
import Testing
@testable import WorkbookMutation
@testable import WorkbookModel

@Suite("Mutant generator")
struct MutantGeneratorTests {
    static let source = """
        /// A comment with a < b and true in it.
        public func run(_ items: [Int], done: @escaping () -> Void) -> Int {
            let outside = 1 < 2  // outside the region: never mutated
            // BEGIN SOLUTION
            // inside, but a comment: a < b
            var total = 0
            for item in items where item > 0 {
                total += item
            }
            queue.async {
                done()
            }
            print("a < b")
            stop.pointee = true
            return total
            // STARTER:
            // return items.count < 0 ? 1 : 0
            // END SOLUTION
        }
        """

    func mutants() throws -> [Mutant] {
        try MutantGenerator().mutants(of: Self.source, path: "Sources/ChapterX/Ex1_Run.swift", exercise: "9.1")
    }

    @Test("mutates only the solution lines: never markers, starter lines, comments or strings")
    func onlySolutionCode() throws {
        let lines = Self.source.components(separatedBy: "\n")
        let touched = Set(try mutants().map(\.line))
        let solution = Set(5...15)
        #expect(touched.isSubset(of: solution), "mutated lines outside the solution: \(touched.subtracting(solution).sorted())")
        // Line 5 is a comment, 13 prints a string literal: only its deletion may touch it.
        #expect(!touched.contains(5))
        let onPrint = try mutants().filter { $0.line == 13 }
        #expect(onPrint.map(\.operatorName) == ["line-deleted", "statements-swapped"], "\(onPrint)")
        #expect(lines[12].contains("print"))
    }

    @Test("makes the statement-level mistakes: a call doubled, a line deleted, a return moved up")
    func statementOperators() throws {
        let mutants = try mutants()
        #expect(mutants.contains { $0.operatorName == "call-doubled" && $0.line == 11 && $0.replacement.count == 2 })
        #expect(mutants.contains { $0.operatorName == "line-deleted" && $0.line == 11 && $0.replacement.isEmpty })
        #expect(mutants.contains { $0.operatorName == "line-deleted" && $0.line == 14 }, "stop.pointee = true deleted")
        #expect(mutants.contains { $0.operatorName == "return-moved-up" && $0.line == 14 })
        #expect(mutants.contains { $0.operatorName == "async-sync" && $0.line == 10 })
        #expect(mutants.contains { $0.operatorName == "reversed" && $0.line == 7 })
        // A declaration is not deleted (that only makes a program that does not compile).
        #expect(!mutants.contains { $0.operatorName == "line-deleted" && $0.line == 6 })
    }

    @Test("applies a mutant to exactly its lines, and names it FILE:LINE:OPERATOR")
    func apply() throws {
        let mutant = try #require(try mutants().first { $0.operatorName == "comparison-boundary" })
        let mutated = mutant.apply(to: Self.source)
        #expect(mutated.components(separatedBy: "\n")[6].contains("item >= 0"))
        #expect(mutated.components(separatedBy: "\n").count == Self.source.components(separatedBy: "\n").count)
        #expect(mutant.key == "Ex1_Run.swift:7:comparison-boundary")
        #expect(mutant.diff == "for item in items where item > 0 {  →  for item in items where item >= 0 {")
    }

    @Test("is deterministic, and a sample is fixed by its seed")
    func deterministic() throws {
        #expect(try mutants() == (try mutants()))
        let items = Array(0..<100)
        let sample = MutationRunner.sample(items, size: 10, seed: 17)
        #expect(sample == MutationRunner.sample(items, size: 10, seed: 17))
        #expect(sample.count == 10 && sample == sample.sorted())
        #expect(sample != MutationRunner.sample(items, size: 10, seed: 18))
        #expect(MutationRunner.sample(items, size: nil, seed: 17) == items)
    }
}

@Suite("Accepted mutants")
struct AcceptedMutantsTests {
    @Test("reads FILE:LINE:OPERATOR and a reason, skipping comments")
    func parse() throws {
        let list = try AcceptedMutants.parse("""
            # why each is fine
            Ex1_Run.swift:7:comparison-boundary  items are never 0 here

            Ex2_X.swift:3:statements-swapped   two independent assignments
            """, path: "Tests/Mutants/09-x.txt")
        #expect(list.entries.map(\.key) == ["Ex1_Run.swift:7:comparison-boundary", "Ex2_X.swift:3:statements-swapped"])
        #expect(list.entries.map(\.reason) == ["items are never 0 here", "two independent assignments"])
        #expect(list.entries.map(\.line) == [2, 4])
    }

    @Test("refuses an entry without a reason, at its line", arguments: ["Ex1_Run.swift:7:comparison-boundary", "Ex1_Run.swift:seven:x why"])
    func refuses(line: String) {
        #expect(throws: WorkbookError.self) { try AcceptedMutants.parse("# list\n" + line, path: "Tests/Mutants/09-x.txt") }
        do {
            _ = try AcceptedMutants.parse("# list\n" + line, path: "Tests/Mutants/09-x.txt")
        } catch {
            #expect("\(error)".contains("Tests/Mutants/09-x.txt:2"), "\(error)")
        }
    }
}
