import Foundation

/// The one-line mistakes of issue 58 that a token swap cannot make: a sign lost or
/// gained, a condition read the wrong way round, a neighbour's element read. Decided
/// from the line's characters and its code mask, never from a parse.
extension MutationOperator {
    /// Characters after which a `-` or a number starts an operand, not a difference.
    private static let operandLeaders: Set<Character> = ["(", ",", "[", "=", ":", "{", "?", "*", "/", "+", "<", ">", "&", "|", "!"]

    /// The nearest code character before `index` that is not a space, and its offset.
    private static func previousCode(_ characters: [Character], isCode: [Bool], before index: Int) -> (Character, Int)? {
        var position = index - 1
        while position >= 0 {
            if isCode[position], characters[position] != " " { return (characters[position], position) }
            position -= 1
        }
        return nil
    }

    /// True when what comes before `index` is the start of an operand: an opening bracket,
    /// an operator, a label's colon, `return`, or nothing.
    private static func startsOperand(_ characters: [Character], isCode: [Bool], at index: Int) -> Bool {
        guard let (previous, position) = previousCode(characters, isCode: isCode, before: index) else { return true }
        if String(characters[..<(position + 1)]).hasSuffix("return") { return position < 6 || !isIdentifierCharacter(characters[position - 6]) }
        return operandLeaders.contains(previous)
    }

    /// `sign-flipped`: each prefix `-` dropped (`-offset` → `offset`), and each non-zero
    /// number handed on as an operand of its own (`x: 12`, `= 0.5`, `return 3`) negated.
    /// Not a subscript's index (`[1]`: a crash, not a slip) nor a range's bound.
    static func signsFlipped(_ characters: [Character], isCode: [Bool]) -> [String] {
        var rewrites: [String] = []
        for index in characters.indices where characters[index] == "-" && isCode[index] && index + 1 < characters.count {
            let next = characters[index + 1]
            guard next.isLetter || next.isNumber || next == "(" || next == "$" || next == "_" || next == "." else { continue }
            if index > 0, "-&".contains(characters[index - 1]) { continue }
            guard startsOperand(characters, isCode: isCode, at: index) else { continue }
            rewrites.append(String(characters[..<index]) + String(characters[(index + 1)...]))
        }
        for range in numberLiterals(in: characters, isCode: isCode) {
            guard String(characters[range]).contains(where: { $0 != "0" && $0 != "." }),
                  let (previous, position) = previousCode(characters, isCode: isCode, before: range.lowerBound) else { continue }
            let rest = String(characters[range.upperBound...]).drop { $0 == " " }
            if rest.hasPrefix("..") { continue }
            let before = previousCode(characters, isCode: isCode, before: position)?.0
            // An argument, a label's value, an assignment's, a returned one: not `x == 1`.
            // (`+= 1` made `+= -1` is `arithmetic`'s `-= 1`.)
            let value = "(,:?".contains(previous) || (previous == "=" && !"=!<>+-*/".contains(before ?? " "))
            let returned = String(characters[..<range.lowerBound]).trimmingCharacters(in: .whitespaces).hasSuffix("return")
            guard value || returned else { continue }
            rewrites.append(String(characters[..<range.lowerBound]) + "-" + String(characters[range.lowerBound...]))
        }
        return rewrites
    }

    /// Integer and decimal literals in code (`12`, `0.25`): not part of a name, not a tuple label.
    static func numberLiterals(in characters: [Character], isCode: [Bool]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        func isDigit(_ position: Int) -> Bool { position < characters.count && characters[position].isASCII && characters[position].isNumber }
        while index < characters.count {
            guard isDigit(index), isCode[index] else { index += 1; continue }
            var end = index
            while isDigit(end) { end += 1 }
            if end < characters.count, characters[end] == ".", isDigit(end + 1) {
                end += 1
                while isDigit(end) { end += 1 }
            }
            let before: Character = index > 0 ? characters[index - 1] : " "
            let after: Character = end < characters.count ? characters[end] : " "
            if !(isIdentifierCharacter(before) || before == "$" || before == "." || isIdentifierCharacter(after)) {
                ranges.append(index..<end)
            }
            index = end
        }
        return ranges
    }

