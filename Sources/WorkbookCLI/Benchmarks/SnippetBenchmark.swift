import Foundation
import WorkbookModel
import WorkbookToolchain
import WorkbookRunning

/// The snippet runner's speed targets, measured side by side in one run (`make bench`):
/// a merged run of the largest chapter against compiling each snippet on its own with
/// `swiftc` (target ≥ 5×), and a cached re-run of every chapter (target ≤ 0.5 s).
///
/// Every timed run starts from the same state: modules already built, no cached snippet
/// results or programs. The machine is shared, so each figure is the best of `rounds`.
public enum SnippetBenchmark {
    public struct Report: Sendable {
        public var chapter: Chapter?
        /// Snippets of that chapter that the merged build takes (all but `standalone`).
        public var mergedSnippets: Int
        /// Merged build (one compile job started directly, its code generation on every
        /// processor), one process per snippet, forked from one start of the program:
        /// what `workbook run` does.
        public var merged: Double = 0
        /// Each snippet compiled on its own with `swiftc`, as a plain doctest-style runner
        /// does, on every processor at once: the baseline of the target.
        public var separateWithSwiftc: Double = 0
        /// Each snippet compiled on its own with the same direct jobs as the merged build,
        /// on every processor at once: what merging alone saves.
        public var separateDirect: Double = 0
        /// Loading the workbook, finding the toolchain and answering every snippet from the cache.
        public var cachedRerun: Double = 0
        public var allSnippets: Int = 0
        public var rounds: Int = 1

        /// The targets this run missed, by name: `make bench` fails on any.
        public var missedTargets: [String] {
            guard chapter != nil else { return [] }
            var missed: [String] = []
            if merged > 0, separateWithSwiftc / merged < 5 { missed.append("merged snippets ≥ 5× faster than swiftc") }
            if cachedRerun > 0.5 { missed.append("cached re-run ≤ 0.5 s") }
            return missed
        }

        public var lines: [String] {
            guard let chapter else { return ["bench-snippets: no chapter has snippets to merge"] }
            func ratio(_ seconds: Double) -> String { merged > 0 ? String(format: "%.1f×", seconds / merged) : "-" }
            return [
                "bench-snippets: chapter \(chapter.number) (\(chapter.path)), \(mergedSnippets) merged snippets; modules prebuilt; best of \(rounds) runs",
                String(format: "  merged build, one process per snippet          %6.2f s", merged),
                String(format: "  one swiftc build per snippet, all processors   %6.2f s   merged is %@ faster (target ≥ 5×)",
                       separateWithSwiftc, ratio(separateWithSwiftc)),
                String(format: "  one direct build per snippet, all processors   %6.2f s   merged is %@ faster (merging alone)",
                       separateDirect, ratio(separateDirect)),
                String(format: "  cached re-run of all chapters (%d snippets)     %6.3f s   (target ≤ 0.5 s; in process)", allSnippets, cachedRerun),
            ] + missedTargets.map { "  NOT met: \($0)" }
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
        report.separateWithSwiftc = try best(.init(useCache: false, merge: false, useDriver: true), rounds: rounds)
        report.separateDirect = try best(.init(useCache: false, merge: false), rounds: rounds)
        report.allSnippets = workbook.chapters.map(\.snippets.count).reduce(0, +)
        report.cachedRerun = try (0..<3).map { _ in
            try time {
                let reloaded = try Workbook(root: workbook.root, exercisesFolder: workbook.exercisesFolder)
                let runner = SnippetRunner(
                    root: reloaded.root, toolchain: try SnippetRunner.toolchain(root: reloaded.root, host: toolchain.host))
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
