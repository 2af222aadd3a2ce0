import Foundation

/// Which characters of a Swift file's lines are code: not inside a comment or a string
/// literal (interpolations included, as an operator there changes only a message).
/// Mutation operators look only at code, so they never touch what a learner reads; the
/// starter comparison leaves out only the comments (a string's text is code to it).
///
/// A scanner, not a parser: it knows `//` and `/* */` comments (nested, as Swift's
/// are), `"…"` and `"""…"""` strings with escapes, and raw strings (`#"…"#`).
package struct CodeMask: Sendable {
    /// Per line, per character (`Array(line)` offsets): true where the text is code.
    package let lines: [[Bool]]
    /// Per line, per character: true inside a comment (`//`, `/* */`, the markers included).
    package let comments: [[Bool]]
    /// The lines' characters, as the offsets count them.
    package let characters: [[Character]]

    package init(_ source: [String]) {
        characters = source.map(Array.init)
        var state = State.code
        var masks: [[Bool]] = []
        var commentMasks: [[Bool]] = []
        for line in source {
            let characters = Array(line)
            var mask = Array(repeating: false, count: characters.count)
            var comment = Array(repeating: false, count: characters.count)
            var index = 0
            func starts(_ text: String, at offset: Int) -> Bool {
                let wanted = Array(text)
                guard offset + wanted.count <= characters.count else { return false }
                return Array(characters[offset..<(offset + wanted.count)]) == wanted
            }
            while index < characters.count {
                switch state {
                case .code:
                    if starts("//", at: index) {
                        for offset in index..<characters.count { comment[offset] = true }
                        index = characters.count
                    } else if starts("/*", at: index) {
                        state = .blockComment(depth: 1)
                        comment[index] = true
                        comment[index + 1] = true
                        index += 2
                    } else if characters[index] == "#" || characters[index] == "\"" {
                        // `#"`, `##"`, `"""`, `"`: count the hashes, then the quotes.
                        var hashes = 0
                        while index + hashes < characters.count, characters[index + hashes] == "#" { hashes += 1 }
                        let quote = index + hashes
                        if quote < characters.count, characters[quote] == "\"" {
                            let multiline = starts("\"\"\"", at: quote)
                            state = .string(hashes: hashes, multiline: multiline)
                            index = quote + (multiline ? 3 : 1)
                        } else {
                            mask[index] = true  // `#if`, `#require`, `#expect`: code
                            index += 1
                        }
                    } else {
                        mask[index] = true
                        index += 1
                    }
                case .blockComment(let depth):
                    comment[index] = true
                    if starts("*/", at: index) {
                        state = depth == 1 ? .code : .blockComment(depth: depth - 1)
                        comment[index + 1] = true
                        index += 2
                    } else if starts("/*", at: index) {
                        state = .blockComment(depth: depth + 1)
                        comment[index + 1] = true
                        index += 2
                    } else {
                        index += 1
                    }
                case .string(let hashes, let multiline):
                    let terminator = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                    if characters[index] == "\\", hashes == 0 {
                        index += 2  // an escape: `\"` does not end the string
                    } else if starts(terminator, at: index) {
                        state = .code
                        index += terminator.count
                    } else {
                        index += 1
                    }
                }
            }
            // A one-line string cannot run on to the next line.
            if case .string(_, false) = state { state = .code }
            masks.append(mask)
            commentMasks.append(comment)
        }
        lines = masks
        comments = commentMasks
    }

    private enum State {
        case code
        case blockComment(depth: Int)
        case string(hashes: Int, multiline: Bool)
    }

    /// True when the characters `range` of line `index` (0-based) are all code.
    package func isCode(line index: Int, _ range: Range<Int>) -> Bool {
        guard index < lines.count, range.lowerBound >= 0, range.upperBound <= lines[index].count else { return false }
        return range.allSatisfy { lines[index][$0] }
    }

    /// Line `index`'s code alone, comments and strings left out, trimmed.
    package func code(line index: Int) -> String {
        guard index < lines.count else { return "" }
        let kept = zip(characters[index], lines[index]).map { $1 ? $0 : " " }
        return String(kept).trimmingCharacters(in: .whitespaces)
    }

    /// Line `index` without its comments, trimmed: strings kept, as they are code.
    package func uncommented(line index: Int) -> String {
        guard index < comments.count else { return "" }
        let kept = zip(characters[index], comments[index]).map { $1 ? " " : $0 }
        return String(kept).trimmingCharacters(in: .whitespaces)
    }
}
