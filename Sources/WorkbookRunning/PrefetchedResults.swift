import Synchronization
import WorkbookModel

/// Snippet results asked for early: each chapter's cached results fetched as soon as
/// the chapter is parsed (`Workbook(whenParsed:)` calls `prefetch`, on the parsing
/// thread), while the other chapters are still being parsed. A render's pages then find
/// them ready; looked up after the whole workbook was parsed, they were the longest wait
/// between parsing and the first page (3–4 ms of a 26 ms render, measured).
///
/// A chapter is answered from what was fetched only when its snippets are the ones
/// fetched for; any other chapter, or one the cache could not answer whole, is asked of
/// `base` when it is needed, as without prefetching.
public final class PrefetchedResults: SnippetResultProvider {
    public let base: any SnippetResultProvider
    private let fetched = Mutex<[String: Fetched]>([:])

    private struct Fetched: Sendable {
        var snippets: [Snippet]
        var results: [SnippetResult]
    }

    public init(_ base: any SnippetResultProvider) {
        self.base = base
    }

    /// Fetches `chapter`'s results if the cache holds them all.
    package func prefetch(_ chapter: Chapter) {
        guard let results = base.cachedResults(for: chapter) else { return }
        fetched.withLock { $0[chapter.path] = Fetched(snippets: chapter.snippets, results: results) }
    }

    public func cachedResults(for chapter: Chapter) -> [SnippetResult]? {
        fetchedResults(for: chapter, in: fetched.withLock { $0 }) ?? base.cachedResults(for: chapter)
    }

    public func results(for chapter: Chapter) throws -> [SnippetResult] {
        try results(for: [chapter])[0].get()
    }

    /// The fetched chapters from what was fetched; the others from `base`, all at once
    /// (it shares its work between them).
    public func results(for chapters: [Chapter]) -> [Result<[SnippetResult], any Error>] {
        let known = fetched.withLock { $0 }
        let missing = chapters.filter { fetchedResults(for: $0, in: known) == nil }
        var asked = (missing.isEmpty ? [] : base.results(for: missing)).makeIterator()
        return chapters.map { chapter in
            if let results = fetchedResults(for: chapter, in: known) { return .success(results) }
            guard let answer = asked.next() else { preconditionFailure("the provider gave fewer answers than chapters asked") }
            return answer
        }
    }

    private func fetchedResults(for chapter: Chapter, in known: [String: Fetched]) -> [SnippetResult]? {
        guard let found = known[chapter.path], found.snippets == chapter.snippets else { return nil }
        return found.results
    }
}
