/// `workbook run N --bless`: writes what snippets really printed into their chapter's
/// `output` blocks, as snapshot-testing tools do, so an author never pastes a diff by
/// hand. Only snippets that ran as promised and printed something else are touched.
public enum OutputBlessing {
    /// `text` (a chapter) with the `output` block whose opening fence is on each line
    /// replaced by its new content. Lines are 1-based; a fence longer than any run of
    /// backticks in the output is used, so the block stays one block.
    public static func bless(_ text: String, outputs: [(fenceLine: Int, output: String)]) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (fenceLine, output) in outputs.sorted(by: { $0.fenceLine > $1.fenceLine }) {
            let start = fenceLine - 1
            guard lines.indices.contains(start) else { continue }
            let opening = lines[start].trimmingLeadingSpaces
            let fenceCharacter = opening.first ?? "`"
            let fenceLength = opening.prefix { $0 == fenceCharacter }.count
            guard fenceLength >= 3, let end = lines[(start + 1)...].firstIndex(where: { line in
                let trimmed = line.trimmingLeadingSpaces
                return trimmed.prefix { $0 == fenceCharacter }.count >= fenceLength
                    && trimmed.drop { $0 == fenceCharacter }.allSatisfy { $0 == " " }
            }) else { continue }
            let body = output.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0).trimmingTrailingSpaces }
            var trimmed = body
            while let last = trimmed.last, last.isEmpty { trimmed.removeLast() }
            let longestRun = trimmed.map { line in line.split(whereSeparator: { $0 != "`" }).map(\.count).max() ?? 0 }.max() ?? 0
            let fence = String(repeating: "`", count: max(3, longestRun + 1))
            lines.replaceSubrange(start...end, with: [fence + "output"] + trimmed + [fence])
        }
        return lines.joined(separator: "\n")
    }
}

private extension String {
    var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
    var trimmingTrailingSpaces: String {
        var text = self
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return text
    }
}
