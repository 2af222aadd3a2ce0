import Foundation
import WorkbookSystem

/// Highlights Swift for handouts: splits code into tokens with a small table of rules
/// and wraps keywords, types, strings, numbers, comments and attributes in `<span>`s.
/// It is a lexer, not a parser — enough to make code easy to read, in colour or not.
package enum SwiftHighlighter {
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

    /// The token a rule matches at `index`, and its kind. The rules are tried in this
    /// order, the first that matches taking the text: comments, strings, numbers,
    /// attributes, `#` keywords, backticked names and `$0`; each starts with its own
    /// bytes, so only the rules that can match at a byte are tried there.
    private static func token(in code: Code, at index: Int) -> (length: Int, kind: TokenKind?)? {
        func attempt(_ kind: TokenKind?, _ rule: (Code, Int) -> Int?) -> (length: Int, kind: TokenKind?)? {
            guard let length = rule(code, index), length > 0 else { return nil }
            return (length, kind)
        }
        switch code[index] {
        case slash: return attempt(.comment, lineComment) ?? attempt(.comment, blockComment)
        case quote: return attempt(.string, stringLiteral)
        case hash: return attempt(.string, stringLiteral) ?? attempt(.keyword, poundKeyword)
        case UInt8(ascii: "@"): return attempt(.attribute, attribute)
        case backtick: return attempt(nil, backtickIdentifier)
        case UInt8(ascii: "$"): return attempt(nil, shorthandArgument)
        case let byte where isDigit(byte): return attempt(.number, numberLiteral)
        default: return nil
        }
    }

    /// The tokens of `code`, in order; their texts joined give back `code`.
    public static func tokens(_ code: String) -> [Token] {
        let bytes = Array(code.utf8)
        return scan(bytes).map { Token(text: String(decoding: bytes[$0.range], as: UTF8.self), kind: $0.kind) }
    }

    /// `code` as HTML: escaped, with a `<span class="…">` around each styled token.
    public static func html(_ code: String) -> String {
        var code = code
        return code.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count * 2)
            for piece in pieces(bytes) {
                if let kind = piece.kind {
                    openingTag(kind).withUTF8Buffer { out += $0 }
                    HTML.appendEscaped(buffer: UnsafeBufferPointer(rebasing: bytes[piece.range]), to: &out)
                    out += "</span>".utf8
                } else {
                    HTML.appendEscaped(buffer: UnsafeBufferPointer(rebasing: bytes[piece.range]), to: &out)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `<span class="kw">` and the like (the class is the kind's raw value).
    static func openingTag(_ kind: TokenKind) -> StaticString {
        switch kind {
        case .keyword: return #"<span class="kw">"#
        case .type: return #"<span class="ty">"#
        case .string: return #"<span class="str">"#
        case .number: return #"<span class="num">"#
        case .comment: return #"<span class="com">"#
        case .attribute: return #"<span class="attr">"#
        }
    }

    /// The code's bytes: a buffer, not an array, so that the rules index it unchecked.
    private typealias Code = UnsafeBufferPointer<UInt8>

    private static func scan(_ code: [UInt8]) -> [(range: Range<Int>, kind: TokenKind?)] {
        code.withUnsafeBufferPointer(pieces)
    }

    /// The styled pieces and plain runs of `code`, in order, covering it.
    static func pieces(_ code: UnsafeBufferPointer<UInt8>) -> [(range: Range<Int>, kind: TokenKind?)] {
        var pieces: [(range: Range<Int>, kind: TokenKind?)] = []
        var written = 0
        forEachStyledToken(code) { range, kind in
            if written < range.lowerBound { pieces.append((written..<range.lowerBound, nil)) }
            pieces.append((range, kind))
            written = range.upperBound
        }
        if written < code.count { pieces.append((written..<code.count, nil)) }
        return pieces
    }

    /// Calls `body` with each styled token of `code`, in order; what lies between them is
    /// plain. Plain words are skipped, not reported: a listing is mostly plain, and a
    /// piece for every word and run between words cost more than the scan (callgrind).
    @inline(__always)
    static func forEachStyledToken(_ code: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, TokenKind) -> Void) {
        let keywords = keywordTable
        var index = 0
        while index < code.count {
            if let token = token(in: code, at: index) {
                if let kind = token.kind { body(index..<index + token.length, kind) }
                index += token.length
                continue
            }
            if isIdentifierStart(code[index]) {
                var end = index + 1
                while end < code.count, isIdentifierPart(code[end]) { end += 1 }
                if let kind = keywords.kind(ofWord: UnsafeBufferPointer(rebasing: code[index..<end])) { body(index..<end, kind) }
                index = end
                continue
            }
            index += 1
        }
    }

    /// The keywords packed into two words each (the longest has 15 bytes), bucketed by
    /// length and first byte: a word is compared with the few keywords that share both,
    /// as two integers, without making a String of it or calling memcmp (a linear search
    /// among the keywords of its length was most of highlighting's instructions, callgrind).
    private struct KeywordTable {
        /// Bucket `b`'s keywords are `packed[starts[b]..<starts[b + 1]]`.
        let starts: [Int32]
        let packed: [Packed]
        let longest: Int

        init(_ keywords: Set<String>) {
            longest = keywords.map(\.utf8.count).max() ?? 0
            var buckets = [[Packed]](repeating: [], count: (longest + 1) * 128 + 1)
            for keyword in keywords {
                Array(keyword.utf8).withUnsafeBufferPointer { buckets[Self.bucket(length: $0.count, first: $0[0])].append(Packed($0)) }
            }
            var starts: [Int32] = [0]
            var packed: [Packed] = []
            for bucket in buckets {
                packed += bucket
                starts.append(Int32(packed.count))
            }
            self.starts = starts
            self.packed = packed
        }

        private static func bucket(length: Int, first: UInt8) -> Int { length * 128 + Int(first) }

        func kind(ofWord word: UnsafeBufferPointer<UInt8>) -> TokenKind? {
            guard let first = word.first else { return nil }
            if word.count <= longest, first < 128 {
                let bucket = Self.bucket(length: word.count, first: first)
                let range = Int(starts[bucket])..<Int(starts[bucket + 1])
                if !range.isEmpty, packed[range].contains(Packed(word)) { return .keyword }
            }
            return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") ? .type : nil
        }
    }

    private static let keywordTable = KeywordTable(keywords)

    /// Up to 16 bytes as two integers, the rest zero.
    private struct Packed: Equatable {
        var low: UInt64 = 0, high: UInt64 = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            for (offset, byte) in bytes.prefix(16).enumerated() {
                if offset < 8 { low |= UInt64(byte) << (8 * UInt64(offset)) } else { high |= UInt64(byte) << (8 * UInt64(offset - 8)) }
            }
        }
    }

    // MARK: Rules: each returns how many bytes it matches at `at`, or nil.

    private static func byte(_ code: Code, _ index: Int) -> UInt8? {
        index < code.count ? code[index] : nil
    }

    private static func lineComment(_ code: Code, _ at: Int) -> Int? {
        guard byte(code, at) == slash, byte(code, at + 1) == slash else { return nil }
        var end = at
        while end < code.count, code[end] != newline { end += 1 }
        return end - at
    }

    /// `/* … */`, nested as Swift nests them; an unclosed one runs to the end.
    private static func blockComment(_ code: Code, _ at: Int) -> Int? {
        guard byte(code, at) == slash, byte(code, at + 1) == star else { return nil }
        var depth = 0
        var index = at
        while index < code.count {
            if code[index] == slash, byte(code, index + 1) == star {
                depth += 1; index += 2; continue
            }
            if code[index] == star, byte(code, index + 1) == slash {
                depth -= 1; index += 2
                if depth == 0 { return index - at }
                continue
            }
            index += 1
        }
        return index - at
    }

    /// `"…"`, `"""…"""` and raw strings `#"…"#`. Escapes are skipped so `\"` does not end
    /// the literal; interpolations stay inside the string's colour.
    private static func stringLiteral(_ code: Code, _ at: Int) -> Int? {
        var index = at
        while byte(code, index) == hash { index += 1 }
        let hashes = index - at
        guard byte(code, index) == quote else { return nil }
        let multiline = byte(code, index + 1) == quote && byte(code, index + 2) == quote
        let quotes = multiline ? 3 : 1
        index += quotes
        while index < code.count {
            let current = code[index]
            if !multiline, current == newline { break }
            if current == backslash, hashes == 0 {
                index += 2
                continue
            }
            if current == quote, closes(code, at: index, quotes: quotes, hashes: hashes) {
                index += quotes + hashes
                break
            }
            index += 1
        }
        return min(index, code.count) - at
    }

    private static func closes(_ code: Code, at index: Int, quotes: Int, hashes: Int) -> Bool {
        for offset in 0..<quotes where byte(code, index + offset) != quote { return false }
        for offset in 0..<hashes where byte(code, index + quotes + offset) != hash { return false }
        return true
    }

    /// `42`, `1_000`, `3.14`, `1e-3`, `0xFF`; `1...5` stays a range (`1`, `...`, `5`).
    private static func numberLiteral(_ code: Code, _ at: Int) -> Int? {
        guard let first = byte(code, at), isDigit(first) else { return nil }
        var index = at
        if first == UInt8(ascii: "0"), let radix = byte(code, at + 1),
           radix == UInt8(ascii: "x") || radix == UInt8(ascii: "b") || radix == UInt8(ascii: "o") {
            index += 2
            while let next = byte(code, index), isHexDigit(next) || next == underscore { index += 1 }
            return index - at
        }
        while let next = byte(code, index), isDigit(next) || next == underscore { index += 1 }
        if byte(code, index) == dot, let after = byte(code, index + 1), isDigit(after) {
            index += 1
            while let next = byte(code, index), isDigit(next) || next == underscore { index += 1 }
        }
        if let e = byte(code, index), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var exponent = index + 1
            if let sign = byte(code, exponent), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { exponent += 1 }
            var digits = exponent
            while let next = byte(code, digits), isDigit(next) { digits += 1 }
            if digits > exponent { index = digits }
        }
        return index - at
    }

    /// `@MainActor`, `@escaping`, `@Test`.
    private static func attribute(_ code: Code, _ at: Int) -> Int? {
        prefixedName(code, at, prefix: UInt8(ascii: "@"))
    }

    /// `#if`, `#selector`, `#expect`: compiler directives and macros.
    private static func poundKeyword(_ code: Code, _ at: Int) -> Int? {
        prefixedName(code, at, prefix: hash)
    }

    private static func prefixedName(_ code: Code, _ at: Int, prefix: UInt8) -> Int? {
        guard byte(code, at) == prefix, let next = byte(code, at + 1), isIdentifierStart(next) else { return nil }
        var end = at + 2
        while let next = byte(code, end), isIdentifierPart(next) { end += 1 }
        return end - at
    }

    /// `` `default` `` is a plain name, not a keyword.
    private static func backtickIdentifier(_ code: Code, _ at: Int) -> Int? {
        guard byte(code, at) == backtick else { return nil }
        var end = at + 1
        while let next = byte(code, end), next != backtick, next != newline { end += 1 }
        guard byte(code, end) == backtick, end > at + 1 else { return nil }
        return end + 1 - at
    }

    /// `$0`, `$1`: argument names, not numbers.
    private static func shorthandArgument(_ code: Code, _ at: Int) -> Int? {
        guard byte(code, at) == UInt8(ascii: "$") else { return nil }
        var end = at + 1
        while let next = byte(code, end), isDigit(next) { end += 1 }
        return end > at + 1 ? end - at : nil
    }

    private static let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), newline = UInt8(ascii: "\n")
    private static let hash = UInt8(ascii: "#"), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    private static let dot = UInt8(ascii: "."), underscore = UInt8(ascii: "_"), backtick = UInt8(ascii: "`")

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }

    /// ASCII letters, `_`, and every byte of a non-ASCII character (so `café` stays whole).
    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }
}
