import Foundation
import WorkbookModel

/// One escape hatch found in a learner's file: `dlsym at exercises/01-blocks/Ex2_Counter.swift:14`.
public struct EscapeHatch: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The table's name (`EscapeHatches.table`).
    public var name: String
    public var path: String
    public var line: Int

    public init(name: String, path: String, line: Int) {
        self.name = name
        self.path = path
        self.line = line
    }

    public var description: String { "\(name) at \(path):\(line)" }

    /// Why a teacher should look, from the table.
    public var why: String { EscapeHatches.table.first { $0.name == name }?.why ?? "" }
}

/// Finds `EscapeHatches.table`'s patterns in a Swift file: by tokens, so never in a
/// comment or a string, except `/proc`, which is looked for inside string literals; the
/// code of an interpolation (`"\(exit(0))"`) is code here, as it runs.
enum EscapeHatchScan {
    /// The hatches of `source`, each at its line, in line order; `allowed` names are left out.
    static func scan(_ source: String, path: String, allowed: [String] = []) -> [EscapeHatch] {
        let tokens = SourceTokens(source, interpolations: true).tokens
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [EscapeHatch] = []
        for pattern in EscapeHatches.table where !allowed.contains(pattern.name) {
            for line in lines(of: pattern.match, tokens: tokens, lines: sourceLines) {
                found.append(EscapeHatch(name: pattern.name, path: path, line: line))
            }
        }
        return found.sorted { ($0.line, $0.name) < ($1.line, $1.name) }
    }

    /// The lines where `match` is found, each once.
    private static func lines(of match: EscapeHatches.Match, tokens: [SourceTokens.Token], lines: [String]) -> [Int] {
        var found: [Int] = []
        func add(_ line: Int) { if !found.contains(line) { found.append(line) } }
        switch match {
        case .word(let word):
            for token in tokens where token.text == word { add(token.line) }
        case .call(let names, let prefix):
            for index in tokens.indices where isFreeCall(index, tokens) {
                let text = tokens[index].text
                if names.contains(text) || prefix.map({ text.hasPrefix($0) }) == true { add(tokens[index].line) }
            }
        case .callOnLiteralDescriptor(let name):
            for index in tokens.indices where tokens[index].text == name && isFreeCall(index, tokens) {
                if index + 2 < tokens.count, let descriptor = Int(tokens[index + 2].text), descriptor >= 3 { add(tokens[index].line) }
            }
        case .callWithFunctionType(let name):
            for index in tokens.indices where tokens[index].text == name && isFreeCall(index, tokens) {
                var depth = 0
                for inner in tokens[(index + 1)...] {
                    if inner.text == "(" { depth += 1 }
                    if inner.text == ")" { depth -= 1; if depth == 0 { break } }
                    if inner.text == "->" || inner.text == "@convention" { add(tokens[index].line); break }
                }
            }
        case .inString(let text):
            let mask = CodeMask(lines)
            for index in lines.indices {
                // A string's characters: neither code nor comment.
                let kept = zip(mask.characters[index], zip(mask.lines[index], zip(mask.comments[index], mask.interpolations[index])))
                    .map { character, kind in kind.0 || kind.1.0 || kind.1.1 ? "\u{0}" : character }
                if String(kept).contains(text) { add(index + 1) }
            }
        }
        return found
    }

    /// Modules whose free functions are the C library's (`Glibc.exit(1)`).
    private static let systemModules: Set<String> = ["Foundation", "Glibc", "Darwin", "Musl", "ucrt", "WinSDK", "Android"]

    /// Whether token `index` is a name called as a free function: followed by `(`, not a
    /// member (`.exit(`) unless of a system module, and not being declared (`func exit(`).
    private static func isFreeCall(_ index: Int, _ tokens: [SourceTokens.Token]) -> Bool {
        guard index + 1 < tokens.count, tokens[index + 1].text == "(" else { return false }
        guard index > 0 else { return true }
        let before = tokens[index - 1].text
        if before == "func" || before == "case" { return false }
        if before == "." { return index >= 2 && systemModules.contains(tokens[index - 2].text) }
        return true
    }
}
