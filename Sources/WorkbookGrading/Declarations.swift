import Foundation

/// The named declarations of a Swift file, read from its text: enough to say "your
/// `loadInventory` at exercises/03-queues/Ex2_LoadInventory.swift:14" in a report.
/// A light scan (comments and string literals skipped, braces counted), not a parser:
/// it only ever names a place, and a name it cannot find is simply not mentioned.
struct Declarations {
    struct Declaration: Equatable {
        /// The declared name (`target`, `loadInventory`, `init`).
        var name: String
        /// With the enclosing type, when there is one: `Move.target`.
        var qualifiedName: String
        /// 1-based.
        var line: Int
        /// A `func` or an `init`: code a test runs by calling it.
        var isFunction = false
    }

    var all: [Declaration] = []

    static let keywords: Set<String> = ["func", "var", "let", "case", "class", "struct", "enum", "protocol", "actor", "typealias", "extension"]
    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "protocol", "actor", "extension"]

    init(source: String) {
        // Types open at some brace depth; members inside them are qualified by the innermost.
        var types: [(name: String, depth: Int)] = []
        var depth = 0
        var pendingType: String?
        var previousWord: String?
        for (index, line) in Declarations.codeLines(source).enumerated() {
            for token in Declarations.tokens(line) {
                switch token {
                case "{":
                    depth += 1
                    if let name = pendingType { types.append((name, depth)); pendingType = nil }
                case "}":
                    if let last = types.last, last.depth == depth { types.removeLast() }
                    depth -= 1
                default:
                    // Only declarations at type or file level: a `let` inside a function body is no API.
                    let atMemberLevel = depth == (types.last?.depth ?? 0)
                    if let keyword = previousWord, Declarations.keywords.contains(keyword), atMemberLevel,
                       token.first.map({ $0.isLetter || $0 == "_" }) == true, !Declarations.keywords.contains(token) {
                        let owner = types.last?.name
                        if Declarations.typeKeywords.contains(keyword) {
                            pendingType = token
                        }
                        if keyword != "extension" {
                            all.append(Declaration(name: token, qualifiedName: owner.map { "\($0).\(token)" } ?? token, line: index + 1,
                                                   isFunction: keyword == "func"))
                        }
                    } else if token == "init", atMemberLevel, let owner = types.last?.name {
                        all.append(Declaration(name: "init", qualifiedName: "\(owner).init", line: index + 1, isFunction: true))
                    }
                    previousWord = token
                    continue
                }
                previousWord = token
            }
        }
    }

    /// The declarations whose names `code` uses as identifiers, in declaration order.
    func used(in code: String) -> [Declaration] {
        let words = Set(Declarations.codeLines(code).flatMap(Declarations.tokens))
        return all.filter { $0.name != "init" && words.contains($0.name) }
    }

    /// The innermost declaration that contains `line` (a function's own line for a line in its body).
    func enclosing(line: Int) -> Declaration? {
        all.last { $0.line <= line }
    }

    /// The source with comments and the insides of string literals blanked, line by line
    /// (line numbers kept).
    static func codeLines(_ source: String) -> [String] {
        var lines: [String] = []
        var inBlockComment = false
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var kept = ""
            var inString = false
            var previous: Character = " "
            var index = raw.startIndex
            while index < raw.endIndex {
                let character = raw[index]
                let next = raw.index(after: index) < raw.endIndex ? raw[raw.index(after: index)] : " "
                if inBlockComment {
                    if character == "*", next == "/" { inBlockComment = false; index = raw.index(after: index) }
                } else if inString {
                    if character == "\"", previous != "\\" { inString = false; kept.append(" ") }
                } else if character == "/", next == "/" {
                    break
                } else if character == "/", next == "*" {
                    inBlockComment = true
                    index = raw.index(after: index)
                } else if character == "\"" {
                    inString = true
                } else {
                    kept.append(character)
                }
                previous = character
                index = raw.index(after: index)
            }
            lines.append(kept)
        }
        return lines
    }

    /// Identifiers, and `{` `}` as tokens of their own.
    static func tokens(_ line: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        for character in line {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            if !word.isEmpty { tokens.append(word); word = "" }
            if character == "{" || character == "}" { tokens.append(String(character)) }
        }
        if !word.isEmpty { tokens.append(word) }
        return tokens
    }
}

extension Declarations {
    /// True when `declaration` declares a type (some member is qualified by it).
    static func isTypeName(_ declaration: Declaration, in declarations: Declarations) -> Bool {
        declarations.all.contains { $0.qualifiedName.hasPrefix(declaration.name + ".") }
    }
}
