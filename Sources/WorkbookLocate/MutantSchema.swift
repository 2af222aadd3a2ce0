import Foundation
import WorkbookGrading
import WorkbookMutation
import WorkbookModel

/// Every mutant of a learner's file in one source text (a *mutant schema*: Untch, Offutt
/// and Harrold, ISSTA 1993; the technique of Mull and Dextool), so the probe compiles once
/// and picks the mutant when the tests start: each mutated place becomes a run-time
/// switch on `__workbookMutant`, read from the tests' environment (0: none, the file as
/// the learner wrote it).
///
/// Two shapes of switch, chosen by the line, never by a parse:
/// * a statement, or a run of them, becomes `if __workbookMutant == 7 { mutated } else
///   { original }` (a one-token change, a deleted or doubled line, two lines swapped);
/// * the condition of an `if`/`guard`/`while` line, or the value of a `let`/`var`,
///   becomes `(__workbookIs(7) ? (mutated) : (original))`.
/// A mutant whose place fits neither is left out; one whose switch does not compile is
/// dropped by the probe (`dropping`), which compiles the rest again.
struct MutantSchema: Sendable {
    static let variable = MutantSwitch.variable
    static let environmentKey = MutantSwitch.environmentKey
    /// The function an expression switch asks (`__workbookIs(7) ? (mutated) : (original)`):
    /// a call has one meaning, where each `==` is one more overload for the type checker
    /// to weigh in an expression that holds every choice. Both are declared in every
    /// chapter module (`MutantSwitch`), not here: the schema changes bodies only.
    static let chosen = MutantSwitch.chosen
    /// Choices of one expression switch at most, the first mutants of the line (the
    /// operators' before the name swaps): all of a line's choices are one expression, and
    /// with 8 (2.5's `first { … }`) or 10 (5.7's swaps) the type checker gave up ("unable to
    /// type-check this expression in reasonable time"), every choice dropped with the
    /// time spent, measured.
    static let choicesPerLine = 4

    /// The schema's text: the learner's file with every switch in it.
    let text: String
    /// The mutants switched in, by their number (from 1). Lines are the learner's.
    let mutants: [Int: Mutant]
    /// Per line of `text` (0-based), the mutants whose switch wrote it: a compiler error
    /// there drops them.
    let owners: [[Int]]
    /// Per line of `text` (0-based) with expression switches: each choice's columns.
    var choiceColumns: [Int: [(Range<Int>, Int)]] = [:]

