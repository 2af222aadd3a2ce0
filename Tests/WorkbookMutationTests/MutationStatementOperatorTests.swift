import Testing
@testable import WorkbookMutation
@testable import WorkbookModel

/// The statement-level operators of issue 58 — steps swapped, doubled, a block left
/// out — each on a small solution: the mutants it makes, and where it must not apply.
@Suite("Mutation operators for steps: swapped, doubled, deleted")
struct MutationStatementOperatorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        /// Each mutant's solution lines, in order.
        var expected: [[String]]
        var testDescription: String { "\(name): \(body.split(separator: "\n").first ?? "")" }
    }

    static let cases: [Case] = [
        // Two one-line statements, as before.
        Case(name: "statements-swapped", body: "record()\nreport()", expected: [["report()", "record()"]]),
        // Past a comment, and a declaration with the assignment it must come before.
        Case(name: "statements-swapped", body: "let was = isEnabled\n// off while it runs\nisEnabled = false",
             expected: [["isEnabled = false", "// off while it runs", "let was = isEnabled"]]),
        // A loop spanning lines, with the call after it; the return is moved up too.
        Case(name: "statements-swapped", body: "for s in sections {\n    s.clear()\n}\ntable.deleteRows(at: rows)\nreturn rows",
             expected: [["table.deleteRows(at: rows)", "for s in sections {", "    s.clear()", "}", "return rows"],
                        ["for s in sections {", "    s.clear()", "}", "return rows", "table.deleteRows(at: rows)"]]),
        // Not when the second uses what the first declares, nor two declarations, nor after a return.
        Case(name: "statements-swapped", body: "let id = next()\nids.append(id)", expected: []),
        Case(name: "statements-swapped", body: "let a = Mutex(0)\nlet b = 8", expected: []),
        Case(name: "statements-swapped", body: "return\nrecord()", expected: []),
        // Nor two methods of a type: their order means nothing (4.9's state's methods).
        Case(name: "statements-swapped", body: "mutating func start() {\n    count += 1\n}\nmutating func end() {\n    count -= 1\n}",
             expected: []),
        // Nor a statement with the block's closing brace, nor a line continued on the next.
        Case(name: "statements-swapped", body: "queue.async {\n    work()\n}", expected: []),
        Case(name: "statements-swapped", body: "total = items\n    .count\nreport()", expected: []),

        Case(name: "step-doubled", body: "count += 1\nreport()", expected: [["count += 1", "count += 1", "report()"]]),
        // A loop's only statement, and a `Void` function's, are steps too.
        Case(name: "step-doubled", body: "for row in rows {\n    deleted.append(row)\n}",
             expected: [["for row in rows {", "    deleted.append(row)", "    deleted.append(row)", "}"]]),
        Case(name: "step-doubled", body: "latest.withLock { $0 += 1 }", expected: [["latest.withLock { $0 += 1 }", "latest.withLock { $0 += 1 }"]]),
        Case(name: "step-doubled", body: "continuation.yield(update)\nreport()", expected: [["continuation.yield(update)", "continuation.yield(update)", "report()"]]),
        Case(name: "step-doubled", body: "try table.deleteRows(at: rows)\nreport()", expected: [["try table.deleteRows(at: rows)", "try table.deleteRows(at: rows)", "report()"]]),
        Case(name: "step-doubled", body: "queue.async { work() }\nreport()", expected: [["queue.async { work() }", "queue.async { work() }", "report()"]]),
        // A closure's only statement may be its value (`prices.reduce(0, +)`).
        Case(name: "step-doubled", body: "let totals = orders.map { order in\n    order.prices.reduce(0, +)\n}", expected: []),
        // Not a plain call (call-doubled's), a declaration, an assignment, a resume, a print.
        Case(name: "step-doubled", body: "done()\nlet x = a.b()\nstate = .idle\ncontinuation.resume()\nprint(x)", expected: []),

        Case(name: "block-deleted", body: "if cancelled {\n    stop()\n}\nreport()", expected: [["report()"]]),
        Case(name: "block-deleted", body: "queue.async { [self] in\n    work()\n}", expected: [[]]),
        // Not a guard, a declaration, a one-line block, a `switch`.
        Case(name: "block-deleted", body: "guard ok else {\n    return\n}\nlet x = xs.map {\n    $0\n}\nif a { b() }\nswitch x {\ndefault: break\n}",
             expected: []),
    ]

    @Test("makes the mutants it should, and only those", arguments: cases)
    func mutants(of example: Case) throws {
        let source = MutationQueueOperatorTests.source(example.body)
        #expect(try MutationQueueOperatorTests.mutated(example.name, source) == example.expected)
    }

    @Test("a swap across lines is one mutant, named by its first line, that applies back to the file")
    func swapKey() throws {
        let source = MutationQueueOperatorTests.source("for s in sections {\n    s.clear()\n}\n\ntable.deleteRows(at: rows)")
        let generator = MutantGenerator(operators: MutationOperator.all.filter { $0.name == "statements-swapped" })
        let mutant = try #require(try generator.mutants(of: source, path: "Sources/X/Ex1_Load.swift", exercise: "9.1").first)
        #expect(mutant.key == "Ex1_Load.swift:3:statements-swapped")
        #expect(mutant.original.count == 5 && mutant.replacement.count == 5)
        #expect(mutant.apply(to: source) != source)
        #expect(mutant.apply(to: source).components(separatedBy: "\n").count == source.components(separatedBy: "\n").count)
    }
}
