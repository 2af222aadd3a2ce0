import Foundation

/// The snippet runner's speed targets, measured side by side in one run (`make bench`):
/// a merged run of the largest chapter against one build per snippet (target ≥ 5×),
/// and a cached re-run of every chapter (target ≤ 0.5 s).
public enum SnippetBenchmark {
    public struct Report: Sendable {
        public var chapter: Chapter?
        public var snippetCount: Int
        public var mergedSeconds: Double
        public var separateSeconds: Double
        public var cachedSeconds: Double
        public var allSnippetCount: Int

        public var speedup: Double { mergedSeconds > 0 ? separateSeconds / mergedSeconds : 0 }

        public var lines: [String] {
            guard let chapter else { return ["bench-snippets: no chapter has snippets to measure"] }
            return [
                "bench-snippets: chapter \(chapter.number) (\(chapter.path)), \(snippetCount) snippets, modules already built",
                String(format: "  merged build, one process per snippet: %6.2f s", mergedSeconds),
                String(format: "  one build per snippet:                 %6.2f s", separateSeconds),
                String(format: "  merged is %.1f× faster (target ≥ 5×)", speedup),
                String(format: "  cached re-run of all chapters (%d snippets, load + toolchain + cache): %.3f s (target ≤ 0.5 s)",
                       allSnippetCount, cachedSeconds),
            ]
        }
    }

    public static func measure(_ workbook: Workbook, toolchain: SwiftToolchain, environment: [String: String]) throws -> Report {
        let warm = SnippetRunner(root: workbook.root, toolchain: toolchain)
        // Build the modules and fill the cache first, so both timed runs compile snippets only.
        for chapter in workbook.chapters { _ = try warm.run(chapter) }
        guard let largest = workbook.chapters.max(by: { mergeable($0) < mergeable($1) }), mergeable(largest) > 0 else {
            return Report(chapter: nil, snippetCount: 0, mergedSeconds: 0, separateSeconds: 0, cachedSeconds: 0, allSnippetCount: 0)
        }
        let merged = try time {
            _ = try SnippetRunner(root: workbook.root, toolchain: toolchain, options: .init(useCache: false, merge: true)).run(largest)
        }
        let separate = try time {
            _ = try SnippetRunner(root: workbook.root, toolchain: toolchain, options: .init(useCache: false, merge: false)).run(largest)
        }
        let cached = try time {
            let reloaded = try Workbook(root: workbook.root, exercisesFolder: workbook.exercisesFolder)
            let runner = SnippetRunner(root: reloaded.root, toolchain: try SnippetRunner.toolchain(root: reloaded.root, environment: environment))
            for chapter in reloaded.chapters { _ = try runner.run(chapter) }
        }
        return Report(
            chapter: largest, snippetCount: largest.snippets.count, mergedSeconds: merged, separateSeconds: separate,
            cachedSeconds: cached, allSnippetCount: workbook.chapters.map(\.snippets.count).reduce(0, +))
    }

    private static func mergeable(_ chapter: Chapter) -> Int {
        chapter.snippets.filter { !$0.has(.standalone) }.count
    }

    private static func time(_ body: () throws -> Void) throws -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }
}
