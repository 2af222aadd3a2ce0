import Foundation
import Synchronization
import Testing
@testable import WorkbookRunning
@testable import WorkbookRendering
import WorkbookTestSupport
@testable import WorkbookModel

/// A provider whose cache holds every chapter's results, noting what it is asked for.
final class CountingResults: SnippetResultProvider {
    let known: [SnippetResult]
    let asked = Mutex<[String]>([])

    init(_ known: [SnippetResult]) {
        self.known = known
    }

    func results(for chapter: Chapter) throws -> [SnippetResult] {
        asked.withLock { $0.append("run \(chapter.path)") }
        return known.filter { $0.chapterPath == chapter.path }
    }

    func cachedResults(for chapter: Chapter) -> [SnippetResult]? {
        asked.withLock { $0.append("cached \(chapter.path)") }
        return known.filter { $0.chapterPath == chapter.path }
    }
}

@Suite("A render prepared while its chapters are parsed")
struct RenderPreparationTests {
    @Test("hands each chapter over once, as the workbook then holds it")
    func handsOver() async throws {
        try await onOwnThread {
            let root = try RenderFixture.make(reference: RenderFixture.reference)
            defer { try? FileManager.default.removeItem(at: root) }
            let handed = Mutex<[Chapter]>([])
            let workbook = try Workbook(root: root, whenParsed: { chapter in handed.withLock { $0.append(chapter) } })
            let chapters = handed.withLock { $0 }.sorted { $0.path < $1.path }
            #expect(chapters == workbook.chapters)
            #expect(chapters.first?.exercises.first?.hints.isEmpty == false, "its hints are attached already")
        }
    }

    @Test("makes the same pages and reports as a render without one, in either edition, asking the cache once a chapter")
    func samePages() async throws {
        try await onOwnThread {
            let root = try RenderFixture.make(reference: RenderFixture.reference)
            defer { try? FileManager.default.removeItem(at: root) }
            let plain = try Workbook(root: root)
            let results = RenderHandoutTests.results(for: plain)
            for edition in Edition.allCases {
                let provider = CountingResults(results)
                let preparation = HandoutPreparation(files: WorkbookFiles(root: root), edition: edition, results: provider)
                let workbook = try Workbook(root: root, whenParsed: { preparation.prepare($0) })
                let prepared = HandoutRenderer(workbook: workbook, preparation: preparation).render(workbook.chapters, collections: true)
                let unprepared = HandoutRenderer(workbook: plain, edition: edition, results: FakeResults(results: results))
                    .render(plain.chapters, collections: true)
                #expect(prepared.pages == unprepared.pages, "\(edition)")
                #expect(prepared.diagnostics == unprepared.diagnostics, "\(edition)")
                #expect(prepared.tally == unprepared.tally, "\(edition)")
                #expect(provider.asked.withLock { $0 }.sorted() == workbook.chapters.map { "cached \($0.path)" }.sorted(),
                        "each chapter's results were taken from the cache as it was parsed, and nothing was run")
                if edition == .student {
                    #expect(preparation.evidence.keys.sorted() == workbook.chapters.map(\.path).sorted())
                    #expect(workbook.chapters.allSatisfy { preparation.starters(for: $0) != nil })
                }
            }
        }
    }

    @Test("fetches the results of the chapters rendered only, and the student edition's evidence of every chapter")
    func renderedOnly() async throws {
        try await onOwnThread {
            let root = try RenderFixture.make(reference: RenderFixture.reference)
            defer { try? FileManager.default.removeItem(at: root) }
            let results = RenderHandoutTests.results(for: try Workbook(root: root))
            let provider = CountingResults(results)
            let preparation = HandoutPreparation(files: WorkbookFiles(root: root), edition: .student, results: provider, rendered: [1])
            let workbook = try Workbook(root: root, whenParsed: { preparation.prepare($0) })
            let one = try workbook.chapter("1")
            #expect(provider.asked.withLock { $0 } == ["cached \(one.path)"])
            #expect(preparation.evidence.keys.sorted() == workbook.chapters.map(\.path).sorted())
            let prepared = HandoutRenderer(workbook: workbook, preparation: preparation).render([one], collections: false)
            let unprepared = HandoutRenderer(workbook: workbook, edition: .student, results: FakeResults(results: results))
                .render([one], collections: false)
            #expect(prepared.pages == unprepared.pages)
            #expect(provider.asked.withLock { $0 } == ["cached \(one.path)"], "the page took the fetched results")
        }
    }

    @Test("is not used for a chapter whose exercises or snippets are not the ones it was made for")
    func staleChapter() async throws {
        try await onOwnThread {
            let root = try RenderFixture.make(reference: RenderFixture.reference)
            defer { try? FileManager.default.removeItem(at: root) }
            let workbook = try Workbook(root: root)
            let results = RenderHandoutTests.results(for: workbook)
            let provider = CountingResults(results)
            let preparation = HandoutPreparation(files: WorkbookFiles(root: root), edition: .student, results: provider)
            // Prepared for an older version of chapter 1: no exercises, no snippets.
            var older = try #require(workbook.chapters.first)
            older.exercises = []
            older.snippets = []
            preparation.prepare(older)
            let chapter = try #require(workbook.chapters.first)
            #expect(preparation.starters(for: older)?.isEmpty == true)
            #expect(preparation.starters(for: chapter) == nil)
            let audit = SolutionLeakAudit(workbook: workbook, evidence: preparation.evidence)
            #expect(audit.secrets == SolutionLeakAudit(workbook: workbook).secrets, "the chapter's evidence is collected again")
            #expect(audit.secrets.contains { $0.text == RenderFixture.solutionLine })
            let answered = try #require(preparation.results).results(for: [chapter])
            #expect(try answered[0].get() == results.filter { $0.chapterPath == chapter.path })
            #expect(provider.asked.withLock { $0 } == ["cached \(chapter.path)", "run \(chapter.path)"],
                    "the results prepared for other snippets are not used: the provider is asked again")
        }
    }
}
