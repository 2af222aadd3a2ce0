/// A unified diff of two short texts, line by line (`diff -u`'s format), for showing
/// how a snippet's output differs from the chapter's. Snippet outputs are small, so a
/// plain longest-common-subsequence table is fast enough and easy to trust.
public enum LineDiff {
    enum Edit: Equatable {
        case same(String), removed(String), added(String)
    }

    /// `---`/`+++` headers, then `@@ -a,b +c,d @@` hunks with `context` lines around
    /// each change. Empty when the texts are equal.
    public static func unified(
        from old: String, to new: String, oldName: String = "expected", newName: String = "actual", context: Int = 3
    ) -> String {
        let edits = self.edits(from: lines(old), to: lines(new))
        guard edits.contains(where: { if case .same = $0 { false } else { true } }) else { return "" }
        var output = ["--- \(oldName)", "+++ \(newName)"]
        for hunk in hunks(edits, context: context) { output += hunk }
        return output.joined(separator: "\n")
    }

    static func lines(_ text: String) -> [String] {
        if text.isEmpty { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The edit script that turns `old` into `new`, keeping the longest common subsequence.
    static func edits(from old: [String], to new: [String]) -> [Edit] {
        // common[i][j]: length of the LCS of old[i...] and new[j...].
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                edits.append(.same(old[i])); i += 1; j += 1
            } else if j < new.count, i == old.count || common[i][j + 1] > common[i + 1][j] {
                edits.append(.added(new[j])); j += 1
            } else {
                edits.append(.removed(old[i])); i += 1
            }
        }
        return edits
    }

    /// Groups changes that are at most `2 * context` unchanged lines apart into hunks.
    private static func hunks(_ edits: [Edit], context: Int) -> [[String]] {
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(edits.count - 1, index + context)
            if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...range.upperBound
            } else {
                ranges.append(range)
            }
        }
        return ranges.map { range in
            // Line numbers where the hunk starts in each text: count the lines before it.
            var oldStart = 1, newStart = 1
            for edit in edits[..<range.lowerBound] {
                switch edit {
                case .same: oldStart += 1; newStart += 1
                case .removed: oldStart += 1
                case .added: newStart += 1
                }
            }
            var body: [String] = []
            var oldCount = 0, newCount = 0
            for edit in edits[range] {
                switch edit {
                case .same(let line): body.append(" " + line); oldCount += 1; newCount += 1
                case .removed(let line): body.append("-" + line); oldCount += 1
                case .added(let line): body.append("+" + line); newCount += 1
                }
            }
            // diff -u numbers an empty side by the line before it.
            let header = "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@"
            return [header] + body
        }
    }
}
