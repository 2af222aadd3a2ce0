import Foundation
import WorkbookModel

/// Makes the mutants of one reference file: every operator of `MutationOperator.all`,
/// one place at a time, inside the solution regions only — never on a marker line, a
/// `// STARTER:` part, a comment or a string literal. Same file, same mutants, same order.
package struct MutantGenerator: Sendable {
    public var operators: [MutationOperator]

    public init(operators: [MutationOperator] = MutationOperator.all) {
        self.operators = operators
    }

    /// The mutants of `source`, the reference file `path` (root-relative) of `exercise`.
    public func mutants(of source: String, path: String, exercise: String) throws(WorkbookError) -> [Mutant] {
        let regions = try SolutionMarkers.regions(in: source, path: path)
        let lines = source.components(separatedBy: "\n")
        let mask = CodeMask(lines)
        // The learner's lines: after `BEGIN`, before `STARTER:` (or `END`).
        var solution = Set<Int>()
        for region in regions {
            let end = region.starterLine ?? region.endLine
            if region.beginLine + 1 <= end - 1 { solution.formUnion(region.beginLine...(end - 1)) }
        }
        var mutants: [Mutant] = []
        var seen = Set<[String]>()
        let statements = Statements(lines: lines, mask: mask, solution: solution)
        for number in solution.sorted() {
            let index = number - 1
            guard index < lines.count, !mask.code(line: index).isEmpty else { continue }
            for mutationOperator in operators {
                // The first line changed (an index), the lines it replaces, what takes their place.
                var made: [(start: Int, original: [String], replacement: [String])] = []
                switch mutationOperator.rewrite {
                case .lineDeleted:
                    if statements.isStatement(index), !statements.isDeclaration(index) { made.append((index, [lines[index]], [])) }
                case .callDoubled:
                    if statements.isStatement(index), statements.isPlainCall(index) { made.append((index, [lines[index]], [lines[index], lines[index]])) }
                case .statementsSwapped:
                    if let swap = statements.swapped(at: index) { made.append((index, swap.original, swap.replacement)) }
                case .stepDoubled:
                    if let doubled = statements.stepDoubled(index) { made.append((index, [lines[index]], doubled)) }
                case .blockDeleted:
                    if let deleted = statements.blockDeleted(index) { made.append((index, deleted.original, deleted.replacement)) }
                case .completionFirst:
                    if let moved = statements.completionMovedUp(index) { made.append(moved) }
                case .completionDoubled:
                    if let doubled = statements.completionDoubled(index) { made.append((index, [lines[index]], doubled)) }
                case .checkThenActSplit:
                    if let split = statements.checkThenActSplit(index) { made.append((index, split.original, split.replacement)) }
                case .stateUpdateDeleted:
                    made += statements.stateUpdatesDeleted(index).map { (index, $0.original, $0.replacement) }
                default:
                    for rewrite in mutationOperator.rewrites(of: mask.characters[index], isCode: mask.lines[index]) {
                        made.append((index, [lines[index]], [rewrite]))
                    }
                }
                for (start, original, replacement) in made {
                    let number = start + 1
                    // Two operators that make the same text make one mutant.
                    guard seen.insert(["\(number)"] + replacement + ["\(original.count)"]).inserted else { continue }
                    var name = mutationOperator.name
                    if case .statementsSwapped = mutationOperator.rewrite,
                       replacement.first?.trimmingCharacters(in: .whitespaces).hasPrefix("return") == true {
                        name = "return-moved-up"
                    }
                    mutants.append(Mutant(exercise: exercise, file: path, line: number, operatorName: name,
                                          original: original, replacement: replacement))
                }
            }
        }
        return mutants
    }
}

/// What a line is, for the statement-level operators: a statement of its own (which
/// can be deleted or moved), a declaration, a plain call.
struct Statements {
    let lines: [String]
    let mask: CodeMask
    let solution: Set<Int>
    /// The file's closures a function was handed or holds (see `QueueMutations.swift`).
    let completions: Set<String>

    init(lines: [String], mask: CodeMask, solution: Set<Int>) {
        self.lines = lines
        self.mask = mask
        self.solution = solution
        completions = Self.completionNames(lines: lines, mask: mask)
    }

    static let continuedBy = ["(", "[", ",", "=", "&&", "||", "+", "-", "*", "/", "->", ":", "?", ".", "{", " in"]
    private static let continuing = ["}", ")", "]", ".", "&&", "||", "+ ", "- ", "* ", "?", ":", "case ", "default", "else", "@", "#"]
    private static let declarations = ["let ", "var ", "func ", "struct ", "class ", "enum ", "actor ", "typealias ", "private ",
                                       "fileprivate ", "public ", "static ", "lazy ", "import ", "extension ", "protocol ", "init"]

    /// The code of the nearest line before `index` that has any, or nil.
    func previousCode(_ index: Int) -> String? {
        var line = index - 1
        while line >= 0 {
            let code = mask.code(line: line)
            if !code.isEmpty { return code }
            line -= 1
        }
        return nil
    }

    func nextCodeLine(_ index: Int) -> Int? {
        var line = index + 1
        while line < lines.count {
            if !mask.code(line: line).isEmpty { return line }
            line += 1
        }
        return nil
    }

    /// A whole statement on one line, neither continuing the line before nor continued
    /// by the line after.
    func isStatement(_ index: Int) -> Bool {
        let code = mask.code(line: index)
        guard !code.isEmpty, code != "in", !Self.continuing.contains(where: code.hasPrefix) else { return false }
        if code.hasSuffix("{") || Self.continuedBy.contains(where: { code.hasSuffix($0) && !code.hasSuffix("}") }) { return false }
        if let previous = previousCode(index), !(previous.hasSuffix("{") || previous.hasSuffix("}")),
           !Self.isLabel(previous), Self.continuedBy.contains(where: previous.hasSuffix) { return false }
        if let next = nextCodeLine(index) {
            let code = mask.code(line: next)
            if [".", "&&", "||", "?", ":", "+ ", "- ", "* ", "/ "].contains(where: code.hasPrefix) { return false }
        }
        return true
    }

    /// `case .success(let items):`, `default:`: a statement may follow.
    static func isLabel(_ code: String) -> Bool {
        code.hasSuffix(":") && (code.hasPrefix("case ") || code.hasPrefix("default"))
    }

    func isDeclaration(_ index: Int) -> Bool {
        let code = mask.code(line: index)
        return Self.declarations.contains(where: code.hasPrefix)
    }

    /// `done()`, `completion(.success(items))`, `try body(x)`, `continuation.resume(…)`:
    /// a call of a closure the function was handed (or a continuation's resume).
    func isPlainCall(_ index: Int) -> Bool {
        var code = Substring(mask.code(line: index))
        for prefix in ["try ", "await "] where code.hasPrefix(prefix) { code = code.dropFirst(prefix.count) }
        guard let open = code.firstIndex(of: "("), code.hasSuffix(")") else { return false }
        let callee = code[..<open]
        let plain = !callee.isEmpty && callee.allSatisfy { MutationOperator.isIdentifierCharacter($0) }
            && !(callee.first?.isUppercase ?? true) && callee != "print"
        return plain || callee.hasSuffix(".resume")
    }
}
