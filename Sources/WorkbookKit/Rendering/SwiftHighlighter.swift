/// Highlights Swift for handouts: splits code into tokens with a small table of rules
/// and wraps keywords, types, strings, numbers, comments and attributes in `<span>`s.
/// It is a lexer, not a parser — enough to make code easy to read, in colour or not.
public enum SwiftHighlighter {
    /// The kinds of token that get a style; the raw value is the CSS class.
    public enum TokenKind: String, Sendable, CaseIterable {
        case keyword = "kw"
        case type = "ty"
        case string = "str"
        case number = "num"
        case comment = "com"
        case attribute = "attr"
    }

    /// A piece of the code and how to show it (nil: plain).
    public struct Token: Sendable, Equatable {
        public var text: String
        public var kind: TokenKind?
    }

    /// Swift's keywords, plus the contextual ones a reader thinks of as keywords.
    static let keywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class",
        "continue", "convenience", "default", "defer", "deinit", "didSet", "do", "dynamic", "else",
        "enum", "extension", "fallthrough", "false", "fileprivate", "final", "for", "func", "get",
        "guard", "if", "import", "in", "indirect", "init", "inout", "internal", "is", "isolated",
        "lazy", "let", "mutating", "nil", "nonisolated", "nonmutating", "open", "operator",
        "optional", "override", "package", "precedencegroup", "private", "protocol", "public",
        "repeat", "required", "rethrows", "return", "self", "Self", "set", "some", "static",
        "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias",
        "unowned", "var", "weak", "where", "while", "willSet", "consuming", "borrowing", "sending",
    ]

    /// The rules, tried in order at each position; the first that matches takes the text.
    private static let rules: [(kind: TokenKind?, match: @Sendable (Substring.UnicodeScalarView) -> Int?)] = [
        (.comment, lineComment),
        (.comment, blockComment),
        (.string, stringLiteral),
        (.number, numberLiteral),
        (.attribute, attribute),
        (.keyword, poundKeyword),
        (nil, backtickIdentifier),
        (nil, shorthandArgument),
    ]

    /// The tokens of `code`, in order; their texts joined give back `code`.
    public static func tokens(_ code: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(code).unicodeScalars
        var plain = String.UnicodeScalarView()
        func flushPlain() {
            if !plain.isEmpty { tokens.append(Token(text: String(plain), kind: nil)) }
            plain = String.UnicodeScalarView()
        }
        scanning: while let first = rest.first {
            for rule in rules {
                if let length = rule.match(rest), length > 0 {
                    flushPlain()
                    let end = rest.index(rest.startIndex, offsetBy: length)
                    tokens.append(Token(text: String(rest[..<end]), kind: rule.kind))
                    rest = rest[end...]
                    continue scanning
                }
            }
            if isIdentifierStart(first) {
                let word = String(String.UnicodeScalarView(rest.prefix(while: isIdentifierPart)))
                flushPlain()
                tokens.append(Token(text: word, kind: kind(ofWord: word)))
                rest = rest.dropFirst(word.unicodeScalars.count)
                continue
            }
            plain.append(first)
            rest = rest.dropFirst()
        }
        flushPlain()
        return tokens
    }

    /// `code` as HTML: escaped, with a `<span class="…">` around each styled token.
    public static func html(_ code: String) -> String {
        var out = ""
        out.reserveCapacity(code.utf8.count * 2)
        for token in tokens(code) {
            if let kind = token.kind {
                out += "<span class=\"\(kind.rawValue)\">\(HTML.escape(token.text))</span>"
            } else {
                out += HTML.escape(token.text)
            }
        }
        return out
    }

    static func kind(ofWord word: String) -> TokenKind? {
        if keywords.contains(word) { return .keyword }
        if let first = word.unicodeScalars.first, first.properties.isUppercase { return .type }
        return nil
    }

    // MARK: Rules: each returns how many scalars it matches at the start, or nil.

    private typealias Scalars = Substring.UnicodeScalarView

    private static func lineComment(_ text: Scalars) -> Int? {
        guard text.starts(with: "//".unicodeScalars) else { return nil }
        return text.prefix(while: { $0 != "\n" }).count
    }

    /// `/* … */`, nested as Swift nests them; an unclosed one runs to the end.
    private static func blockComment(_ text: Scalars) -> Int? {
        guard text.starts(with: "/*".unicodeScalars) else { return nil }
        var depth = 0
        var index = text.startIndex
        var count = 0
        while index < text.endIndex {
            let next = text.index(after: index)
            let pair = next < text.endIndex ? (text[index], text[next]) : (text[index], " ")
            if pair == ("/", "*") {
                depth += 1; count += 2; index = text.index(after: next); continue
            }
            if pair == ("*", "/") {
                depth -= 1; count += 2; index = text.index(after: next)
                if depth == 0 { return count }
                continue
            }
            count += 1
            index = next
        }
        return count
    }

    /// `"…"`, `"""…"""` and raw strings `#"…"#`. Escapes are skipped so `\"` does not end
    /// the literal; interpolations stay inside the string's colour.
    private static func stringLiteral(_ text: Scalars) -> Int? {
        let hashes = text.prefix(while: { $0 == "#" }).count
        var index = text.index(text.startIndex, offsetBy: hashes)
        guard index < text.endIndex, text[index] == "\"" else { return nil }
        let multiline = text[index...].starts(with: "\"\"\"".unicodeScalars)
        let quote = multiline ? "\"\"\"" : "\""
        let closing = Array((quote + String(repeating: "#", count: hashes)).unicodeScalars)
        index = text.index(index, offsetBy: quote.count)
        while index < text.endIndex {
            let scalar = text[index]
            if !multiline, scalar == "\n" { break }
            if scalar == "\\", hashes == 0 {
                index = text.index(after: index)
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            if text[index...].starts(with: closing) {
                index = text.index(index, offsetBy: closing.count)
                break
            }
            index = text.index(after: index)
        }
        return text.distance(from: text.startIndex, to: index)
    }

    /// `42`, `1_000`, `3.14`, `1e-3`, `0xFF`; `1...5` stays a range (`1`, `...`, `5`).
    private static func numberLiteral(_ text: Scalars) -> Int? {
        guard let first = text.first, isDigit(first) else { return nil }
        var rest = text
        func take(_ predicate: (Unicode.Scalar) -> Bool) -> Int {
            let run = rest.prefix(while: predicate).count
            rest = rest.dropFirst(run)
            return run
        }
        var count = 0
        if text.starts(with: "0x".unicodeScalars) || text.starts(with: "0b".unicodeScalars) || text.starts(with: "0o".unicodeScalars) {
            rest = rest.dropFirst(2)
            return 2 + take { $0.properties.isASCIIHexDigit || $0 == "_" }
        }
        count += take { isDigit($0) || $0 == "_" }
        if rest.first == ".", let after = rest.dropFirst().first, isDigit(after) {
            rest = rest.dropFirst()
            count += 1 + take { isDigit($0) || $0 == "_" }
        }
        if let e = rest.first, e == "e" || e == "E" {
            var exponent = rest.dropFirst()
            var extra = 1
            if let sign = exponent.first, sign == "-" || sign == "+" { exponent = exponent.dropFirst(); extra += 1 }
            let digits = exponent.prefix(while: isDigit).count
            if digits > 0 { count += extra + digits }
        }
        return count
    }

    /// `@MainActor`, `@escaping`, `@Test`.
    private static func attribute(_ text: Scalars) -> Int? {
        guard text.first == "@", let next = text.dropFirst().first, isIdentifierStart(next) else { return nil }
        return 1 + text.dropFirst().prefix(while: isIdentifierPart).count
    }

    /// `#if`, `#selector`, `#expect`: compiler directives and macros.
    private static func poundKeyword(_ text: Scalars) -> Int? {
        guard text.first == "#", let next = text.dropFirst().first, isIdentifierStart(next) else { return nil }
        return 1 + text.dropFirst().prefix(while: isIdentifierPart).count
    }

    /// `` `default` `` is a plain name, not a keyword.
    private static func backtickIdentifier(_ text: Scalars) -> Int? {
        guard text.first == "`" else { return nil }
        let body = text.dropFirst().prefix(while: { $0 != "`" && $0 != "\n" })
        guard text.dropFirst(1 + body.count).first == "`", !body.isEmpty else { return nil }
        return body.count + 2
    }

    /// `$0`, `$1`: argument names, not numbers.
    private static func shorthandArgument(_ text: Scalars) -> Int? {
        guard text.first == "$" else { return nil }
        let digits = text.dropFirst().prefix(while: isDigit).count
        return digits > 0 ? digits + 1 : nil
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || isDigit(scalar)
    }
}
