import Foundation

/// How alike two pieces of Swift are, the way `grade`'s similarity report measures it
/// (MOSS and JPlag's idea): each text becomes shingles of a few tokens (`SourceTokens`:
/// comments and strings left out), with the names its author chose renamed inside each
/// shingle, so renaming variables hides nothing. `Similarity` (a class's pairs of
/// students) and `NearCopyLint` (an exercise's reference against its chapter's snippets)
/// both compare these shingles.
package enum CodeShingles {
    /// Tokens a shingle spans: a line or so of code.
    package static let length = 6

    /// Shingles of `text`'s tokens. A word not in `keeping` (names the text must use as
    /// they are) nor a keyword is one its author chose: within each shingle it becomes
    /// `$0`, `$1`… in the order it comes, so `sum = sum + price` and `total = total +
    /// cents` are alike.
    package static func of(_ text: String, keeping: Set<String>) -> [String] {
        located(text, keeping: keeping).map(\.shingle)
    }

    /// The shingles of `text`, each with the (1-based) line its first token is on.
    package static func located(_ text: String, keeping: Set<String>) -> [(shingle: String, line: Int)] {
        let tokens = SourceTokens(text).tokens
        guard !tokens.isEmpty else { return [] }
        // A text shorter than a shingle is one.
        let windows = tokens.count < length ? [0..<tokens.count]
            : (0...(tokens.count - length)).map { $0..<($0 + length) }
        return windows.map { window in
            var names: [String: Int] = [:]
            let shingle = tokens[window].map(\.text).map { token in
                guard let first = token.first, first.isLetter || first == "_", !keywords.contains(token), !keeping.contains(token)
                else { return token }
                if let number = names[token] { return "$\(number)" }
                names[token] = names.count
                return "$\(names.count - 1)"
            }.joined(separator: " ")
            return (shingle, tokens[window.lowerBound].line)
        }
    }

    package static let keywords: Set<String> = [
        "let", "var", "func", "return", "if", "else", "guard", "for", "in", "where", "while", "repeat", "switch", "case",
        "default", "break", "continue", "fallthrough", "do", "try", "catch", "throw", "throws", "rethrows", "async",
        "await", "defer", "struct", "class", "enum", "protocol", "extension", "init", "deinit", "self", "Self", "super",
        "nil", "true", "false", "is", "as", "some", "any", "inout", "import", "public", "private", "fileprivate",
        "internal", "static", "final", "mutating", "lazy", "weak", "unowned", "typealias", "subscript", "operator",
    ]
}
