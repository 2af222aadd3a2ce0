import Foundation

/// A Swift file's code as tokens with their lines, comments and string literals left out
/// (by `CodeMask`): checks that look for declarations or calls see them across line
/// breaks (`public` on one line, `func ==` on the next) and never inside a comment or a
/// string. A scanner, not a parser: words, `@attribute`s, `#directive`s, operator runs,
/// and each bracket or separator on its own.
package struct SourceTokens {
    package struct Token: Equatable {
        package var text: String
        /// 1-based.
        package var line: Int
    }

    package let tokens: [Token]

    package static let operatorCharacters = Set("/=-+!*%<>&|^~?.")

    /// `interpolations`: the code inside strings' `\(…)` counts as code too (a scan for
    /// calls wants it; a check of declarations does not).
    package init(_ source: String, interpolations: Bool = false) {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let codeMask = CodeMask(lines)
        let isCode = interpolations
            ? zip(codeMask.lines, codeMask.interpolations).map { zip($0, $1).map { $0 || $1 } } : codeMask.lines
        let mask = (characters: codeMask.characters, lines: isCode)
        var tokens: [Token] = []
        for index in lines.indices {
            let characters = mask.characters[index]
            var offset = 0
            while offset < characters.count {
                guard mask.lines[index][offset] else { offset += 1; continue }
                let character = characters[offset]
                func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
                var end = offset + 1
                if isWord(character) || ((character == "@" || character == "#") && end < characters.count && isWord(characters[end])) {
                    while end < characters.count, mask.lines[index][end], isWord(characters[end]) { end += 1 }
                } else if Self.operatorCharacters.contains(character) {
                    while end < characters.count, mask.lines[index][end], Self.operatorCharacters.contains(characters[end]) { end += 1 }
                } else if character.isWhitespace {
                    offset += 1
                    continue
                }
                tokens.append(Token(text: String(characters[offset..<end]), line: index + 1))
                offset = end
            }
        }
        self.tokens = tokens
    }

    /// Words that may stand before `func` or `extension` in a declaration.
    package static let modifiers: Set<String> = [
        "public", "open", "internal", "fileprivate", "private", "package", "static", "class", "final", "override",
        "mutating", "nonmutating", "nonisolated", "prefix", "postfix", "infix", "dynamic", "required", "convenience",
        "isolated", "consuming", "borrowing", "indirect", "lazy", "weak", "unowned", "optional",
    ]

    /// The modifiers (and `@attributes`) right before token `index`, nearest first.
    package func modifiers(before index: Int) -> [Token] {
        var found: [Token] = []
        var cursor = index - 1
        while cursor >= 0 {
            let text = tokens[cursor].text
            if Self.modifiers.contains(text) || text.hasPrefix("@") {
                found.append(tokens[cursor])
                cursor -= 1
            } else if text == ")" {
                // `@available(…)`, `private(set)`: skip the parenthesized words.
                var depth = 0
                var back = cursor
                while back >= 0 {
                    if tokens[back].text == ")" { depth += 1 }
                    if tokens[back].text == "(" { depth -= 1; if depth == 0 { break } }
                    back -= 1
                }
                guard back > 0 else { break }
                cursor = back - 1
            } else {
                break
            }
        }
        return found
    }

    /// Whether the declaration at token `index` (its `func` or `extension`) is public.
    package func isPublic(_ index: Int) -> Bool {
        modifiers(before: index).contains { $0.text == "public" || $0.text == "open" }
    }
}