    /// `flag-flipped`: the condition of `if COND {`, `guard COND else`, `while COND {` or a
    /// loop's `where COND {`, negated (`!flag`, `!(a == b)`). Not a binding (`if let`), a
    /// pattern (`case`), an availability check, nor a list of conditions (`a, b`).
    static func conditionNegated(_ characters: [Character], isCode: [Bool]) -> String? {
        let line = String(characters)
        let leading = line.prefix { $0 == " " || $0 == "\t" }.count
        var start: Int?
        for keyword in ["if ", "} else if ", "guard ", "while "] where line.dropFirst(leading).hasPrefix(keyword) {
            start = leading + keyword.count
        }
        if start == nil, line.dropFirst(leading).hasPrefix("for "), let whereRange = line.range(of: " where ") {
            start = line.distance(from: line.startIndex, to: whereRange.upperBound)
        }
        guard let start, start < characters.count, isCode[start] else { return nil }
        let terminator = Array(line.dropFirst(leading).hasPrefix("guard ") ? " else" : " {")
        // The condition ends at the first terminator outside brackets.
        var depth = 0
        var end: Int?
        var index = start
        while index < characters.count {
            let character = characters[index]
            if isCode[index] {
                if "([".contains(character) { depth += 1 }
                if ")]".contains(character) { depth -= 1 }
                if depth == 0, character == "," { return nil }
                if depth == 0, Array(characters[index..<min(characters.count, index + terminator.count)]) == terminator {
                    end = index
                    break
                }
            }
            index += 1
        }
        guard let end, end > start else { return nil }
        let condition = String(characters[start..<end])
        guard !condition.hasPrefix("!"), condition != "true", condition != "false",
              !["let ", "var ", "case ", "#", "{"].contains(where: condition.contains) else { return nil }
        let simple = condition.allSatisfy { isIdentifierCharacter($0) || $0 == "." || $0 == "$" }
        let negated = simple ? "!" + condition : "!(" + condition + ")"
        return String(characters[..<start]) + negated + String(characters[end...])
    }

    private static let positionNames: Set<String> = ["i", "j", "k", "index", "row", "section", "offset", "position", "slice",
                                                    "start", "end", "low", "high", "middle", "mid", "next", "current", "last"]
    private static let positionSuffixes = ["Index", "Row", "Section", "Offset", "Position"]

    /// `index-off-by-one`: a subscript by a name reads the next or the previous element
    /// (`items[row]` → `items[row + 1]`, `items[row - 1]`; a name that says it is a position), and a `count` handed on as an
    /// argument is one less (`min(end, items.count)` → `items.count - 1`).
    static func indicesShifted(_ characters: [Character], isCode: [Bool]) -> [String] {
        var rewrites: [String] = []
        for open in characters.indices where characters[open] == "[" && isCode[open] && open > 0 {
            // A subscript follows a name or a call; `[x]` after `=` or `(` is an array literal.
            let before = characters[open - 1]
            guard isIdentifierCharacter(before) || ")]?!".contains(before) else { continue }
            guard let close = characters[(open + 1)...].firstIndex(of: "]"), close > open + 1 else { continue }
            let inside = characters[(open + 1)..<close]
            guard inside.allSatisfy({ isIdentifierCharacter($0) || $0 == "." }) else { continue }
            // Named as a position: a dictionary's key (`table[symbol]`) would not compile.
            let name = String(inside.split(separator: ".").last ?? inside[...])
            guard positionNames.contains(name) || positionSuffixes.contains(where: name.hasSuffix) else { continue }
            for shift in [" + 1", " - 1"] {
                rewrites.append(String(characters[..<close]) + shift + String(characters[close...]))
            }
        }
        for start in occurrences(of: Array(".count"), in: characters, isCode: isCode, wholeWord: true) {
            let end = start + 6
            let after = end < characters.count ? characters[end] : "\n"
            // Not `count { … }`, which is `count(where:)`.
            let handedOn = ")],\n".contains(after)
            guard handedOn, start > 0, isIdentifierCharacter(characters[start - 1]) || ")]".contains(characters[start - 1]) else { continue }
            rewrites.append(String(characters[..<end]) + " - 1" + String(characters[end...]))
        }
        return rewrites
    }
}
