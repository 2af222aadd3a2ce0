import Foundation

/// The statement-level mistakes of issue 58: two steps done in the wrong order (one-line
/// or spanning lines, declarations too), a step done twice, a whole block left out.
/// Decided from the lines' code and brackets, never from a parse.
extension Statements {
    private static let transfers = ["return", "break", "continue", "throw ", "fallthrough"]
    private static let typeDeclarations = ["func ", "struct ", "class ", "enum ", "actor ", "typealias ", "private ", "fileprivate ",
                                           "public ", "static ", "lazy ", "import ", "extension ", "protocol ", "init", "@", "#",
                                           "mutating ", "override ", "final "]

    /// The lines of the statement that starts on line `index`, when one starts there: a
    /// line of its own or a run whose brackets close (`for … { … }`, `queue.async { … }`),
    /// not continuing the line before nor continued by the one after.
    func statement(startingAt index: Int) -> ClosedRange<Int>? {
        let code = mask.code(line: index)
        guard solution.contains(index + 1), !code.isEmpty, code != "in",
              !["}", ")", "]", ".", "&&", "||", "+ ", "- ", "* ", "?", ":", "case ", "default", "else"].contains(where: code.hasPrefix)
        else { return nil }
        if let previous = previousCode(index), !(previous.hasSuffix("{") || previous.hasSuffix("}")),
           !Self.isLabel(previous), Self.continuedBy.contains(where: previous.hasSuffix) { return nil }
        guard let end = statementEnd(from: index) else { return nil }
        let last = mask.code(line: end)
        if !(last.hasSuffix("}") || last.hasSuffix(")") || last.hasSuffix("]")),
           Self.continuedBy.contains(where: last.hasSuffix) { return nil }
        if let next = nextCodeLine(end),
           [".", "&&", "||", "?", ":", "+ ", "- ", "* ", "/ ", "else"].contains(where: mask.code(line: next).hasPrefix) { return nil }
        return index...end
    }

    /// The names a `let`, `var` or `guard let` statement's first line declares.
    func declaredNames(_ index: Int) -> Set<String> {
        let code = mask.code(line: index)
        guard ["let ", "var ", "guard let ", "guard var "].contains(where: code.hasPrefix) else { return [] }
        var names: Set<String> = []
        for match in code.matches(of: /(?:let|var)\s+\(?([A-Za-z_]\w*)(?:\s*,\s*([A-Za-z_]\w*))?/) {
            names.insert(String(match.output.1))
            if let second = match.output.2 { names.insert(String(second)) }
        }
        return names
    }

    /// True when the code of `lines` uses `name` as a whole word.
    func uses(_ name: String, in range: ClosedRange<Int>) -> Bool {
        range.contains { line in
            let code = mask.code(line: line)
            // Not a member of something else (`self.count`, `items.count`).
            return code.ranges(of: name).contains { match in
                let before = code[..<match.lowerBound].last
                let after = code[match.upperBound...].first
                return !(before.map { MutationOperator.isIdentifierCharacter($0) || $0 == "." } ?? false)
                    && !(after.map(MutationOperator.isIdentifierCharacter) ?? false)
            }
        }
    }

    /// `statements-swapped`: the statement that starts on line `index` and the next one of
    /// its block (past comments and blank lines, at the same indentation) trade places.
    /// Not when one declares a name the other uses (that does not compile), nor after a
    /// `return` (that only deletes the second).
    func swapped(at index: Int) -> (original: [String], replacement: [String])? {
        guard let first = statement(startingAt: index), let next = nextCodeLine(first.upperBound),
              let second = statement(startingAt: next) else { return nil }
        func indentation(_ line: String) -> Substring { line.prefix { $0 == " " || $0 == "\t" } }
        guard indentation(lines[index]) == indentation(lines[next]) else { return nil }
        let firstCode = mask.code(line: index), secondCode = mask.code(line: next)
        guard !Self.transfers.contains(where: firstCode.hasPrefix),
              !Self.typeDeclarations.contains(where: firstCode.hasPrefix), !Self.typeDeclarations.contains(where: secondCode.hasPrefix)
        else { return nil }
        let firstNames = declaredNames(index), secondNames = declaredNames(next)
        // Two declarations side by side do not trade places: in the chapters they are
        // independent values (a lock and a count), so the swap is only noise.
        if !firstNames.isEmpty, !secondNames.isEmpty { return nil }
        if firstNames.contains(where: { uses($0, in: second) }) || secondNames.contains(where: { uses($0, in: first) }) {
            return nil
        }
        let between = first.upperBound + 1 < next ? Array(lines[(first.upperBound + 1)..<next]) : []
        return (Array(lines[first.lowerBound...second.upperBound]), Array(lines[second]) + between + Array(lines[first]))
    }

    /// `step-doubled`: a one-line step that changes something and is not a plain call
    /// (`call-doubled` has those) runs twice: `count += 1`, `items.append(x)`,
    /// `continuation.yield(update)`, `try table.deleteRows(…)`.
    func stepDoubled(_ index: Int) -> [String]? {
        guard isStatement(index), !isDeclaration(index), !isPlainCall(index) else { return nil }
        var code = Substring(mask.code(line: index))
        for prefix in ["try ", "await "] where code.hasPrefix(prefix) { code = code.dropFirst(prefix.count) }
        let compound = code.firstMatch(of: /^[A-Za-z_$][\w$.\[\]]*\s*(\+=|-=|\*=|\/=)\s/) != nil
        // A method called on something: `receiver.name(…)` or `receiver.name { … }` on one line.
        let method = code.wholeMatch(of: /[A-Za-z_$][\w$.\[\]]*\.[a-z]\w*(\(.*\)|\s*\{.*\})/) != nil
        guard compound || method, !code.hasPrefix("print("), !code.contains(".resume(") else { return nil }
        // The only statement of a closure, or of a function that returns something, may be
        // its value (`prices.reduce(0, +)`): doubled, it only fails to compile. A loop's,
        // a branch's or a `Void` function's only statement is a step like any other.
        if let opener = previousCode(index), opener.hasSuffix("{") || opener.hasSuffix(" in"),
           let next = nextCodeLine(index), mask.code(line: next).hasPrefix("}") {
            let control = ["if ", "for ", "while ", "guard ", "else", "} else", "repeat", "do ", "do{", "case ", "default"]
            // `func f(done: () -> Void) {` returns nothing: an arrow after the parameters' `)` is the result's.
            let afterParameters = opener.lastIndex(of: ")").map { opener[$0...] } ?? Substring(opener)
            let voidFunction = (opener.contains("func ") || opener.hasPrefix("init") || opener.contains(" init("))
                && !afterParameters.contains("->")
            if !control.contains(where: opener.hasPrefix), !voidFunction { return nil }
        }
        return [lines[index], lines[index]]
    }

    /// `block-deleted`: an `if`, `for` or `while` statement spanning lines, or a call with
    /// a trailing closure (`queue.async { … }`, `items.forEach { … }`), deleted whole.
    func blockDeleted(_ index: Int) -> (original: [String], replacement: [String])? {
        let code = mask.code(line: index)
        guard let range = statement(startingAt: index), range.count > 1, code.hasSuffix("{") || code.hasSuffix(" in"),
              !isDeclaration(index), !Self.typeDeclarations.contains(where: code.hasPrefix),
              !(Self.transfers + ["guard ", "switch ", "do ", "do{", "defer", "else", "repeat"]).contains(where: code.hasPrefix) else { return nil }
        return (Array(lines[range]), [])
    }
}