    /// The switches for `mutants` (numbered from `first` in order) in `source`. Files
    /// probed together in one build take numbers of their own (`first`), as each file's
    /// switch reads the one environment variable.
    static func make(source: String, mutants all: [Mutant], first: Int = 1) -> MutantSchema {
        let lines = source.components(separatedBy: "\n")
        let mask = CodeMask(lines)
        var shape = LineShapes(lines: lines, mask: mask)
        // A name a mutant puts in is a use too: a local no later line uses may still be
        // what a swap below it names (4.2's `then: moveLeft`).
        for mutant in all { shape.mutantText[mutant.line - 1, default: ""] += mutant.replacement.joined(separator: "\n") + "\n" }
        var numbered: [Int: Mutant] = [:]
        // Expression switches, by line and the span they replace.
        var expressions: [Int: (span: Range<Int>, choices: [(Int, String)])] = [:]
        // Switches of the statement after a `case …:` label on its line, the same way.
        var labelled: [Int: (span: Range<Int>, choices: [(Int, String)])] = [:]
        // Statement switches, by the lines they replace.
        var statements: [ClosedRange<Int>: [(Int, [String])]] = [:]
        for (offset, mutant) in all.enumerated() {
            let number = offset + first
            let index = mutant.line - 1
            guard index >= 0, index + mutant.original.count <= lines.count,
                  Array(lines[index..<(index + mutant.original.count)]) == mutant.original else { continue }
            let range = index...(index + mutant.original.count - 1)
            // A shorthand argument the closure did not have changes how many it takes,
            // for every mutant switched in it: the switch would not compile.
            let shorthands = { (text: String) in Set(text.matches(of: /\$[0-9]+/).map { String($0.output) }) }
            if !shorthands(mutant.replacement.joined(separator: "\n")).isSubset(of: shorthands(mutant.original.joined(separator: "\n"))) {
                continue
            }
            // A deleted line that is its body's only statement leaves a value-returning
            // body empty (its `if` no longer an expression): it would not compile either.
            if mutant.replacement.isEmpty, shape.isWholeBody(range) { continue }
            // So does a deleted `return value`: the function's end is reached without one.
            if mutant.replacement.isEmpty, mask.code(line: index).hasPrefix("return ") { continue }
            // A function's or closure's only expression (`quantities.keys.first { … }`) is
            // its value: a ternary keeps the type the body is expected to have, where an
            // `if` expression's branches are typed alone (an optional, measured in 2.5).
            if mutant.original.count == 1, mutant.replacement.count == 1, shape.isWholeBody(range),
               let span = shape.wholeExpression(index), let choice = Self.choice(Array(lines[index]), Array(mutant.replacement[0]), in: span) {
                if let existing = expressions[index], existing.span != span || existing.choices.count >= Self.choices(in: lines[index], span) { continue }
                expressions[index, default: (span, [])].choices.append((number, choice))
                numbered[number] = mutant
                continue
            }
            // In an initializer, a switch that runs a line more or less leaves a stored
            // property unset, or set twice, on one path: the file no longer compiles
            // (4.10's `init`: one such switch dropped per compile round, measured).
            if shape.inInitializer[index], mutant.replacement.count != mutant.original.count { continue }
            if shape.isStatementRun(range) {
                statements[range, default: []].append((number, mutant.replacement))
                numbered[number] = mutant
                continue
            }
            guard mutant.original.count == 1, mutant.replacement.count == 1 else { continue }
            // The head of a block statement (`queue.async {`, `if x {`, `for … {`): the
            // whole statement switched, its first line mutated. Not for a condition or a
            // value that an expression switch below can take.
            if let end = shape.blockEnd(from: index), shape.isStatementRun(index...end), shape.expressionSpan(index) == nil {
                statements[index...end, default: []].append((number, mutant.replacement + lines[(index + 1)...end]))
                numbered[number] = mutant
                continue
            }
            let original = Array(lines[index]), mutated = Array(mutant.replacement[0])
            if let span = shape.labelledStatement(index), let choice = Self.choice(original, mutated, in: span) {
                if let existing = labelled[index], existing.span != span { continue }
                labelled[index, default: (span, [])].choices.append((number, choice))
                numbered[number] = mutant
                continue
            }
            // The first span that holds the change (the same text before it and after it):
            // the line's condition or value, else the body of a one-line closure.
            let spans = ([shape.expressionSpan(index)] + shape.closureBodies(index)).compactMap { $0 }
            let fitting = spans.first { span in
                let tail = original.count - span.upperBound
                return mutated.count >= span.lowerBound + tail && Array(mutated.prefix(span.lowerBound)) == Array(original.prefix(span.lowerBound))
                    && Array(mutated.suffix(tail)) == Array(original.suffix(tail))
            }
            guard let span = fitting else { continue }
            let choice = String(mutated[span.lowerBound..<(mutated.count - (original.count - span.upperBound))])
            // One switched span per line.
            if let existing = expressions[index], existing.span != span || existing.choices.count >= Self.choices(in: lines[index], span) { continue }
            expressions[index, default: (span, [])].choices.append((number, choice))
            numbered[number] = mutant
        }

        // Each original line's text, as lines with the mutants that wrote them.
        var chunks: [[(text: String, owners: [Int])]?] = lines.map { [($0, [])] }
        // Where each choice sits on its line (UTF-8 columns, as the compiler counts them):
        // an error inside one drops that mutant alone.
        var columns: [Int: [(Range<Int>, Int)]] = [:]
        var expressionText: [Int: String] = [:]
        for (index, switched) in expressions {
            let characters = Array(lines[index])
            var text = String(characters[..<switched.span.lowerBound]) + "("
            for (number, choice) in switched.choices {
                text += "\(chosen)(\(number)) ? ("
                columns[index, default: []].append(((text.utf8.count + 1)..<(text.utf8.count + 1 + choice.utf8.count), number))
                text += choice + ") : "
            }
            text += "(" + String(characters[switched.span]) + "))" + String(characters[switched.span.upperBound...])
            chunks[index] = [(text, switched.choices.map(\.0))]
            expressionText[index] = text
        }
        for (index, switched) in labelled {
            let characters = Array(lines[index])
            var text = String(characters[..<switched.span.lowerBound])
            for (position, (number, choice)) in switched.choices.enumerated() {
                text += (position == 0 ? "" : " else ") + "if \(variable) == \(number) { "
                columns[index, default: []].append(((text.utf8.count + 1)..<(text.utf8.count + 1 + choice.utf8.count), number))
                text += choice + " }"
            }
            text += " else { \(String(characters[switched.span])) }" + String(characters[switched.span.upperBound...])
            chunks[index] = [(text, switched.choices.map(\.0))]
            expressionText[index] = text
        }
        // Two runs that overlap, neither holding the other (two statements swapped, and
        // the second with the third), become one switch over both, each choice keeping
        // the other lines as they were: left out, 2.6's repair (the second pair swapped
        // back) was never tried.
        var merged = true
        while merged {
            merged = false
            let ranges = statements.keys.sorted { $0.lowerBound < $1.lowerBound }
            outer: for a in ranges {
                for b in ranges where a != b && a.overlaps(b) && !(a.contains(b.lowerBound) && a.contains(b.upperBound))
                    && !(b.contains(a.lowerBound) && b.contains(a.upperBound)) {
                    let union = min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound)
                    guard shape.isStatementRun(union) else { continue }
                    for range in [a, b] {
                        let widened = statements.removeValue(forKey: range)!.map { choice in
                            (choice.0, Array(lines[union.lowerBound..<range.lowerBound]) + choice.1
                                + Array(lines[(range.upperBound + 1)..<(union.upperBound + 1)]))
                        }
                        statements[union, default: []] += widened
                    }
                    merged = true
                    break outer
                }
            }
        }
        // Smaller runs first, so a larger one holds them in its `else`; a run that
        // overlaps one already switched without holding it is left out.
        var placed: [ClosedRange<Int>] = []
        for range in statements.keys.sorted(by: { ($0.count, $0.lowerBound) < ($1.count, $1.lowerBound) }) {
            if placed.contains(where: { $0.overlaps(range) && !(range.contains($0.lowerBound) && range.contains($0.upperBound)) }) {
                for (number, _) in statements[range]! { numbered[number] = nil }
                continue
            }
            placed.append(range)
            let choices = statements[range]!
            let ids = choices.map(\.0)
            let indentation = String(lines[range.lowerBound].prefix { $0 == " " || $0 == "\t" })
            var rendered: [(text: String, owners: [Int])] = []
            for (position, (number, replacement)) in choices.enumerated() {
                rendered.append((indentation + (position == 0 ? "" : "} else ") + "if \(variable) == \(number) {", ids))
                rendered += replacement.map { ($0, [number]) }
            }
            rendered.append((indentation + "} else {", ids))
            for index in range { rendered += chunks[index] ?? [] }
            rendered.append((indentation + "}", ids))
            chunks[range.lowerBound] = rendered
            for index in range.dropFirst() { chunks[index] = nil }
        }
        // Each chunk's first line is its original line's (or the switch's opening line).
        // A switched line keeps its choices' columns inside a statement switch too (found
        // by its text, which names its own mutants): without them an error in one choice
        // dropped the whole line, 2.4's repair of `<= 0` with a name swap beside it.
        var switchedLines: [String: [(Range<Int>, Int)]] = [:]
        for (index, placed) in columns { switchedLines[expressionText[index] ?? ""] = placed }
        var output: [(text: String, owners: [Int])] = []
        var choiceColumns: [Int: [(Range<Int>, Int)]] = [:]
        for chunk in chunks {
            guard let chunk else { continue }
            for line in chunk {
                if let placed = switchedLines[line.text] { choiceColumns[output.count] = placed }
                output.append(line)
            }
        }
        return MutantSchema(text: output.map(\.text).joined(separator: "\n") + "\n", mutants: numbered, owners: output.map(\.owners),
                            choiceColumns: choiceColumns)
    }

    /// How many choices a ternary over `span` of `line` may hold: one where the span holds
    /// statements (a closure's `a = b; return c`). The type checker takes each such closure
    /// in with the whole ternary, and an ill-typed choice among several fails slowly: three
    /// choices of 3.11's `state.withLock { state in …; return … }?.stop()`, one ill-typed,
    /// took the compiler 55 s to refuse (two ill-typed 14 s, one 0.3 s; measured), most of
    /// chapter 3's planted-mistake round. (One choice for any span with a closure also cut
    /// 2.5's 13 s, but lost two of chapter 2's named mistakes: measured, not kept.)
    static func choices(in line: String, _ span: Range<Int>) -> Int {
        Array(line)[span].contains(";") ? 1 : choicesPerLine
    }

    /// What `mutated` has in place of `span` of `original`, when the two are the same
    /// outside it.
    static func choice(_ original: [Character], _ mutated: [Character], in span: Range<Int>) -> String? {
        let tail = original.count - span.upperBound
        guard mutated.count >= span.lowerBound + tail, Array(mutated.prefix(span.lowerBound)) == Array(original.prefix(span.lowerBound)),
              Array(mutated.suffix(tail)) == Array(original.suffix(tail)) else { return nil }
        return String(mutated[span.lowerBound..<(mutated.count - tail)])
    }

    /// The line of `text` (0-based) that holds mutant `number`'s change: its expression
    /// switch's line, or the first line of its statement switch's choice.
    func changedLine(of number: Int) -> Int? {
        if let line = choiceColumns.first(where: { $0.value.contains { $0.1 == number } })?.key { return line }
        let lines = text.components(separatedBy: "\n")
        // The switch's own `if __workbookMutant == N {` lines name the choices, not a change.
        return owners.indices.first { index in
            owners[index] == [number] && !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("if \(Self.variable) ==")
                && !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("} else if \(Self.variable) ==")
        }
    }

    /// The mutants to drop for compiler errors on `errorLines` (1-based lines of `text`):
    /// those whose switch wrote the line, else the nearest switch above it (a switch
    /// that put a declaration out of its uses' reach breaks a later line).
    func culprits(errorLines: [Int], columns: [Int?] = []) -> Set<Int> {
        var culprits: Set<Int> = []
        for (position, line) in errorLines.enumerated() {
            if position < columns.count, let column = columns[position],
               let choice = choiceColumns[line - 1]?.first(where: { $0.0.contains(column) }) {
                culprits.insert(choice.1)
                continue
            }
            var index = min(max(line - 1, 0), owners.count - 1)
            while index >= 0, owners[index].isEmpty { index -= 1 }
            if index >= 0 { culprits.formUnion(owners[index]) }
        }
        return culprits
    }
}

