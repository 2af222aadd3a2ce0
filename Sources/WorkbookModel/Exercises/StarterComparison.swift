import Foundation
import WorkbookSystem

/// Whether a learner's file is still its exercise's starter. A file that differs only in
/// line endings (a Windows clone's CRLF), blank lines, indentation or comments is
/// untouched: nothing in it could make a test pass that the starter fails, and a grade
/// of it would be the starter's (measured: such a copy of chapter 3 earned 1.12 of 11
/// points, from the tests its starters happen to pass).
package enum StarterComparison {
    /// `swift`: compare the code with its comments left out (strings are code); else
    /// (a prediction's text) compare the lines alone.
    package static func isUntouched(_ text: String, starter: String, swift: Bool) -> Bool {
        text == starter || remembered(text, swift: swift) == remembered(starter, swift: swift)
    }

    /// `significantLines`, remembered: every grading compares every exercise's file with its
    /// starter, mostly the same texts again (a chapter's `mutate` grades it once per mutant),
    /// and the comparison was over half of `workbook mutate`'s own CPU.
    private static func remembered(_ text: String, swift: Bool) -> [String] {
        memo.value(for: Key(text: text, swift: swift)) { significantLines(text, swift: swift) }
    }

    private struct Key: Hashable {
        var text: String
        var swift: Bool
    }

    private static let memo = BoundedMemo<Key, [String]>(limit: 512)

    /// The lines that carry meaning: line endings unified, a byte-order mark dropped,
    /// comments removed (Swift), white space at the ends trimmed and runs of it folded,
    /// blank lines left out.
    static func significantLines(_ text: String, swift: Bool) -> [String] {
        var text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let mask = swift ? CodeMask(lines) : nil
        return lines.indices.compactMap { index in
            let line = mask?.uncommented(line: index) ?? lines[index]
            let folded = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            return folded.isEmpty ? nil : folded
        }
    }
}
