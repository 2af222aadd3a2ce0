import Foundation

/// One mutant: a reference file with one plausible mistake put into a solution region.
public struct Mutant: Sendable, Equatable, Codable {
    /// The exercise whose reference file it changes (`3.2`).
    public var exercise: String
    /// The reference file, relative to the workbook root.
    public var file: String
    /// The first line changed (1-based).
    public var line: Int
    public var operatorName: String
    /// The lines replaced, from `line` on (one, or two for a swap).
    package var original: [String]
    /// What takes their place (none for a deleted line).
    package var replacement: [String]

    package init(exercise: String, file: String, line: Int, operatorName: String, original: [String], replacement: [String]) {
        self.exercise = exercise
        self.file = file
        self.line = line
        self.operatorName = operatorName
        self.original = original
        self.replacement = replacement
    }

    /// `Ex2_LoadInventory.swift:31:async-sync`: how accepted-mutant lists name it.
    public var key: String { "\(URL(fileURLWithPath: file).lastPathComponent):\(line):\(operatorName)" }

    /// The change on one line, for the author's list of survivors.
    public var diff: String {
        let before = original.map(Self.shown)
        let after = replacement.map(Self.shown)
        if after.isEmpty { return "deleted: \(before.joined(separator: " ⏎ "))" }
        if after.count == 2, before.count == 1 { return "doubled: \(before[0])" }
        if after.count == 2, before.count == 2, after == before.reversed() { return "swapped: \(before[0]) ⇄ \(before[1])" }
        if before.count > 2, after == [before[before.count - 1]] + Array(before[..<(before.count - 1)]) {
            return "moved up: \(before[before.count - 1]) above \(before[0])"
        }
        return before.joined(separator: " ⏎ ") + "  →  " + after.joined(separator: " ⏎ ")
    }

    /// A line as the diff shows it: trimmed, without its trailing comment (a mutant
    /// never changes a comment, so it only hides the change).
    static func shown(_ line: String) -> String {
        var text = line
        if let comment = text.range(of: "  // ", options: .backwards) { text = String(text[..<comment.lowerBound]) }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// `source` (the reference file's text) with the mutation applied.
    public func apply(to source: String) -> String {
        var lines = source.components(separatedBy: "\n")
        let range = (line - 1)..<(line - 1 + original.count)
        guard range.upperBound <= lines.count, Array(lines[range]) == original else { return source }
        lines.replaceSubrange(range, with: replacement)
        return lines.joined(separator: "\n")
    }
}
