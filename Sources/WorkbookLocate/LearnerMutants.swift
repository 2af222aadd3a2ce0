import Foundation
import WorkbookModel
import WorkbookMutation

/// The mutants of the learner's own lines: the `mutate` operators over the whole file,
/// kept where they change a line the learner wrote (not one the starter gave), those in
/// the functions the failing tests call first.
enum LearnerMutants {
    static func make(source: String, starter: String, exercise: String, path: String, reached: Set<Int>) -> [Mutant] {
        let lines = source.components(separatedBy: "\n")
        let written = learnerLines(lines, starter: starter.components(separatedBy: "\n"))
        // The generator mutates solution regions: the whole file is one, its line numbers one
        // down, unless the file keeps the reference's own regions (a copy of it, edited).
        let hasRegions = source.contains(SolutionMarkers.begin)
        let marked = hasRegions ? source : SolutionMarkers.begin + "\n" + source + (source.hasSuffix("\n") ? "" : "\n") + "// END SOLUTION\n"
        guard let all = try? MutantGenerator().mutants(of: marked, path: path, exercise: exercise) else { return [] }
        let mine = all.compactMap { mutant -> Mutant? in
            var shifted = mutant
            if !hasRegions { shifted.line -= 1 }
            let changed = shifted.line..<(shifted.line + max(1, shifted.original.count))
            return changed.contains(where: written.contains) ? shifted : nil
        }
        // Each line's candidates (the operators', then a name swapped for another:
        // `NameSwaps`), the lines the failing tests reached first; then taken a line at a
        // time, round after round, so the runs the probe can afford (`Limits.runs`) reach
        // every line before any line's tenth candidate (in file order, 3.3's repair came
        // after 48 others of earlier lines, measured).
        let swaps = NameSwaps.mutants(lines: lines, written: written, exercise: exercise, path: path)
        let unused = UnusedNames.mutants(lines: lines, written: written, exercise: exercise, path: path)
        let shapes = RepairShapes.mutants(lines: lines, written: written, exercise: exercise, path: path)
        var byLine: [Int: [Mutant]] = [:]
        // The operators', then the repairs of a shape, then a name no code uses, then swaps.
        for mutant in mine + shapes + unused + swaps { byLine[mutant.line, default: []].append(mutant) }
        let roundRobin = { (lines: [Int]) -> [Mutant] in
            var ordered: [Mutant] = []
            let total = lines.map { byLine[$0]!.count }.reduce(0, +)
            var round = 0
            while ordered.count < total {
                for line in lines where round < byLine[line]!.count { ordered.append(byLine[line]![round]) }
                round += 1
            }
            return ordered
        }
        let changed = byLine.keys.sorted()
        return roundRobin(changed.filter(reached.contains)) + roundRobin(changed.filter { !reached.contains($0) })
    }

    /// The 1-based lines of `lines` that are not the starter's: those outside a longest
    /// common subsequence of the two, blank lines and comments left out.
    static func learnerLines(_ lines: [String], starter: [String]) -> Set<Int> {
        let a = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let b = starter.map { $0.trimmingCharacters(in: .whitespaces) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var written = Set<Int>()
        var i = 0, j = 0
        while i < a.count {
            if j < b.count, a[i] == b[j] {
                i += 1; j += 1
            } else if j < b.count, table[i + 1][j] < table[i][j + 1] {
                j += 1
            } else {
                if !a[i].isEmpty, !a[i].hasPrefix("//") { written.insert(i + 1) }
                i += 1
            }
        }
        return written
    }
}
