import Foundation

/// Which characters of a Swift file's lines are code: not inside a comment or a string
/// literal (interpolations included, as an operator there changes only a message; they
/// are marked apart, in `interpolations`).
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
    /// Per line, per character: true for the code inside a string's interpolation
    /// (`"\(dlsym(h, "f"))"`: `dlsym(h, ` and `)`, not the nested string). `lines` counts it as
    /// string; a scan for calls must not (a call hidden there still runs).
    package let interpolations: [[Bool]]
    /// The lines' characters, as the offsets count them.
    package let characters: [[Character]]

    package init(_ source: [String]) {
        characters = source.map(Array.init)
        // A stack: code holds strings, strings hold interpolations, which hold code again.
        var stack: [State] = [.code]
        var masks: [[Bool]] = []
        var commentMasks: [[Bool]] = []
        var interpolationMasks: [[Bool]] = []
        for characters in self.characters {
            var mask = Array(repeating: false, count: characters.count)
            var comment = Array(repeating: false, count: characters.count)
            var interpolation = Array(repeating: false, count: characters.count)
            var index = 0
            func starts(_ wanted: [Character], at offset: Int) -> Bool {
                characters[offset...].starts(with: wanted)
            }
            while index < characters.count {
                switch stack[stack.count - 1] {
                case .code, .interpolation:
                    let inside: Bool
                    if case .interpolation = stack[stack.count - 1] { inside = true } else { inside = false }
                    func markCode(_ offset: Int) { if inside { interpolation[offset] = true } else { mask[offset] = true } }
                    if starts(Self.lineComment, at: index) {
                        for offset in index..<characters.count { comment[offset] = true }
                        index = characters.count
                    } else if starts(Self.commentOpen, at: index) {
                        stack.append(.blockComment(depth: 1))
                        comment[index] = true
                        comment[index + 1] = true
                        index += 2
                    } else if characters[index] == Self.hash || characters[index] == Self.quote {
                        // `#"`, `##"`, `"""`, `"`: count the hashes, then the quotes.
                        var hashes = 0
                        while index + hashes < characters.count, characters[index + hashes] == Self.hash { hashes += 1 }
                        let quote = index + hashes
                        if quote < characters.count, characters[quote] == Self.quote {
                            let multiline = starts(Self.tripleQuote, at: quote)
                            stack.append(.string(hashes: hashes, multiline: multiline))
                            index = quote + (multiline ? 3 : 1)
                        } else {
                            markCode(index)  // `#if`, `#require`, `#expect`: code
                            index += 1
                        }
                    } else if inside, case .interpolation(let depth) = stack[stack.count - 1],
                              characters[index] == Self.openParenthesis || characters[index] == Self.closeParenthesis {
                        if characters[index] == Self.closeParenthesis && depth == 0 {
                            stack.removeLast()  // the interpolation's own `)`: back in the string
                        } else {
                            stack[stack.count - 1] = .interpolation(depth: depth + (characters[index] == Self.openParenthesis ? 1 : -1))
                            markCode(index)
                        }
                        index += 1
                    } else {
                        markCode(index)
                        index += 1
                    }
                case .blockComment(let depth):
                    comment[index] = true
                    if starts(Self.commentClose, at: index) {
                        if depth == 1 { stack.removeLast() } else { stack[stack.count - 1] = .blockComment(depth: depth - 1) }
                        comment[index + 1] = true
                        index += 2
                    } else if starts(Self.commentOpen, at: index) {
                        stack[stack.count - 1] = .blockComment(depth: depth + 1)
                        comment[index + 1] = true
                        index += 2
                    } else {
                        index += 1
                    }
                case .string(let hashes, let multiline):
                    // Only a backslash or a quote can start an interpolation, an escape or the end.
                    guard characters[index] == Self.backslash || characters[index] == Self.quote else {
                        index += 1
                        continue
                    }
                    let terminator = (multiline ? Self.tripleQuote : [Self.quote]) + Array(repeating: Self.hash, count: hashes)
                    let interpolationStart = [Self.backslash] + Array(repeating: Self.hash, count: hashes) + [Self.openParenthesis]
                    if starts(interpolationStart, at: index) {
                        stack.append(.interpolation(depth: 0))
                        index += interpolationStart.count
                    } else if characters[index] == Self.backslash, hashes == 0 {
                        index += 2  // an escape: `\"` does not end the string
                    } else if starts(terminator, at: index) {
                        stack.removeLast()
                        index += terminator.count
                    } else {
                        index += 1
                    }
                }
            }
            // A one-line string (and what it holds) cannot run on to the next line.
            if let first = stack.firstIndex(where: { if case .string(_, false) = $0 { true } else { false } }) {
                stack.removeSubrange(first...)
            }
            masks.append(mask)
            commentMasks.append(comment)
            interpolationMasks.append(interpolation)
        }
        lines = masks
        comments = commentMasks
        interpolations = interpolationMasks
    }

    private static let hash: Character = "#", quote: Character = "\"", backslash: Character = "\\"
    private static let openParenthesis: Character = "(", closeParenthesis: Character = ")"
    private static let lineComment: [Character] = ["/", "/"], commentOpen: [Character] = ["/", "*"], commentClose: [Character] = ["*", "/"]
    private static let tripleQuote: [Character] = [quote, quote, quote]

    private enum State {
        case code
        case blockComment(depth: Int)
        case string(hashes: Int, multiline: Bool)
        /// Inside `\(`…`)`, with the parentheses opened there and not yet closed.
        case interpolation(depth: Int)
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
