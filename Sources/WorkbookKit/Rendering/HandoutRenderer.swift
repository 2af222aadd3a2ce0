import Foundation

/// One HTML file of a handout set.
public struct HandoutPage: Sendable, Equatable {
    /// The file's name in the output folder: `03-queues.html`, `index.html`, `workbook.html`.
    public var fileName: String
    public var html: String
}

/// What rendering produced: the pages, what went wrong (errors stop a page from being
/// written; warnings are flagged in the pages), and counts for the summary.
public struct HandoutSet: Sendable {
    public var pages: [HandoutPage]
    public var diagnostics: [Diagnostic]
    public var tally: RenderTally

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public func page(_ fileName: String) -> HandoutPage? { pages.first { $0.fileName == fileName } }
}

/// Turns chapters into self-contained HTML handouts: one page per chapter, an index, and
/// one page holding the whole workbook for printing. Every page carries its CSS inline
/// and a Content-Security-Policy that forbids scripts and any fetch, so it opens from a
/// USB stick and cannot run or load anything.
public struct HandoutRenderer: Sendable {
    public let workbook: Workbook
    public let edition: Edition
    public let results: (any SnippetResultProvider)?
    public var title: String

    /// `results` nil: no snippet runner; pages show expected outputs and say so.
    public init(workbook: Workbook, edition: Edition, results: (any SnippetResultProvider)?, title: String = "Closures Workbook") {
        self.workbook = workbook
        self.edition = edition
        self.results = results
        self.title = title
    }

    /// The single-page edition's file name.
    public static let wholeWorkbookFile = "workbook.html"
    public static let indexFile = "index.html"

    public static func fileName(of chapter: Chapter) -> String { "\(chapter.stem).html" }

    /// Renders `chapters`. With `collections`, also the index and the single-page workbook.
    public func render(_ chapters: [Chapter], collections: Bool) -> HandoutSet {
        var diagnostics: [Diagnostic] = []
        var tally = RenderTally()
        var articles: [(Chapter, String)] = []
        // Starters are derived once: the student pages show them and the audit trusts them.
        var starters: [ExerciseID: Result<String, WorkbookError>] = [:]
        if edition == .student {
            for exercise in workbook.chapters.flatMap(\.exercises) {
                starters[exercise.id] = Result { () throws(WorkbookError) in try workbook.starter(for: exercise) }
            }
        }
        let allResults = snippetResults(for: chapters, &diagnostics)
        for (chapter, chapterResults) in zip(chapters, allResults) {
            var article = ChapterArticle(
                workbook: workbook, chapter: chapter, edition: edition,
                results: chapterResults, starters: starters)
            article.render()
            diagnostics += article.diagnostics
            tally = tally + article.tally
            articles.append((chapter, article.html))
        }

        // The student edition's safety net, run on each chapter's article (the pages are
        // made of them): a chapter that would show a secret line gets no page.
        var withheld = Set<String>()
        if edition == .student {
            let audit = SolutionLeakAudit(workbook: workbook, starters: starters.compactMapValues { try? $0.get() })
            for (chapter, article) in articles {
                let leaks = audit.leaks(in: article)
                if !leaks.isEmpty { withheld.insert(chapter.path) }
                diagnostics += leaks.map { SolutionLeakAudit.diagnostic(for: $0, page: Self.fileName(of: chapter)) }
            }
        }

        var pages: [HandoutPage] = articles.filter { !withheld.contains($0.0.path) }.map { chapter, article in
            HandoutPage(fileName: Self.fileName(of: chapter), html: page(
                title: "\(chapter.number). \(chapter.title) — \(title)",
                nav: "<a href=\"\(Self.indexFile)\">All chapters</a>",
                body: ProseHTML.linkingChapters(article, workbook.chapters, singlePage: false)))
        }
        if collections {
            pages.append(HandoutPage(fileName: Self.indexFile, html: indexPage(chapters)))
            if withheld.isEmpty {
                let whole = articles.map { ProseHTML.linkingChapters($0.1, workbook.chapters, singlePage: true) }.joined()
                pages.append(HandoutPage(fileName: Self.wholeWorkbookFile, html: page(
                    title: "\(title) — \(edition.displayName)", nav: "<a href=\"\(Self.indexFile)\">Contents</a>",
                    body: contents(chapters, singlePage: true) + whole)))
            } else {
                diagnostics.append(Diagnostic(.note, at: SourceLocation(path: Self.wholeWorkbookFile, line: 1),
                    "the single-page edition was not written because a chapter in it was held back"))
            }
        }
        return HandoutSet(pages: pages, diagnostics: diagnostics.sorted(), tally: tally)
    }

