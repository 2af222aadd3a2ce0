import Foundation
import Testing
@testable import WorkbookMutation
@testable import WorkbookLocate
@testable import WorkbookGrading

/// The repair probe's schema, read as text: where each mutant's switch goes, and which
/// mutants a compiler error drops (docs/localization.md).
@Suite("A mutant schema switches each mutant in at its own place")
struct MutantSchemaTests {
    static let source = """
    public func cheaper(_ a: Int, _ b: Int) -> Bool {
        if a != b {
            return a < b
        }
        let fallback = a + 1
        return fallback > 0
    }
    """

    static func mutant(_ line: Int, _ original: String, _ replacement: [String], _ name: String = "test") -> Mutant {
        Mutant(exercise: "1.1", file: "Ex1.swift", line: line, operatorName: name, original: [original], replacement: replacement)
    }

    @Test("a statement becomes an if/else on the mutant's number, a condition and a value a ternary, and a deleted return is left out")
    func shapes() {
        let lines = Self.source.components(separatedBy: "\n")
        let mutants = [
            Self.mutant(3, lines[2], ["        return a <= b"]),
            Self.mutant(2, lines[1], ["    if a == b {"]),
            Self.mutant(5, lines[4], ["    let fallback = a - 1"]),
            Self.mutant(3, lines[2], []),
        ]
        let schema = MutantSchema.make(source: Self.source, mutants: mutants)
        // A deleted `return value` would not compile: left out.
        #expect(schema.mutants.keys.sorted() == [1, 2, 3])
        #expect(schema.text.contains("if __workbookMutant == 1 {\n        return a <= b\n        } else {\n        return a < b\n        }"))
        #expect(schema.text.contains("    if (__workbookIs(2) ? (a == b) : (a != b)) {"))
        #expect(schema.text.contains("    let fallback = (__workbookIs(3) ? (a - 1) : (a + 1))"))
        // The switch is declared in every chapter module (MutantSwitch), never in the schema:
        // the schema changes bodies only, so the module's interface stays the learner's.
        #expect(!schema.text.contains("let __workbookMutant") && !schema.text.contains("import"))
        #expect(MutantSwitch.source.contains("let __workbookMutant = Int(ProcessInfo.processInfo.environment[\"WORKBOOK_MUTANT\"]"))
        // Unswitched lines are the learner's, as written.
        #expect(schema.text.contains("    return fallback > 0\n"))
    }

    @Test("a mutant whose place fits no switch is left out, and a compiler error drops the switch on its line")
    func leftOutAndDropped() throws {
        let lines = Self.source.components(separatedBy: "\n")
        // The signature is not a statement, a condition or a value.
        let signature = Self.mutant(1, lines[0], ["public func cheaper(_ a: Int, _ b: Int) -> Int {"])
        let condition = Self.mutant(2, lines[1], ["    if a == b {"])
        let schema = MutantSchema.make(source: Self.source, mutants: [signature, condition])
        #expect(schema.mutants.keys.sorted() == [2])
        let line = try #require(schema.text.components(separatedBy: "\n").firstIndex { $0.contains("__workbookIs(2)") })
        #expect(schema.culprits(errorLines: [line + 1]) == [2])
        // An error on an unswitched line below blames the nearest switch above it.
        #expect(schema.culprits(errorLines: [line + 3]) == [2])
    }

    @Test("a compiler error inside one choice of a line's ternary drops that choice alone")
    func choiceColumns() throws {
        let source = "func f(_ xs: [Int]) -> Int? {\n    xs.first { $0 > 1 }\n}"
        let line = source.components(separatedBy: "\n")[1]
        let schema = MutantSchema.make(source: source, mutants: [
            Self.mutant(2, line, ["    xs.first { $0 >= 1 }"]), Self.mutant(2, line, ["    xs.last { $0 > 1 }"]),
        ])
        let text = try #require(schema.text.components(separatedBy: "\n").dropFirst().first)
        #expect(text == "    (__workbookIs(1) ? (xs.first { $0 >= 1 }) : __workbookIs(2) ? (xs.last { $0 > 1 }) : (xs.first { $0 > 1 }))")
        let column = try #require(text.range(of: "xs.last")).lowerBound.utf16Offset(in: text) + 1
        #expect(schema.culprits(errorLines: [2], columns: [column]) == [2])
        #expect(schema.culprits(errorLines: [2], columns: [nil]) == [1, 2])
    }

