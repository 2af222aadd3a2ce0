import Foundation

/// An exercise whose reference solution is a near-copy of one of its chapter's snippets
/// asks the learner to retype what they just read (issue 58: "mechanical: close to a
/// chapter snippet"). Measured as `grade` measures two students' code (`CodeShingles`:
/// token shingles, the names an author chose renamed, the starter's names kept): the
/// share of the solution's shingles that the snippet has too. A share, not a Jaccard
/// score, because a snippet is often longer than the answer it gives away.
package struct NearCopyLint {
    package struct Pair: Sendable, Equatable {
        package var exercise: ExerciseID
        /// The snippet's line, and the reference's, where the first shared shingle starts.
        package var snippetLine: SourceLocation
        package var referenceLine: SourceLocation
        /// The solution's distinct shingles, and how many of them the snippet has.
        package var shingles: Int
        package var shared: Int

        package var share: Double { shingles == 0 ? 0 : Double(shared) / Double(shingles) }
    }

    /// The least share, and least number of shared shingles, reported: `grade`'s own
    /// figures for a pair of students (`Similarity`). Measured on the five chapters
    /// (2026-12-06): of the 38 exercises whose solution shares any shingle with a snippet
    /// of their chapter, the highest share was 38% (3.1 and 5.1), then 29%, 28%, 25%;
    /// the median about 9%. A one-line answer (under 10 shingles) is alike by chance.
    package static let threshold = 0.5
    package static let minimumShared = 10

    let workbook: Workbook

    package init(workbook: Workbook) {
        self.workbook = workbook
    }

    package func run() -> [Diagnostic] {
        pairs().filter { $0.share >= Self.threshold && $0.shared >= Self.minimumShared }.map { pair in
            Diagnostic(.warning, at: pair.snippetLine,
                       "exercise \(pair.exercise)'s reference solution (\(pair.referenceLine.path):\(pair.referenceLine.line)) is a near-copy of this snippet: "
                       + "\(Int((pair.share * 100).rounded()))% of its code (\(pair.shared) of \(pair.shingles) shingles, names aside) "
                       + "is the snippet's; ask for something the snippet does not show")
        }
    }

    /// Every exercise with a reference solution, against each of its chapter's snippets
    /// that has any of its shingles: the snippet that shares the most.
    package func pairs() -> [Pair] {
        // A release's files are the starters: there is no solution to compare.
        guard !workbook.isRelease else { return [] }
        var pairs: [Pair] = []
        for chapter in workbook.chapters {
            let snippets = chapter.snippets.filter { !$0.attributes.contains(.figure) && !$0.attributes.contains(.predict) }
            for exercise in chapter.exercises where exercise.kind.judge == .tests {
                guard let path = exercise.referenceFile, let source = try? workbook.read(path),
                      let regions = try? SolutionMarkers.regions(in: source, path: path) else { continue }
                let keeping = (try? workbook.starter(for: exercise)).map { Set(SourceTokens($0).tokens.map(\.text)) } ?? []
                // The solution's lines only, the others blanked so lines keep their numbers.
                let answer = Set(regions.compactMap(\.answerLines).flatMap { Array($0) })
                let lines = source.components(separatedBy: "\n").enumerated().map { answer.contains($0.offset + 1) ? $0.element : "" }
                let solution = CodeShingles.located(lines.joined(separator: "\n"), keeping: keeping)
                let distinct = Set(solution.map(\.shingle))
                guard !distinct.isEmpty else { continue }
                var best: Pair?
                for snippet in snippets {
                    // What the reader sees: hidden lines blanked.
                    let shown = snippet.compiledLines.enumerated().map { offset, line in
                        let raw = snippet.source.components(separatedBy: "\n")
                        return offset < raw.count && (raw[offset] == "#" || raw[offset].hasPrefix("# ")) ? "" : line
                    }
                    let located = CodeShingles.located(shown.joined(separator: "\n"), keeping: keeping)
                    let theirs = Set(located.map(\.shingle))
                    let shared = distinct.intersection(theirs)
                    guard !shared.isEmpty, shared.count > (best?.shared ?? 0) else { continue }
                    let snippetLine = located.first { shared.contains($0.shingle) }.map { snippet.firstCodeLine + $0.line - 1 } ?? snippet.firstCodeLine
                    let referenceLine = solution.first { shared.contains($0.shingle) }?.line ?? 1
                    best = Pair(exercise: exercise.id, snippetLine: SourceLocation(path: chapter.path, line: snippetLine),
                                referenceLine: SourceLocation(path: path, line: referenceLine),
                                shingles: distinct.count, shared: shared.count)
                }
                if let best { pairs.append(best) }
            }
        }
        return pairs
    }
}
