import Foundation

/// A plausible mistake, as a rewrite of a reference solution's code: the kind of slip a
/// learner makes (`<=` for `<`, `sync` for `async`, a `done()` forgotten). The table
/// below is the whole list; `MutantGenerator` applies each entry one place at a time.
public struct MutationOperator: Sendable, Equatable {
    /// Short and stable: it names the operator in reports and in accepted-mutant lists.
    public let name: String
    let rewrite: Rewrite

    enum Rewrite: Sendable, Equatable {
        /// Each occurrence of `from` in code becomes `to`. With `wholeWord`, an occurrence
        /// that is part of a longer identifier (`first` in `firstName`) does not count.
        case token(from: String, to: String, wholeWord: Bool)
        /// Each integer literal `n` becomes `n + delta` (never below zero).
        case integer(delta: Int)
        /// Each prefix `!` before an operand is dropped.
        case negationRemoved
        /// A `for … in SEQUENCE` loop walks `SEQUENCE.reversed()`.
        case reversedAdded
        /// The line, when it is a statement of its own, is deleted.
        case lineDeleted
        /// The line, when it is a plain call (`done()`, `completion(result)`), runs twice.
        case callDoubled
        /// The statement that starts on the line and the next one in its block trade
        /// places: one-line or spanning lines (a loop, a call with a closure), across the
        /// comments between them (`return-moved-up` when the second is a `return`).
        case statementsSwapped
        // Signs, flags, indices and steps (issue 58; LineMutations.swift, StatementMutations.swift).
        /// A prefix `-` is dropped, or a number literal handed on (`x: 10`) is negated.
        case signFlipped
        /// The condition of an `if`, `guard`, `while` or `where` is negated.
        case conditionNegated
        /// A subscript by a name reads the element after or before (`items[i + 1]`), and a
        /// `count` handed on is one less.
        case indexShifted
        /// The line, when it is a step that changes something (`n += 1`,
        /// `continuation.yield(x)`), runs twice.
        case stepDoubled
        /// An `if`, `for` or `while` statement, or a call with a trailing closure, that
        /// spans lines is deleted whole.
        case blockDeleted
        // The mistakes made with completion handlers and queues (QueueMutations.swift).
        /// A statement that calls a completion moves to the top of its block, before the
        /// work it reports.
        case completionFirst
        /// A statement that calls a completion, not a plain call of its own (`queue.async
        /// { done() }`, `return completion(x)`), runs it twice.
        case completionDoubled
        /// A critical section that checks, then acts, checks under a lock of its own first.
        case checkThenActSplit
        /// `.asyncAfter(deadline: …) {` becomes `.sync {`.
        case asyncAfterToSync
        /// `queue.async { work }` runs `work` in place: `do { work }`.
        case hopRemoved
        /// Work sent to the main queue goes to a background one, and the other way round.
        case queueSwapped
        /// A statement that changes state and spans lines (or shares its line with others
        /// after a `;`) is deleted.
        case stateUpdateDeleted
    }