/// What a line of the learner's file is, read from its tokens: where a statement
/// switch may go, and which part of a line an expression switch may replace.
struct LineShapes {
    let lines: [String]
    let mask: CodeMask
    /// Per line: inside a function's, a closure's or an accessor's body (not a type's
    /// body, not the file's top level), where a statement may stand.
    let inCodeBody: [Bool]
    /// Per line: inside an initializer's body, where every path must set each stored
    /// property once.
    let inInitializer: [Bool]
    /// The mutants' replacement lines, by the line (0-based) each starts on: a local
    /// they use below its declaration is used (`localOnly`).
    var mutantText: [Int: String] = [:]

    init(lines: [String], mask: CodeMask) {
        self.lines = lines
        self.mask = mask
        var inCodeBody: [Bool] = [], inInitializer: [Bool] = []
        // Each open brace: whether it opened a body of code, and an initializer's.
        var stack: [(code: Bool, initializer: Bool)] = []
        // An initializer's signature seen, its body's brace not yet (a signature may span lines).
        var pendingInitializer = false
        for index in lines.indices {
            inCodeBody.append(stack.last?.code ?? false)
            inInitializer.append(stack.contains { $0.initializer })
            let characters = mask.characters[index]
            if mask.code(line: index).firstMatch(of: /(^|[^A-Za-z0-9_.])init[?!]?\(/) != nil { pendingInitializer = true }
            for (position, isCode) in mask.lines[index].enumerated() where isCode {
                if characters[position] == "{" {
                    let before = String(characters[..<position])
                    let typeBody = before.firstMatch(of: /\b(class|struct|enum|extension|actor|protocol)\s+[A-Za-z_]/) != nil
                        && !before.contains("func ") && !before.contains("=")
                    stack.append((!typeBody, pendingInitializer && !typeBody))
                    pendingInitializer = false
                } else if characters[position] == "}" {
                    _ = stack.popLast()
                }
            }
        }
        self.inCodeBody = inCodeBody
        self.inInitializer = inInitializer
    }

    private static let continuing = ["}", ")", "]", ".", "&&", "||", "+ ", "- ", "* ", "/ ", "?", ":", "case ", "default", "else",
                                     "@", "#", "in "]
    private static let continuedBy = ["(", "[", ",", "=", "&&", "||", "+", "-", "*", "/", "->", ":", "?", "."]
    private static let declarations = ["let ", "var ", "func ", "struct ", "class ", "enum ", "actor ", "typealias ", "private ",
                                       "fileprivate ", "public ", "static ", "lazy ", "import ", "extension ", "protocol ", "init",
                                       "defer", "weak ", "unowned ", "nonisolated", "internal ", "override ", "@"]

    private func previousCode(_ index: Int) -> String? {
        var line = index - 1
        while line >= 0 {
            let code = mask.code(line: line)
            if !code.isEmpty { return code }
            line -= 1
        }
        return nil
    }

    private func nextCode(_ index: Int) -> String? {
        var line = index + 1
        while line < lines.count {
            let code = mask.code(line: line)
            if !code.isEmpty { return code }
            line += 1
        }
        return nil
    }

    /// Lines `range` are whole statements in a body of code: the first starts one, the
    /// brackets close by the last, and nothing continues it after.
    func isStatementRun(_ range: ClosedRange<Int>) -> Bool {
        guard range.upperBound < lines.count, inCodeBody[range.lowerBound] else { return false }
        let first = mask.code(line: range.lowerBound)
        guard !first.isEmpty, !Self.continuing.contains(where: first.hasPrefix),
              !Self.declarations.contains(where: first.hasPrefix) || localOnly(range.lowerBound, in: range),
              first != "in" else { return false }
        // A `defer` inside the switch's block would run when the block ends, not the
        // function: the file would change with no mutant switched on (measured, 1.6).
        if range.contains(where: { mask.code(line: $0).hasPrefix("defer") }) { return false }
        // A guard's bindings would end with the switch's block.
        if first.hasPrefix("guard "), ["let ", "var ", "case "].contains(where: first.contains) { return false }
        if let previous = previousCode(range.lowerBound), !(previous.hasSuffix("{") || previous.hasSuffix("}") || previous.hasSuffix(" in")
            || (previous.hasSuffix(":") && (previous.hasPrefix("case ") || previous.hasPrefix("default")))),
           Self.continuedBy.contains(where: previous.hasSuffix) { return false }
        var depth = 0
        for index in range {
            // A declaration the run holds at its own level would end with the switch's
            // block, out of reach of the lines after it (2.8's `guard` and `var found`
            // swapped: every use of `found` failed, and the drops took the loop's mutants).
            let code = mask.code(line: index)
            if depth == 0, index > range.lowerBound, Self.declarations.contains(where: code.hasPrefix) && !localOnly(index, in: range)
                || (code.hasPrefix("guard ") && ["let ", "var ", "case "].contains(where: code.contains)) {
                return false
            }
            for (character, isCode) in zip(mask.characters[index], mask.lines[index]) where isCode {
                if "({[".contains(character) { depth += 1 }
                if ")}]".contains(character) { depth -= 1; if depth < 0 { return false } }
            }
            // Closed by the last line only: a run that ends inside a bracket is not whole.
            if depth == 0, index < range.upperBound, mask.code(line: index).isEmpty == false {
                continue
            }
        }
        guard depth == 0 else { return false }
        let last = mask.code(line: range.upperBound)
        if Self.continuedBy.contains(where: last.hasSuffix) || last.hasSuffix("{") { return false }
        if let next = nextCode(range.upperBound),
           [".", "&&", "||", "?", ":", "+ ", "- ", "* ", "/ ", "else", "} else", "catch", "} catch"].contains(where: next.hasPrefix) {
            return false
        }
        return true
    }

    /// Line `index` declares a local (`let count = …`) that no code after `range` uses:
    /// the switch's block may hold it (3.5's two `withLock`s joined into one take the
    /// `let` that held the first one's answer).
    func localOnly(_ index: Int, in range: ClosedRange<Int>) -> Bool {
        let code = mask.code(line: index)
        guard inCodeBody[index], let match = code.wholeMatch(of: /(?:let|var) ([a-z_][A-Za-z0-9_]*)\b.*/) else { return false }
        let name = String(match.output.1)
        return !((range.upperBound + 1)..<lines.count).contains { UnusedNames.occurrences(of: name, in: mask.uncommented(line: $0)) > 0 }
            && !mutantText.contains { $0.key > range.upperBound && UnusedNames.occurrences(of: name, in: $0.value) > 0 }
    }

    /// The characters of line `index` an expression switch replaces: an `if`, `guard`
    /// or `while` line's condition (one, with no binding), or the value a `let`/`var`
    /// line declares (or a line assigns), to the line's end.
    func expressionSpan(_ index: Int) -> Range<Int>? {
        let code = mask.code(line: index)
        let characters = mask.characters[index]
        let isCode = mask.lines[index]
        guard let start = characters.indices.first(where: { isCode[$0] && !characters[$0].isWhitespace }) else { return nil }
        // The statement's end: its last character before a trailing comment (a string is kept).
        let comments = mask.comments[index]
        guard let end = characters.indices.last(where: { !comments[$0] && !characters[$0].isWhitespace }).map({ $0 + 1 }) else { return nil }
        for keyword in ["if ", "} else if ", "guard ", "while "] where code.hasPrefix(keyword) {
            let from = start + keyword.count
            let to: Int
            if keyword == "guard " {
                guard let elseAt = Self.topLevel(of: Array(" else {"), in: characters, isCode: isCode, from: from).last,
                      code.hasSuffix("}") || code.hasSuffix("{") else { return nil }
                to = elseAt
            } else {
                guard code.hasSuffix(" {"), end >= 2 else { return nil }
                to = end - 2
            }
            return condition(characters, isCode: isCode, from..<to)
        }
        let declaration = ["let ", "var ", "private let ", "private var ", "public let ", "public var ", "fileprivate let ",
                           "fileprivate var ", "static let ", "static var ", "private static let ", "public static let ", "lazy var "]
        // A declaration's value on a line of its own, after the `=` that ends the line above
        // (1.1's `["+": add, "-": add, …]` under `public static let table: … =`): the whole line.
        // Not a closure: its body is switched instead, as a ternary of closures loses the
        // `@Sendable` the declared type gives them (1.1's `{ $0 - $1 }`, measured).
        if let previous = previousCode(index), previous.hasSuffix(" ="), declaration.contains(where: previous.hasPrefix),
           !code.hasPrefix("{"), !Self.continuing.contains(where: code.hasPrefix), !Self.continuedBy.contains(where: code.hasSuffix), !code.hasSuffix("{"),
           nextCode(index).map({ next in ![".", "&&", "||", "?", ":", "+ ", "- ", "* ", "/ "].contains(where: next.hasPrefix) }) ?? true,
           Self.balanced(characters, isCode: isCode, start..<end) {
            return start..<end
        }
        guard declaration.contains(where: code.hasPrefix) || (inCodeBody[index] && !Self.continuing.contains(where: code.hasPrefix)),
              !Self.continuedBy.contains(where: code.hasSuffix), !code.hasSuffix("{"),
              let previous = previousCode(index).map({ $0 }) ?? Optional(""),
              previous.isEmpty || !Self.continuedBy.contains(where: previous.hasSuffix) || previous.hasSuffix("{") else { return nil }
        if let next = nextCode(index), [".", "&&", "||", "?", ":", "+ ", "- ", "* ", "/ "].contains(where: next.hasPrefix) { return nil }
        guard let equals = Self.topLevel(of: Array(" = "), in: characters, isCode: isCode, from: start).first else { return nil }
        // Only a declaration's value here: a plain statement is switched whole.
        guard declaration.contains(where: code.hasPrefix) else { return nil }
        let from = equals + 3
        guard from < end, Self.balanced(characters, isCode: isCode, from..<end) else { return nil }
        // One binding: `let a = x, b = y` would put `b`'s declaration inside the switch
        // (3.3's `index` became Glibc's `index()` on every later line, whose switches
        // the errors there then dropped, the repair's among them, measured).
        if Self.topLevel(of: [","], in: characters, isCode: isCode, from: from).contains(where: { $0 < end }) { return nil }
        return from..<end
    }

    /// Lines `range` are all their block holds: the code before them opens it, the code
    /// after them closes it.
    func isWholeBody(_ range: ClosedRange<Int>) -> Bool {
        let before = previousCode(range.lowerBound) ?? ""
        let after = nextCode(range.upperBound) ?? ""
        return (before.hasSuffix("{") || before.hasSuffix(" in")) && after.hasPrefix("}")
    }

    /// The statement after a `case …:` or `default:` label on line `index`
    /// (`case .up: frame.origin.y = bounds.minY + offset`), to the line's end.
    func labelledStatement(_ index: Int) -> Range<Int>? {
        let code = mask.code(line: index)
        guard inCodeBody[index], code.hasPrefix("case ") || code.hasPrefix("default:"), !code.hasSuffix("{"), !code.hasSuffix(":") else { return nil }
        let characters = mask.characters[index]
        let isCode = mask.lines[index]
        let comments = mask.comments[index]
        guard let colon = Self.topLevel(of: Array(": "), in: characters, isCode: isCode, from: 0).first,
              let end = characters.indices.last(where: { !comments[$0] && !characters[$0].isWhitespace }).map({ $0 + 1 }) else { return nil }
        let start = colon + 2
        guard start < end, Self.balanced(characters, isCode: isCode, start..<end),
              !["let ", "var ", "defer", "fallthrough"].contains(where: String(characters[start..<end]).hasPrefix) else { return nil }
        return start..<end
    }

    /// Line `index`'s code whole, when it is one expression (no keyword first, no
    /// assignment): what a ternary may switch.
    func wholeExpression(_ index: Int) -> Range<Int>? {
        let code = mask.code(line: index)
        let characters = mask.characters[index]
        let isCode = mask.lines[index]
        let comments = mask.comments[index]
        guard inCodeBody[index], !code.isEmpty,
              !["return", "if ", "guard ", "for ", "while ", "switch ", "throw ", "try", "await ", "let ", "var ", "defer", "break",
                "continue", "fallthrough", "do ", "repeat"].contains(where: code.hasPrefix),
              !Self.continuing.contains(where: code.hasPrefix), !code.hasSuffix("{"),
              let start = characters.indices.first(where: { isCode[$0] && !characters[$0].isWhitespace }),
              let end = characters.indices.last(where: { !comments[$0] && !characters[$0].isWhitespace }).map({ $0 + 1 }),
              Self.balanced(characters, isCode: isCode, start..<end) else { return nil }
        for assignment in [" = ", " += ", " -= ", " *= ", " /= "]
        where !Self.topLevel(of: Array(assignment), in: characters, isCode: isCode, from: start).isEmpty { return nil }
        return start..<end
    }

    /// The last line of the block that line `index` opens (its code ends with `{` or with
    /// a closure's `in`): where the brackets close again.
    func blockEnd(from index: Int) -> Int? {
        let code = mask.code(line: index)
        guard code.hasSuffix("{") || code.hasSuffix(" in") else { return nil }
        var depth = 0
        for line in index..<lines.count {
            for (character, isCode) in zip(mask.characters[line], mask.lines[line]) where isCode {
                if "({[".contains(character) { depth += 1 }
                if ")}]".contains(character) { depth -= 1 }
            }
            if depth <= 0 { return depth == 0 && line > index ? line : nil }
        }
        return nil
    }

    /// The bodies of the one-line closures on line `index` (`{ $0.name < $1.name }`,
    /// `{ sum, entry in sum + entry.value }`), innermost first: what follows `in` (and a
    /// `return`), up to the closing brace, when it is one expression.
    func closureBodies(_ index: Int) -> [Range<Int>] {
        let characters = mask.characters[index]
        let isCode = mask.lines[index]
        var opens: [Int] = []
        var bodies: [Range<Int>] = []
        for position in characters.indices where isCode[position] {
            if characters[position] == "{" { opens.append(position) }
            guard characters[position] == "}", let open = opens.popLast() else { continue }
            var start = open + 1
            if let inAt = Self.topLevel(of: Array(" in "), in: characters, isCode: isCode, from: start).first(where: { $0 < position }) {
                start = inAt + 4
            }
            while start < position, characters[start] == " " { start += 1 }
            if Array(characters[start..<min(position, start + 7)]) == Array("return ") { start += 7 }
            var end = position
            while end > start, characters[end - 1] == " " { end -= 1 }
            guard start < end, Self.balanced(characters, isCode: isCode, start..<end) else { continue }
            let body = String(characters[start..<end])
            if body.contains(";") || body.hasPrefix("_ = ") || ["let ", "var ", "guard ", "if ", "for ", "while ", "return"].contains(where: body.hasPrefix)
                || Self.topLevel(of: Array(" = "), in: characters, isCode: isCode, from: start).contains(where: { $0 < end })
                || Self.topLevel(of: Array(" += "), in: characters, isCode: isCode, from: start).contains(where: { $0 < end }) { continue }
            bodies.append(start..<end)
        }
        return bodies
    }

    /// The condition in `range`, unless it binds (`let`, `var`, `case`) or lists several.
    private func condition(_ characters: [Character], isCode: [Bool], _ range: Range<Int>) -> Range<Int>? {
        guard !range.isEmpty, Self.balanced(characters, isCode: isCode, range) else { return nil }
        let text = String(characters[range])
        if ["let ", "var ", "case ", "await ", "try ", "#available"].contains(where: text.contains) { return nil }
        if !Self.topLevel(of: [","], in: characters, isCode: isCode, from: range.lowerBound).filter({ $0 < range.upperBound }).isEmpty { return nil }
        return range
    }

    /// Where `token` starts in code at bracket depth 0, from `from` on.
    static func topLevel(of token: [Character], in characters: [Character], isCode: [Bool], from: Int) -> [Int] {
        var depth = 0
        var found: [Int] = []
        var index = from
        while index < characters.count {
            if isCode[index] {
                let character = characters[index]
                if depth == 0, index + token.count <= characters.count, Array(characters[index..<(index + token.count)]) == token,
                   (index..<(index + token.count)).allSatisfy({ isCode[$0] }) {
                    found.append(index)
                }
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) { depth -= 1 }
            }
            index += 1
        }
        return found
    }

    static func balanced(_ characters: [Character], isCode: [Bool], _ range: Range<Int>) -> Bool {
        var depth = 0
        for index in range where isCode[index] {
            if "([{".contains(characters[index]) { depth += 1 }
            if ")]}".contains(characters[index]) { depth -= 1; if depth < 0 { return false } }
        }
        return depth == 0
    }
}