    @Test("a ternary over closures that hold statements takes one choice: with more, the compiler took 55 s to refuse one")
    func statementClosuresTakeOneChoice() throws {
        let source = "func f(_ state: Locked<State>) {\n    state.withLock { state in state.ended = true; return state.tracking }?.stop()\n}"
        let line = source.components(separatedBy: "\n")[1]
        let schema = MutantSchema.make(source: source, mutants: [
            Self.mutant(2, line, ["    state.withLock { state in state.ended = false; return state.tracking }?.stop()"]),
            Self.mutant(2, line, ["    state.withLock { state in state.tracking = true; return state.tracking }?.stop()"]),
            Self.mutant(2, line, ["    state.withLock { state in state.ended = true; return state.ended }?.stop()"]),
        ])
        #expect(schema.mutants.keys.sorted() == [1])
        let text = try #require(schema.text.components(separatedBy: "\n").dropFirst().first)
        #expect(text.components(separatedBy: "__workbookIs(").count - 1 == 1, "\(text)")
        // One-expression closures are cheaper to take in: a line of those keeps its choices.
        let plain = "    xs.first { $0 > 1 }"
        let choices = MutantSchema.make(source: "func g(_ xs: [Int]) -> Int? {\n\(plain)\n}", mutants: [
            Self.mutant(2, plain, ["    xs.first { $0 >= 1 }"]), Self.mutant(2, plain, ["    xs.last { $0 > 1 }"]),
            Self.mutant(2, plain, ["    xs.first { $0 < 1 }"]),
        ])
        #expect(choices.mutants.count == 3)
    }

    @Test("a choice's error drops it alone on a line inside a statement switch too")
    func choiceColumnsInsideStatements() throws {
        // 2.4: two checks swapped (a statement switch over both) and, inside its `else`,
        // the second check's condition with two choices: the boundary repair and a swap
        // to a name that does not compile.
        let source = "func f(_ price: Int, _ name: String) -> Int {\n    if name.isEmpty {\n        return 1\n    }\n"
            + "    if price <= 0 {\n        return 2\n    }\n    return 0\n}"
        let lines = source.components(separatedBy: "\n")
        let swap = Mutant(exercise: "1.1", file: "Ex1.swift", line: 2, operatorName: "statements-swapped",
                          original: Array(lines[1...6]), replacement: Array(lines[4...6] + lines[1...3]))
        let schema = MutantSchema.make(source: source, mutants: [
            swap, Self.mutant(5, lines[4], ["    if price < 0 {"]), Self.mutant(5, lines[4], ["    if name <= 0 {"]),
        ])
        let text = schema.text.components(separatedBy: "\n")
        let switched = try #require(text.firstIndex { $0.contains("__workbookIs(2)") && $0.contains("__workbookIs(3)") }, "\(schema.text)")
        #expect(text[..<switched].contains { $0.contains("if __workbookMutant == 1 {") }, "\(schema.text)")
        let column = try #require(text[switched].range(of: "name <= 0")).lowerBound.utf16Offset(in: text[switched]) + 1
        #expect(schema.culprits(errorLines: [switched + 1], columns: [column]) == [3])
        // Where each change itself is: an expression choice's line, a statement choice's first line.
        #expect(schema.changedLine(of: 3) == switched)
        let swapped = try #require(schema.changedLine(of: 1))
        #expect(text[swapped - 1].contains("if __workbookMutant == 1 {") && text[swapped] == lines[4], "\(schema.text)")
    }

    @Test("the statement after a case label is switched on its own line")
    func labelled() {
        let source = "func f(_ up: Bool) -> Int {\n    var y = 0\n    switch up {\n    case true: y = 1 + 2\n    case false: y = 3\n    }\n    return y\n}"
        let line = source.components(separatedBy: "\n")[3]
        let schema = MutantSchema.make(source: source, mutants: [Self.mutant(4, line, ["    case true: y = 1 - 2"])])
        #expect(schema.mutants.keys.sorted() == [1])
        #expect(schema.text.contains("    case true: if __workbookMutant == 1 { y = 1 - 2 } else { y = 1 + 2 }\n"))
    }

    @Test("the learner's lines are those not the starter's")
    func learnerLines() {
        let starter = ["func f() -> Int {", "    0  // replace", "}"]
        let mine = ["func f() -> Int {", "    let x = 2", "    return x", "}"]
        #expect(LearnerMutants.learnerLines(mine, starter: starter) == [2, 3])
    }
}