    /// Every operator, in the order mutants are made (and reported).
    public static let all: [MutationOperator] = [
        // Comparisons: the boundary slips and the flipped direction.
        token("comparison-boundary", " < ", " <= "), token("comparison-boundary", " <= ", " < "),
        token("comparison-boundary", " > ", " >= "), token("comparison-boundary", " >= ", " > "),
        token("comparison-flipped", " < ", " > "), token("comparison-flipped", " > ", " < "),
        token("equality", " == ", " != "), token("equality", " != ", " == "),
        token("ordering-result", ".orderedAscending", ".orderedDescending", wholeWord: true),
        token("ordering-result", ".orderedDescending", ".orderedAscending", wholeWord: true),
        // Ties: a comparator that answers true for equal elements, or a three-way answer
        // read so that a tie counts as ordered.
        token("ties", "by: <)", "by: <=)"), token("ties", "by: >)", "by: >=)"),
        token("ties", "by: <=)", "by: <)"), token("ties", "by: >=)", "by: >)"),
        token("ties", "== .orderedAscending", "!= .orderedDescending", wholeWord: true),
        token("ties", "== .orderedDescending", "!= .orderedAscending", wholeWord: true),
        token("ties", "!= .orderedDescending", "== .orderedAscending", wholeWord: true),
        token("ties", "!= .orderedAscending", "== .orderedDescending", wholeWord: true),
        // Booleans.
        token("boolean", " && ", " || "), token("boolean", " || ", " && "),
        MutationOperator(name: "negation-removed", rewrite: .negationRemoved),
        token("true-false", "true", "false", wholeWord: true), token("true-false", "false", "true", wholeWord: true),
        MutationOperator(name: "flag-flipped", rewrite: .conditionNegated),
        // Arithmetic and constants.
        token("arithmetic", " + ", " - "), token("arithmetic", " - ", " + "),
        token("arithmetic", " += ", " -= "), token("arithmetic", " -= ", " += "),
        MutationOperator(name: "off-by-one", rewrite: .integer(delta: 1)),
        MutationOperator(name: "off-by-one", rewrite: .integer(delta: -1)),
        MutationOperator(name: "index-off-by-one", rewrite: .indexShifted),
        MutationOperator(name: "sign-flipped", rewrite: .signFlipped),
        token("range", "..<", "..."), token("range", "...", "..<"),
        // Which end, which extreme, which argument.
        token("first-last", ".first", ".last", wholeWord: true), token("first-last", ".last", ".first", wholeWord: true),
        token("first-last", ".firstIndex", ".lastIndex", wholeWord: true), token("first-last", ".lastIndex", ".firstIndex", wholeWord: true),
        token("first-last", ".dropFirst", ".dropLast", wholeWord: true), token("first-last", ".dropLast", ".dropFirst", wholeWord: true),
        token("min-max", "min", "max", wholeWord: true), token("min-max", "max", "min", wholeWord: true),
        token("shorthand-argument", "$0", "$1", wholeWord: true), token("shorthand-argument", "$1", "$0", wholeWord: true),
        token("reversed", ".reversed()", "", wholeWord: false),
        MutationOperator(name: "reversed", rewrite: .reversedAdded),
        // Queues and closures.
        token("async-sync", ".async", ".sync", wholeWord: true), token("async-sync", ".sync", ".async", wholeWord: true),
        token("main-hop-removed", "DispatchQueue.main.async {", "do {", wholeWord: false),
        token("weak-to-strong", "[weak ", "[", wholeWord: false),
        // Statements.
        MutationOperator(name: "call-doubled", rewrite: .callDoubled),
        MutationOperator(name: "line-deleted", rewrite: .lineDeleted),
        MutationOperator(name: "statements-swapped", rewrite: .statementsSwapped),
        MutationOperator(name: "step-doubled", rewrite: .stepDoubled),
        MutationOperator(name: "block-deleted", rewrite: .blockDeleted),
        // Completion handlers and queues (issue 32): a class's usual mistakes with them.
        MutationOperator(name: "completion-first", rewrite: .completionFirst),
        MutationOperator(name: "completion-doubled", rewrite: .completionDoubled),
        MutationOperator(name: "check-then-act-split", rewrite: .checkThenActSplit),
        MutationOperator(name: "async-sync", rewrite: .asyncAfterToSync),
        MutationOperator(name: "queue-hop-removed", rewrite: .hopRemoved),
        MutationOperator(name: "queue-swapped", rewrite: .queueSwapped),
        MutationOperator(name: "state-update-deleted", rewrite: .stateUpdateDeleted),
    ]

    private static func token(_ name: String, _ from: String, _ to: String, wholeWord: Bool = false) -> MutationOperator {
        MutationOperator(name: name, rewrite: .token(from: from, to: to, wholeWord: wholeWord))
    }

    /// The names of every operator, once each, in table order.
    public static var names: [String] {
        var seen: Set<String> = []
        return all.map(\.name).filter { seen.insert($0).inserted }
    }
}

