import Foundation

/// The snippet runner's speed targets, measured side by side in one run (`make bench`):
/// a merged run of the largest chapter against one build per snippet (target ≥ 5×),
/// and a cached re-run of every chapter (target ≤ 0.5 s).
///
/// Every timed run starts from the same state: modules already built, no cached snippet
/// results or programs. The machine is shared, so each figure is the best of `rounds`.
public enum SnippetBenchmark {
    public struct Report: Sendable {
        public var chapter: Chapter?
        /// Snippets of that chapter that the merged build takes (all but `standalone`).
        public var mergedSnippets: Int
        /// Merged build, one process per snippet.
        public var merged: Double = 0
        /// One build per snippet, on every processor at once.
        public var separateParallel: Double = 0
        /// One build per snippet, one at a time (what a simple runner does).
        public var separateSequential: Double = 0
        /// Loading the workbook, finding the toolchain and answering every snippet from the cache.
        public var cachedRerun: Double = 0
        public var allSnippets: Int = 0
        public var rounds: Int = 1

        public var lines: [String] {
            guard let chapter else { return ["bench-snippets: no chapter has snippets to merge"] }
            func ratio(_ seconds: Double) -> String { merged > 0 ? String(format: "%.1f×", seconds / merged) : "-" }
            return [
                "bench-snippets: chapter \(chapter.number) (\(chapter.path)), \(mergedSnippets) merged snippets; modules prebuilt; best of \(rounds) runs (one at a time: 1 run)",
                String(format: "  merged build, one process per snippet     %6.2f s", merged),
                String(format: "  one build per snippet, all processors     %6.2f s   merged is %@ faster (target ≥ 5×)",
                       separateParallel, ratio(separateParallel)),
                String(format: "  one build per snippet, one at a time      %6.2f s   merged is %@ faster (target ≥ 5×)",
                       separateSequential, ratio(separateSequential)),
                String(format: "  cached re-run of all chapters (%d snippets) %6.3f s   (target ≤ 0.5 s; in process)", allSnippets, cachedRerun),
            ]
        }
    }

    public static func measure(
        _ workbook: Workbook, toolchain: SwiftToolchain, environment: [String: String], rounds: Int = 2
    ) throws -> Report {
        // Build the modules and fill the cache first, so the timed runs compile snippets only.
        let warm = SnippetRunner(root: workbook.root, toolchain: toolchain)
        for chapter in workbook.chapters { _ = try warm.run(chapter) }
        let mergeable = { (chapter: Chapter) in chapter.snippets.filter { !$0.has(.standalone) }.count }
        guard let largest = workbook.chapters.max(by: { mergeable($0) < mergeable($1) }), mergeable(largest) > 0 else {
            return Report(chapter: nil, mergedSnippets: 0)
        }
        // Standalone snippets are built alone either way; leave them out of the comparison.
        var chapter = largest
        chapter.snippets = largest.snippets.filter { !$0.has(.standalone) }

        func best(_ options: SnippetRunner.Options, rounds: Int) throws -> Double {
            var fastest = Double.infinity
            for _ in 0..<rounds {
                let runner = SnippetRunner(root: workbook.root, toolchain: toolchain, options: options)
                fastest = min(fastest, try time { _ = try runner.run(chapter) })
            }
            return fastest
        }
        var report = Report(chapter: largest, mergedSnippets: chapter.snippets.count, rounds: rounds)
        report.merged = try best(.init(useCache: false, merge: true), rounds: rounds)
        report.separateParallel = try best(.init(useCache: false, merge: false), rounds: rounds)
        report.separateSequential = try best(.init(useCache: false, merge: false, parallel: false), rounds: 1)
        report.allSnippets = workbook.chapters.map(\.snippets.count).reduce(0, +)
        report.cachedRerun = try (0..<3).map { _ in
            try time {
                let reloaded = try Workbook(root: workbook.root, exercisesFolder: workbook.exercisesFolder)
                let runner = SnippetRunner(
                    root: reloaded.root, toolchain: try SnippetRunner.toolchain(root: reloaded.root, environment: environment))
                for chapter in reloaded.chapters { _ = try runner.run(chapter) }
            }
        }.min() ?? 0
        return report
    }

    private static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }
}
