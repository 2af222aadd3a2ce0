import Foundation

/// Declarations in a learner's file that would change what the tests themselves mean.
/// The tests import the chapter's module, so a `public func ==` for `[Int]` in a learner's
/// file became the `==` of the tests' own `#expect(a == b)` and passed a wrong answer
/// (measured). Such declarations are refused with the line that holds them. A lexical
/// check, kept small: public operator functions the reference does not declare, and
/// public extensions of the standard library's and Foundation's types.
enum ReachIntoTests {
    /// `file:line: error: …` for the first such declaration, or nil.
    static func refusal(learner: String, reference: String, shownPath: String) -> String? {
        let referenceOperators = Set(lines(reference).compactMap(publicOperator))
        for (index, line) in lines(learner).enumerated() {
            if let name = publicOperator(line), !referenceOperators.contains(name) {
                return "\(shownPath):\(index + 1):1: error: a public operator `\(name)` would change what the tests' own `\(name)` means; "
                    + "make it internal (drop `public`), or write the comparison as a function"
            }
            if let type = publicExtendedType(line) {
                return "\(shownPath):\(index + 1):1: error: a public extension of `\(type)` would change the tests' own code; "
                    + "make its members internal (drop `public`)"
            }
        }
        return nil
    }

    /// Lines without `//` comments (good enough: the check looks for declarations).
    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if let comment = line.range(of: "//") { return String(line[..<comment.lowerBound]) }
            return String(line)
        }
    }

    private static let operatorCharacters = Set("/=-+!*%<>&|^~?.")

    /// The operator of a `public` (or `open`) operator function declared on this line.
    static func publicOperator(_ line: String) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.contains(where: { $0 == "public" || $0 == "open" }),
              let funcIndex = words.firstIndex(of: "func"), funcIndex + 1 < words.count else { return nil }
        let name = words[funcIndex + 1].prefix { operatorCharacters.contains($0) }
        return name.isEmpty ? nil : String(name)
    }

    /// Types whose members every test uses.
    private static let sharedTypes: Set<String> = [
        "Array", "Dictionary", "Set", "String", "Substring", "Character", "Int", "Double", "Float", "Bool",
        "Optional", "Result", "Sequence", "Collection", "Equatable", "Comparable", "Hashable", "Decimal",
        "Date", "Data", "URL", "IndexSet", "ClosedRange", "Range", "BinaryInteger", "Numeric", "StringProtocol",
    ]

    /// `public extension Array …`: the extended type, when it is a shared one.
    static func publicExtendedType(_ line: String) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" || $0 == ":" })
        guard let index = words.firstIndex(of: "extension"), index > 0, words[..<index].contains(where: { $0 == "public" || $0 == "open" }),
              index + 1 < words.count else { return nil }
        let type = String(words[index + 1].prefix { $0.isLetter || $0.isNumber })
        return sharedTypes.contains(type) ? type : nil
    }
}