    /// The provider's results for each chapter, asked for all at once (the runner then
    /// looks at the modules once); nil (show expected outputs) with a warning when it fails.
    private func snippetResults(for chapters: [Chapter], _ diagnostics: inout [Diagnostic]) -> [[SnippetResult]?] {
        guard let results else { return chapters.map { _ in nil } }
        let withSnippets = chapters.filter { !$0.snippets.isEmpty }
        var answers = results.results(for: withSnippets).makeIterator()
        return chapters.map { chapter in
            guard !chapter.snippets.isEmpty, let answer = answers.next() else { return [] }
            switch answer {
            case .success(let found): return found
            case .failure(let error):
                diagnostics.append(Diagnostic(.warning, at: chapter.titleLocation, "snippet outputs unavailable, showing the expected outputs: \(error)"))
                return nil
            }
        }
    }

    // MARK: Pages

    private func indexPage(_ chapters: [Chapter]) -> String {
        var body = "<h1>\(HTML.escape(title))</h1>\n<p class=\"notice\">\(edition.displayName). "
        body += edition == .student
            ? "Each exercise shows its starter code; solve it in your workspace and check it with <code>workbook check</code>."
            : "Each exercise shows its reference solution and the tests that grade it. Do not hand this edition to learners."
        body += "</p>\n<p>To print the whole workbook, open <a href=\"\(Self.wholeWorkbookFile)\">the single-page edition</a>.</p>\n"
        body += contents(chapters, singlePage: false)
        return page(title: "\(title) — \(edition.displayName)", nav: "", body: body)
    }

    /// The list of chapters and their exercises, linking to pages or to the articles.
    private func contents(_ chapters: [Chapter], singlePage: Bool) -> String {
        var html = "<nav class=\"contents\"><h2>Contents</h2>\n<ol>\n"
        for chapter in chapters {
            let page = singlePage ? "" : Self.fileName(of: chapter)
            let target = singlePage ? "#chapter-\(chapter.number)" : page
            html += "<li value=\"\(chapter.number)\"><a href=\"\(target)\">\(HTML.escape(chapter.title))</a>"
            if !chapter.exercises.isEmpty {
                html += "\n<ul>\n"
                for exercise in chapter.exercises {
                    html += "<li><a href=\"\(page)#exercise-\(exercise.id.chapter)-\(exercise.id.number)\">"
                        + "Exercise \(exercise.id): \(HTML.escape(exercise.title))</a></li>\n"
                }
                html += "</ul>\n"
            }
            html += "</li>\n"
        }
        return html + "</ol></nav>\n"
    }

    /// A complete, self-contained page.
    private func page(title pageTitle: String, nav: String, body: String) -> String {
        let banner = "\(HTML.escape(title)) · \(edition.displayName)"
            + (nav.isEmpty ? "" : "<span class=\"screen-only\"> · \(nav)</span>")
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <meta name="generator" content="workbook render (\(edition.rawValue) edition)">
        <meta name="workbook-snippets" content="\(results == nil ? "not-run" : "run")">
        <title>\(HTML.escape(pageTitle))</title>
        <style>
        \(HandoutStyle.css)
        </style>
        </head>
        <body class="edition-\(edition.rawValue)">
        <header class="edition-banner">\(banner)</header>
        <main>
        \(body)</main>
        </body>
        </html>

        """
    }
}
