import Foundation
import WorkbookModel

/// Declarations in a learner's file that would change what the tests themselves mean.
/// The tests import the chapter's module, so a `public func ==` for `[Int]` in a learner's
/// file became the `==` of the tests' own `#expect(a == b)` and passed a wrong answer
/// (measured). Such declarations are refused with the line that holds them: public
/// operator functions the reference does not declare, and public extensions of the
/// standard library's and Foundation's types — found by the declaration's tokens
/// (`SourceTokens`), not by line: `public` on one line and `func ==` on the next passed
/// a check by line, and with `Int` crashed swift-frontend, measured.
enum ReachIntoTests {
    /// `file:line: error: …` for the first such declaration, or nil.
    static func refusal(learner: String, reference: String, shownPath: String) -> String? {
        let referenceOperators = Set(publicOperators(SourceTokens(reference)).map(\.name))
        let tokens = SourceTokens(learner)
        var found: [(line: Int, message: String)] = []
        for (name, line) in publicOperators(tokens) where !referenceOperators.contains(name) {
            found.append((line, "a public operator `\(name)` would change what the tests' own `\(name)` means; "
                + "make it internal (drop `public`), or write the comparison as a function"))
        }
        for (type, line) in publicExtensions(tokens) {
            found.append((line, "a public extension of `\(type)` would change the tests' own code; make its members internal (drop `public`)"))
        }
        return found.min { $0.line < $1.line }.map { "\(shownPath):\($0.line):1: error: \($0.message)" }
    }

    /// `#sourceLocation` in code (not in a comment or a string): its line.
    static func sourceLocationLine(_ source: String) -> Int? {
        SourceTokens(source).tokens.first { $0.text == "#sourceLocation" }?.line
    }

    /// Each public (or open) operator function: its operator and the line of its `public`.
    static func publicOperators(_ source: SourceTokens) -> [(name: String, line: Int)] {
        let tokens = source.tokens
        return tokens.indices.compactMap { index in
            guard tokens[index].text == "func", index + 1 < tokens.count,
                  let first = tokens[index + 1].text.first, SourceTokens.operatorCharacters.contains(first) else { return nil }
            guard let keyword = source.modifiers(before: index).first(where: { $0.text == "public" || $0.text == "open" }) else { return nil }
            return (tokens[index + 1].text, keyword.line)
        }
    }

    /// Each public extension of a shared type: the type and the line of its `public`.
    static func publicExtensions(_ source: SourceTokens) -> [(type: String, line: Int)] {
        let tokens = source.tokens
        return tokens.indices.compactMap { index in
            guard tokens[index].text == "extension", index + 1 < tokens.count, sharedTypes.contains(tokens[index + 1].text),
                  let keyword = source.modifiers(before: index).first(where: { $0.text == "public" || $0.text == "open" }) else { return nil }
            return (tokens[index + 1].text, keyword.line)
        }
    }

    /// Types whose members every test uses.
    private static let sharedTypes: Set<String> = [
        "Array", "Dictionary", "Set", "String", "Substring", "Character", "Int", "Double", "Float", "Bool",
        "Optional", "Result", "Sequence", "Collection", "Equatable", "Comparable", "Hashable", "Decimal",
        "Date", "Data", "URL", "IndexSet", "ClosedRange", "Range", "BinaryInteger", "Numeric", "StringProtocol",
    ]
}
