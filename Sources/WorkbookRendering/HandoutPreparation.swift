import Synchronization
import WorkbookModel
import WorkbookSystem
import WorkbookRunning

/// What a render does for one chapter as soon as that chapter is parsed, beside the
/// parsing of the others (`Workbook(whenParsed:)` calls `prepare` on each parsing
/// thread): it fetches the chapter's cached snippet results and, for the student edition,
/// derives its starters and collects the leak audit's evidence from its references and
/// tests. Done after the whole workbook was parsed, that work was what the first page and
/// then the last one waited for (a render's processors idle for 3–4 ms of 25, measured).
///
/// `HandoutRenderer` takes what was prepared for a chapter whose exercises (for starters
/// and evidence) or snippets (for results) are still the ones prepared for, and does the
/// rest itself, as it would without a preparation.
public final class HandoutPreparation: Sendable {
    public let edition: Edition
    public let files: WorkbookFiles
    /// The snippet results, fetched early where the cache holds them all.
    public let results: PrefetchedResults?
    /// The chapters whose results are fetched early, by number (nil: every chapter): the
    /// ones the render makes pages of.
    public let rendered: Set<Int>?
    private let prepared = Mutex<[String: Prepared]>([:])

    private struct Prepared: Sendable {
        var exercises: [Exercise]
        var starters: HandoutRenderer.Starters
        var evidence: SolutionLeakAudit.ChapterEvidence
    }

    public init(files: WorkbookFiles, edition: Edition, results: (any SnippetResultProvider)?, rendered: Set<Int>? = nil) {
        self.files = files
        self.edition = edition
        self.results = results.map(PrefetchedResults.init)
        self.rendered = rendered
    }

    /// Prepares `chapter`; safe to call from any thread. The student edition's starters and
    /// evidence are made for every chapter (the audit covers them all), the results only
    /// for a chapter rendered.
    public func prepare(_ chapter: Chapter) {
        if rendered?.contains(chapter.number) ?? true { results?.prefetch(chapter) }
        guard edition == .student else { return }
        let made = Prepared(
            exercises: chapter.exercises, starters: HandoutRenderer.starters(of: chapter, files: files),
            evidence: SolutionLeakAudit.ChapterEvidence(of: chapter, files: files))
        prepared.withLock { $0[chapter.path] = made }
    }

    /// `chapter`'s starters, if they were derived for its exercises.
    func starters(for chapter: Chapter) -> HandoutRenderer.Starters? {
        prepared.withLock { $0[chapter.path] }.flatMap { $0.exercises == chapter.exercises ? $0.starters : nil }
    }

    /// The audit's evidence collected so far, by chapter path.
    var evidence: [String: SolutionLeakAudit.ChapterEvidence] {
        prepared.withLock { $0 }.mapValues(\.evidence)
    }
}
