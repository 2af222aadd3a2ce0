import Foundation
import WorkbookModel
import WorkbookMutation

/// The probe's swaps of a name the learner declared and never used: a parameter or a
/// local whose name appears nowhere else in the file's code is the trace of a slip that
/// used another name in its place (4.2's `let moveLeft = …` left unused by `then:
/// completion`; 3.2's `on queue:` left unused by `DispatchQueue.main.async`). In a
/// file without such a name, as a working one mostly is, this makes no mutant.
enum UnusedNames {
    /// Swaps per line at most.
    static let perLine = 4

    static func mutants(lines: [String], written: Set<Int>, exercise: String, path: String) -> [Mutant] {
        let mask = CodeMask(lines)
        let code = lines.indices.map { mask.code(line: $0) }
        let inCodeBody = LineShapes(lines: lines, mask: mask).inCodeBody
        // Declared names: a parameter's (the name after its label, or the label that is
        // its name) and a `let`/`var`'s.
        var declared: [(name: String, line: Int)] = []
        for (index, text) in code.enumerated() {
            for match in text.matches(of: /(?:^|[(,]\s*)(?:[a-z_][A-Za-z0-9_]*\s+)?([a-z_][A-Za-z0-9_]*)\s*:\s*(?:@escaping\s+|@Sendable\s+|inout\s+|@MainActor\s+)*[A-Z(\[]/)
            where text.contains("func ") || isParameterList(code, index) {
                declared.append((String(match.output.1), index + 1))
            }
            // Locals only: a type's property is used from other files (a protocol's `description`).
            for match in text.matches(of: /\b(?:let|var)\s+([a-z_][A-Za-z0-9_]*)\b/) where inCodeBody[index] {
                declared.append((String(match.output.1), index + 1))
            }
        }
        // Counted with the strings kept: a use in an interpolation is a use.
        let uncommented = lines.indices.map { mask.uncommented(line: $0) }
        let unused = declared.filter { entry in
            !Self.ignored.contains(entry.name) && uncommented.reduce(0) { $0 + Self.occurrences(of: entry.name, in: $1) } == 1
        }
        guard !unused.isEmpty else { return [] }
        var mutants: [Mutant] = []
        for line in written.sorted() where line <= lines.count {
            let text = lines[line - 1]
            var made = 0
            // What a name might stand in for: a label's value (`then: completion`) and a
            // call's receiver (`DispatchQueue.main` in `DispatchQueue.main.async {`).
            var places: [Range<String.Index>] = []
            for match in text.matches(of: /[A-Za-z0-9_"]\s*:\s*([a-z_][A-Za-z0-9_]*)\s*(?=[,)\]]|$)/) { places.append(match.output.1.startIndex..<match.output.1.endIndex) }
            for match in text.matches(of: /([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\.[a-z][A-Za-z0-9_]*\s*[({]/) {
                places.append(match.output.1.startIndex..<match.output.1.endIndex)
            }
            for place in places {
                let offset = text.distance(from: text.startIndex, to: place.lowerBound)
                guard mask.isCode(line: line - 1, offset..<(offset + text[place].count)) else { continue }
                for name in unused where name.line < line && name.name != String(text[place]) && made < perLine {
                    mutants.append(Mutant(exercise: exercise, file: path, line: line, operatorName: "name-swapped",
                                          original: [text], replacement: [text.replacingCharacters(in: place, with: name.name)]))
                    made += 1
                }
            }
        }
        return mutants
    }

    /// Names never worth a swap: `_`, `self`, and the ones a closure's signature names
    /// by convention.
    static let ignored: Set<String> = ["_", "self", "in", "let", "var"]

    /// Line `index` continues a parameter list (a signature spread over lines).
    private static func isParameterList(_ code: [String], _ index: Int) -> Bool {
        var line = index - 1
        while line >= 0, code[line].isEmpty { line -= 1 }
        guard line >= 0 else { return false }
        return code[line].hasSuffix("(") && code[line].contains("func ") || code[line].hasSuffix(",") && isParameterList(code, line)
    }

    /// Whole-word occurrences of `name` in `text`, not as a member (`x.name`).
    static func occurrences(of name: String, in text: String) -> Int {
        ranges(of: name, in: text).count
    }

    /// Where `name` stands on its own in `text`: not part of a longer name, nor a member.
    static func ranges(of name: String, in text: String) -> [Range<String.Index>] {
        text.ranges(of: name).filter { match in
            let before = text[..<match.lowerBound].last
            let after = text[match.upperBound...].first
            let isName = { (character: Character) in character.isLetter || character.isNumber || character == "_" }
            return !(before.map { isName($0) || $0 == "." } ?? false) && !(after.map(isName) ?? false)
        }
    }
}
