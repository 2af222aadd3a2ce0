import WorkbookRunning
import WorkbookModel

/// The model answer set beside the learner's file, region by region: what the learner
/// wrote where the reference has its solution, the diff to the model answer, and the
/// reasons the model answer's comments give.
struct SolutionDiff {
    struct Region {
        /// The learner's lines where this region's solution goes (nil: could not be found).
        var learner: [String]?
        /// The model answer's lines, comments included.
        var model: [String]
        /// The model answer's `//` comments, in order: why it is written this way.
        var reasons: [String]
    }

    var regions: [Region] = []

    init(reference: String, path: String, learner: String?) throws {
        let referenceLines = reference.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A learner who copied the reference keeps its markers: compare what it runs.
        let learner = learner.map { text in
            text.contains("BEGIN SOLUTION") ? (try? SolutionMarkers.solution(from: text, path: path)) ?? text : text
        }
        let learnerLines = learner?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var searchFrom = 0
        for region in try SolutionMarkers.regions(in: reference, path: path) {
            let model = region.answerLines.map { Array(referenceLines[($0.lowerBound - 1)...($0.upperBound - 1)]) } ?? []
            // Consecutive comment lines make one reason.
            var reasons: [String] = []
            var inComment = false
            for line in model.map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard line.hasPrefix("//") else { inComment = false; continue }
                let text = String(line.drop { $0 == "/" }).trimmingCharacters(in: .whitespaces)
                if inComment, let last = reasons.popLast() { reasons.append(last + " " + text) } else { reasons.append(text) }
                inComment = true
            }
            var found: [String]?
            // The region sits between the same lines in the learner's file as in the
            // reference: the one before the BEGIN marker and the one after the END marker.
            if let learnerLines, region.beginLine >= 2, region.endLine < referenceLines.count {
                let before = referenceLines[region.beginLine - 2]
                let after = referenceLines[region.endLine]
                if let start = learnerLines[min(searchFrom, learnerLines.count)...].firstIndex(of: before),
                   let end = learnerLines[(start + 1)...].firstIndex(of: after) {
                    found = Array(learnerLines[(start + 1)..<end])
                    searchFrom = end
                }
            }
            regions.append(Region(learner: found, model: model, reasons: reasons))
        }
    }

    /// A unified diff per region, from the learner's lines to the model answer's. The
    /// learner's declarations are put in the model answer's order first, matched by kind
    /// and name (`struct ActionID` with `struct ActionID`), so a diff never pairs one
    /// declaration with another; comment lines are left out unless `comments`.
    func diffs(learnerName: String, comments: Bool = false) -> [String] {
        regions.compactMap { region in
            guard let learner = region.learner else { return nil }
            let mine = comments ? learner : Self.withoutComments(learner)
            let model = comments ? region.model : Self.withoutComments(region.model)
            let aligned = Self.aligned(mine, to: model)
            // Both sides laid out alike (one blank line between declarations), so a moved
            // blank line is not shown as a difference.
            let theirs = Self.aligned(model, to: model)
            let note = Self.keys(aligned) == Self.keys(mine) ? "" : ", your declarations in the model answer's order"
            return LineDiff.unified(
                from: aligned.joined(separator: "\n"), to: theirs.joined(separator: "\n"),
                oldName: "yours (\(learnerName)\(note))", newName: "the model answer")
        }
    }

    /// The lines without whole-line comments (`//`, `///`, and `/* … */` blocks).
    static func withoutComments(_ lines: [String]) -> [String] {
        var kept: [String] = []
        var inBlock = false
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inBlock {
                if trimmed.contains("*/") { inBlock = false }
                continue
            }
            if trimmed.hasPrefix("//") { continue }
            if trimmed.hasPrefix("/*") {
                inBlock = !trimmed.contains("*/")
                continue
            }
            kept.append(line)
        }
        return kept
    }

    /// `lines` cut into declarations at their outermost indentation, reordered to follow
    /// `model`'s declarations of the same kind and name; the learner's others keep their
    /// order after them. Lines before the first declaration stay first.
    static func aligned(_ lines: [String], to model: [String]) -> [String] {
        let mine = chunks(lines), theirs = chunks(model)
        guard mine.contains(where: { $0.key != nil }) else { return lines }
        var remaining = mine.filter { $0.key != nil }
        var ordered: [Chunk] = []
        for key in theirs.compactMap(\.key) {
            if let index = remaining.firstIndex(where: { $0.key == key }) { ordered.append(remaining.remove(at: index)) }
        }
        ordered += remaining
        var result = trimmed(mine.filter { $0.key == nil }.flatMap(\.lines))
        for chunk in ordered {
            if !result.isEmpty { result.append("") }
            result += trimmed(chunk.lines)
        }
        return result
    }

    /// The declarations' keys in order, to tell whether aligning moved any.
    static func keys(_ lines: [String]) -> [String] { chunks(lines).compactMap(\.key) }

    private static func trimmed(_ lines: [String]) -> [String] {
        let blank: (String) -> Bool = { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let first = lines.firstIndex(where: { !blank($0) }), let last = lines.lastIndex(where: { !blank($0) }) else { return [] }
        return Array(lines[first...last])
    }

    struct Chunk {
        /// "struct ActionID", "func tap"; nil for lines before the first declaration.
        var key: String?
        var lines: [String]
    }

    static func chunks(_ lines: [String]) -> [Chunk] {
        let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }
        guard let outer = indents.min() else { return [Chunk(key: nil, lines: lines)] }
        var chunks: [Chunk] = [Chunk(key: nil, lines: [])]
        var pending: [String] = []  // attributes and blank lines wait for the next declaration
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // Types and functions only: `let`s in a body are statements, whose order is the learner's.
            if indent == outer, let key = declarationKey(trimmed), !["var", "let", "case"].contains(key.split(separator: " ").first ?? "") {
                chunks.append(Chunk(key: key, lines: pending + [line]))
                pending = []
            } else if indent == outer, trimmed.hasPrefix("@") || trimmed.hasPrefix("//") {
                pending.append(line)
            } else {
                chunks[chunks.count - 1].lines += pending + [line]
                pending = []
            }
        }
        chunks[chunks.count - 1].lines += pending
        return chunks.filter { $0.key != nil || !$0.lines.isEmpty }
    }

    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "final", "nonisolated",
        "mutating", "override", "convenience", "required", "lazy", "weak", "unowned", "indirect", "dynamic",
    ]
    private static let kinds: Set<String> = [
        "struct", "class", "enum", "actor", "protocol", "extension", "func", "var", "let", "init", "deinit",
        "subscript", "typealias", "case",
    ]

    /// "func tap" for `public func tap(_:)…`, nil for a line that declares nothing.
    static func declarationKey(_ line: String) -> String? {
        var words = line.replacingOccurrences(of: "(set)", with: "").split(whereSeparator: { " \t(<:{=".contains($0) }).map(String.init)[...]
        while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) {
            words = words.dropFirst()
        }
        guard let kind = words.first, kinds.contains(kind) else { return nil }
        let name = words.dropFirst().first ?? ""
        return "\(kind) \(name)"
    }
}