extension MutationOperator {
    /// The one-line rewrites of `characters` (a line whose code is marked by `isCode`),
    /// one per place the operator applies. Statement-level operators return none here.
    func rewrites(of characters: [Character], isCode: [Bool]) -> [String] {
        switch rewrite {
        case let .token(from, to, wholeWord):
            return Self.occurrences(of: Array(from), in: characters, isCode: isCode, wholeWord: wholeWord).map { start in
                String(characters[..<start]) + to + String(characters[(start + from.count)...])
            }
        case .integer(let delta):
            return Self.integerLiterals(in: characters, isCode: isCode).compactMap { range in
                guard let value = Int(String(characters[range])), value + delta >= 0 else { return nil }
                return String(characters[..<range.lowerBound]) + "\(value + delta)" + String(characters[range.upperBound...])
            }
        case .negationRemoved:
            return characters.indices.filter { index in
                guard characters[index] == "!", isCode[index], index + 1 < characters.count else { return false }
                let next = characters[index + 1]
                let previous = index > 0 ? characters[index - 1] : " "
                // Prefix `!` only: not `!=`, not a force unwrap (`x!`, `f()!`).
                return (next.isLetter || next == "_" || next == "(" || next == "$")
                    && !(previous.isLetter || previous.isNumber || previous == "_" || previous == ")" || previous == "]" || previous == "?")
            }.map { index in String(characters[..<index]) + String(characters[(index + 1)...]) }
        case .reversedAdded:
            return Self.reversedLoop(characters, isCode: isCode).map { [$0] } ?? []
        case .asyncAfterToSync, .hopRemoved, .queueSwapped:
            return QueueCalls.rewrites(characters, isCode: isCode, rewrite: rewrite)
        case .signFlipped:
            return Self.signsFlipped(characters, isCode: isCode)
        case .conditionNegated:
            return Self.conditionNegated(characters, isCode: isCode).map { [$0] } ?? []
        case .indexShifted:
            return Self.indicesShifted(characters, isCode: isCode)
        case .lineDeleted, .callDoubled, .statementsSwapped, .completionFirst, .completionDoubled, .checkThenActSplit,
             .stateUpdateDeleted, .stepDoubled, .blockDeleted:
            return []
        }
    }

    static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// Where `token` starts in the code of `characters`.
    static func occurrences(of token: [Character], in characters: [Character], isCode: [Bool], wholeWord: Bool) -> [Int] {
        guard !token.isEmpty, token.count <= characters.count else { return [] }
        var starts: [Int] = []
        for start in 0...(characters.count - token.count) {
            let range = start..<(start + token.count)
            guard Array(characters[range]) == token, range.allSatisfy({ isCode[$0] }) else { continue }
            if wholeWord {
                if let first = token.first, isIdentifierCharacter(first) || first == "$", start > 0,
                   isIdentifierCharacter(characters[start - 1]) || characters[start - 1] == "$" { continue }
                if let last = token.last, isIdentifierCharacter(last), range.upperBound < characters.count,
                   isIdentifierCharacter(characters[range.upperBound]) { continue }
            }
            // `...` inside `..<` or a longer run of dots is not a range operator of its own.
            if token == Array("..."), range.upperBound < characters.count, characters[range.upperBound] == "<" { continue }
            starts.append(start)
        }
        return starts
    }

    /// The decimal integer literals in code: not part of a name (`$0`, `x1`), a decimal
    /// fraction (`0.5`) or a tuple label (`.0`).
    static func integerLiterals(in characters: [Character], isCode: [Bool]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < characters.count {
            guard characters[index].isASCII, characters[index].isNumber, isCode[index] else { index += 1; continue }
            var end = index
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            let before: Character = index > 0 ? characters[index - 1] : " "
            let after: Character = end < characters.count ? characters[end] : " "
            let afterNext: Character = end + 1 < characters.count ? characters[end + 1] : " "
            let partOfName = isIdentifierCharacter(before) || before == "$" || isIdentifierCharacter(after)
            let fraction = before == "." || (after == "." && afterNext.isNumber)
            if !partOfName, !fraction { ranges.append(index..<end) }
            index = end
        }
        return ranges
    }

    /// `for x in items {` → `for x in items.reversed() {` (parenthesised when the
    /// sequence is an expression with spaces, such as a range).
    static func reversedLoop(_ characters: [Character], isCode: [Bool]) -> String? {
        let line = String(characters)
        guard let forRange = line.range(of: "for "), line[..<forRange.lowerBound].allSatisfy(\.isWhitespace),
              let inRange = line.range(of: " in ", range: forRange.upperBound..<line.endIndex) else { return nil }
        let rest = line[inRange.upperBound...]
        let end = rest.range(of: " where ")?.lowerBound ?? rest.range(of: " {", options: .backwards)?.lowerBound
        guard let end else { return nil }
        let sequence = String(rest[..<end])
        guard !sequence.isEmpty, !sequence.hasSuffix(".reversed()"),
              isCode[line.distance(from: line.startIndex, to: inRange.upperBound)] else { return nil }
        let bare = !sequence.contains(" ") && !sequence.contains("..")
        let reversed = bare ? "\(sequence).reversed()" : "(\(sequence)).reversed()"
        return String(line[..<inRange.upperBound]) + reversed + String(rest[end...])
    }
}
