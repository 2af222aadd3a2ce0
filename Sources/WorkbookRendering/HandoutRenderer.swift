import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookRunning

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
/// and a Content-Security-Policy that forbids scripts, any fetch, form submission and a
/// changed base URL (the last two do not fall back to default-src), so it opens from a
/// USB stick and cannot run or load anything.
public struct HandoutRenderer: Sendable {
    public let workbook: Workbook
    public let edition: Edition
    public let results: (any SnippetResultProvider)?
    public var title: String
    /// Whether the single-page edition prints the hints, on each chapter's back pages
    /// with each exercise's link naming their page (the default), or leaves them out,
    /// each exercise naming `workbook hint N.M` instead.
    public var hints: HintsInPrint

    /// What was done for each chapter while the workbook was parsed, if anything.
    public let preparation: HandoutPreparation?

    /// `results` nil: no snippet runner; pages show expected outputs and say so.
    public init(workbook: Workbook, edition: Edition, results: (any SnippetResultProvider)?, title: String = "Closures Workbook",
                hints: HintsInPrint? = nil) {
        self.workbook = workbook
        self.edition = edition
        self.results = results
        self.title = title
        self.hints = hints ?? .print
        self.preparation = nil
    }

    /// A renderer that takes what `preparation` did as the chapters were parsed (its
    /// results are the snippet results).
    public init(workbook: Workbook, preparation: HandoutPreparation, title: String = "Closures Workbook", hints: HintsInPrint? = nil) {
        self.workbook = workbook
        self.edition = preparation.edition
        self.results = preparation.results
        self.title = title
        self.hints = hints ?? .print
        self.preparation = preparation
    }

    /// The single-page edition's file name.
    public static let wholeWorkbookFile = "workbook.html"
    package static let indexFile = "index.html"

    public static func fileName(of chapter: Chapter) -> String { "\(chapter.stem).html" }

    /// Renders `chapters`. With `collections`, also the index and the single-page workbook.
    /// Without (a chapter or two), also an index of every chapter that links the pages
    /// rendered now and those in `existingPages` (the names of the files already in the
    /// output folder), and names the others without a link: no link of the pages is dead.
    ///
    /// The work runs on every processor, each part as soon as what it needs is made: the
    /// snippet results; each chapter's starters (student edition), article and pages, on
    /// that chapter's thread; and the student edition's leak audit, which takes the
    /// starters the chapters' threads derived (or derives those not there yet). A chapter's
    /// pages are made while the audit is built and checked by it afterwards: pages that
    /// waited for the audit left a processor idle for 2.6 ms of a 26 ms render (measured),
    /// as did articles waiting for all starters at once.
    public func render(_ chapters: [Chapter], collections: Bool, existingPages: Set<String> = []) -> HandoutSet {
        let student = edition == .student
        // The student edition's starters, by chapter: its own thread derives them first (its
        // page shows them), and the audit trusts them. Whoever asks first derives; nobody
        // waits for another part.
        let starters = BoundedMemo<String, Starters>(limit: Int.max)
        let audit = Promised<SolutionLeakAudit?>()
        let results = Promised<(found: [[SnippetResult]?], warnings: [Diagnostic])>()
        let frontMatter = Promised<FrontMatter>()
        // Written now: every chapter's page, unless the audit holds it back.
        let available = collections ? nil : existingPages.union(chapters.map(Self.fileName(of:)))
        // Makers first: whatever the number of threads, nothing waits for a part not yet begun.
        let parts = [Part.audit, .results] + chapters.indices.map(Part.chapter) + (collections ? [.frontMatter] : [])
        let made = ParallelWork.map(parts) { [self] part -> ChapterPages? in
            switch part {
            case .audit:
                audit.fulfill(student ? makeAudit(starters) : nil)
                return nil
            case .results:
                results.fulfill(snippetResults(for: chapters))
                return nil
            case .frontMatter:
                frontMatter.fulfill(makeFrontMatter(chapters))
                return nil
            case .chapter(let index):
                let chapter = chapters[index]
                let own = student ? starters.value(for: chapter.path) { self.starters(of: chapter) } : [:]
                var article = ChapterArticle(
                    workbook: workbook, chapter: chapter, edition: edition, results: results.value.found[index], starters: own)
                article.render()
                let page = HandoutPage(fileName: Self.fileName(of: chapter), html: page(
                    title: "\(chapter.number). \(InlineMarkdown.plainText(chapter.title)) — \(title)",
                    nav: "<a href=\"\(Self.indexFile)\">All chapters</a>",
                    body: ProseHTML.linkingChapters(article.html, workbook.chapters, singlePage: false, available: available)))
                // Paper cannot unfold a hint: printed hints are open ones.
                let whole = collections
                    ? PrintBook.withPageReferences(
                        ProseHTML.linkingChapters(article.html, workbook.chapters, singlePage: true), openingHints: hints == .print)
                    : ""
                // The audit runs on each chapter's article (the pages are made of them): a
                // chapter that would show a secret line gets no page, and no part of the single page.
                let leaks = audit.value?.leaks(in: article.html) ?? []
                return ChapterPages(page: page, whole: leaks.isEmpty ? whole : "", leaks: leaks, tally: article.tally, diagnostics: article.diagnostics)
            }
        }
        let finished = made.compactMap { $0 }
        var diagnostics = results.value.warnings

        var pages: [HandoutPage] = []
        for result in finished {
            diagnostics += result.diagnostics
            diagnostics += result.leaks.map { SolutionLeakAudit.diagnostic(for: $0, page: result.page.fileName) }
            if result.leaks.isEmpty { pages.append(result.page) }
        }
        let tally = finished.reduce(RenderTally()) { $0 + $1.tally }
        let withheld = finished.contains { !$0.leaks.isEmpty }
        if collections {
            let front = frontMatter.value
            pages.append(HandoutPage(fileName: Self.indexFile, html: front.index))
            if !withheld {
                // Printed, the single page is a book: title page, numbered contents, running heads.
                pages.append(HandoutPage(fileName: Self.wholeWorkbookFile, html: page(
                    title: "\(title) — \(edition.displayName)", nav: "<a href=\"\(Self.indexFile)\">Contents</a>",
                    body: [front.titlePage, front.contents] + finished.map(\.whole),
                    css: front.css, bodyClass: hints == .omit ? "hints-omit" : "")))
            } else {
                diagnostics.append(Diagnostic(.note, at: SourceLocation(path: Self.wholeWorkbookFile, line: 1),
                    "the single-page edition was not written because a chapter in it was held back"))
            }
        } else {
            let written = Set(pages.map(\.fileName))
            pages.append(HandoutPage(fileName: Self.indexFile, html: indexPage(workbook.chapters, available: existingPages.union(written))))
        }
        return HandoutSet(pages: pages, diagnostics: diagnostics.sorted(), tally: tally)
    }

    /// What the render is made of, each part on a thread of its own.
    private enum Part: Sendable {
        case audit, results, frontMatter
        case chapter(Int)
    }

    /// What `render(_:collections:)` writes around the chapters: the index page, and the
    /// single page's title page, contents and print rules. Made beside the chapters, not
    /// after them on the one thread that then joins the pages: 4M instructions (callgrind)
    /// taken off the part of a render that no other processor can share.
    private struct FrontMatter: Sendable {
        var index: String
        var titlePage: String
        var contents: String
        var css: String
    }

    private func makeFrontMatter(_ chapters: [Chapter]) -> FrontMatter {
        FrontMatter(
            index: indexPage(chapters, available: nil),
            titlePage: PrintBook.titlePage(title: title, edition: edition, chapters: chapters),
            contents: contents(chapters, singlePage: true),
            css: PrintBook.css(title: title, edition: edition, chapters: chapters))
    }

    /// A chapter's page, its part of the single-page edition, and what was found on the way.
    private struct ChapterPages: Sendable {
        var page: HandoutPage
        var whole: String
        var leaks: [SolutionLeakAudit.SecretLine]
        var tally: RenderTally
        var diagnostics: [Diagnostic]
    }

    /// Each exercise's starter, or why it has none.
    typealias Starters = [ExerciseID: Result<String, WorkbookError>]

    static func starters(of chapter: Chapter, files: WorkbookFiles) -> Starters {
        Dictionary(chapter.exercises.map { exercise in
            (exercise.id, Result { () throws(WorkbookError) in try files.starter(for: exercise) })
        }, uniquingKeysWith: { _, last in last })
    }

    /// `chapter`'s starters: prepared, or derived now.
    private func starters(of chapter: Chapter) -> Starters {
        preparation?.starters(for: chapter) ?? Self.starters(of: chapter, files: workbook.files)
    }

    /// The student edition's safety net. It asks for the starters only after reading every
    /// reference and tests file (or taking what the preparation read): by then the
    /// chapters' threads have derived theirs.
    private func makeAudit(_ starters: BoundedMemo<String, Starters>) -> SolutionLeakAudit {
        SolutionLeakAudit(workbook: workbook, evidence: preparation?.evidence ?? [:]) { [self] chapter in
            starters.value(for: chapter.path) { self.starters(of: chapter) }.compactMapValues { try? $0.get() }
        }
    }

    /// The provider's results for each chapter, asked for all at once (the runner then
    /// looks at the modules once); nil (show expected outputs) with a warning when it fails.
    private func snippetResults(for chapters: [Chapter]) -> (found: [[SnippetResult]?], warnings: [Diagnostic]) {
        guard let results else { return (chapters.map { _ in nil }, []) }
        let withSnippets = chapters.filter { !$0.snippets.isEmpty }
        var answers = results.results(for: withSnippets).makeIterator()
        var warnings: [Diagnostic] = []
        let found = chapters.map { chapter -> [SnippetResult]? in
            guard !chapter.snippets.isEmpty, let answer = answers.next() else { return [] }
            switch answer {
            case .success(let found): return found
            case .failure(let error):
                warnings.append(Diagnostic(.warning, at: chapter.titleLocation, "snippet outputs unavailable, showing the expected outputs: \(error)"))
                return nil
            }
        }
        return (found, warnings)
    }

    // MARK: Pages

    /// `available`: the pages that exist, when not all of them do; the others are listed
    /// without a link, with the command that renders them.
    private func indexPage(_ chapters: [Chapter], available: Set<String>?) -> String {
        var body = "<h1>\(HTML.escape(title))</h1>\n<p class=\"notice\">\(edition.displayName). "
        body += edition == .student
            ? "Each exercise shows its starter code; solve it in your workspace and check it with <code>workbook check</code>."
            : "Each exercise shows its reference solution and the tests that grade it. Do not hand this edition to learners."
        if available?.contains(Self.wholeWorkbookFile) ?? true {
            body += "</p>\n<p>To print the whole workbook, open <a href=\"\(Self.wholeWorkbookFile)\">the single-page edition</a>.</p>\n"
        } else {
            body += "</p>\n<p>To print the whole workbook, render every chapter: <code>\(HTML.escape(renderCommand("all")))</code>.</p>\n"
        }
        body += contents(chapters, singlePage: false, available: available)
        return page(title: "\(title) — \(edition.displayName)", nav: "", body: body)
    }

    /// The command that renders `selection` in this edition.
    private func renderCommand(_ selection: String) -> String {
        "workbook render \(selection)" + (edition == .student ? "" : " --edition \(edition.rawValue)")
    }

    /// The list of chapters and their exercises, linking to pages or to the articles;
    /// on the single page, each entry has a slot for its page number in print.
    /// `available`: as for `indexPage`.
    private func contents(_ chapters: [Chapter], singlePage: Bool, available: Set<String>? = nil) -> String {
        var html = "<nav class=\"contents\"><h2>Contents</h2>\n<ol>\n"
        for chapter in chapters {
            let page = singlePage ? "" : Self.fileName(of: chapter)
            let target = singlePage ? "#chapter-\(chapter.number)" : page
            let linked = available?.contains(page) ?? true
            let chapterTitle = InlineMarkdown.html(chapter.title)
            if linked {
                html += "<li value=\"\(chapter.number)\"><span class=\"toc-entry\"><a href=\"\(target)\">\(chapterTitle)</a>"
                    + (singlePage ? PrintBook.pageSlot("chapter-\(chapter.number)") : "") + "</span>"
            } else {
                html += "<li value=\"\(chapter.number)\">\(chapterTitle) "
                    + "(not rendered yet: <code>\(HTML.escape(renderCommand(String(chapter.number))))</code>)"
            }
            if !chapter.exercises.isEmpty {
                html += "\n<ul>\n"
                for exercise in chapter.exercises {
                    let name = "Exercise \(exercise.id): \(InlineMarkdown.html(exercise.title))"
                    let anchor = "exercise-\(exercise.id.chapter)-\(exercise.id.number)"
                    html += linked
                        ? "<li><span class=\"toc-entry\"><a href=\"\(page)#\(anchor)\">\(name)</a>" + (singlePage ? PrintBook.pageSlot(anchor) : "") + "</span></li>\n"
                        : "<li>\(name)</li>\n"
                }
                html += "</ul>\n"
            }
            html += "</li>\n"
        }
        return html + "</ol></nav>\n"
    }

    /// A complete, self-contained page.
    private func page(title pageTitle: String, nav: String, body: String) -> String {
        page(title: pageTitle, nav: nav, body: [body], css: "", bodyClass: "")
    }

    /// A page whose body is `body` joined: written once into a string of the right size,
    /// the single-page edition being most of a megabyte.
    /// `css`: rules for this page only, after the shared stylesheet.
    private func page(title pageTitle: String, nav: String, body: [String], css: String, bodyClass: String) -> String {
        let banner = "\(HTML.escape(title)) · \(edition.displayName)"
            + (nav.isEmpty ? "" : "<span class=\"screen-only\"> · \(nav)</span>")
        let head = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'">
        <meta name="generator" content="workbook render (\(edition.rawValue) edition)">
        <meta name="workbook-snippets" content="\(results == nil ? "not-run" : "run")">
        <title>\(HTML.escape(pageTitle))</title>
        <style>

        """
        let middle = """

        </style>
        </head>
        <body class="edition-\(edition.rawValue)\(bodyClass.isEmpty ? "" : " " + bodyClass)">
        <header class="edition-banner">\(banner)</header>
        <main>

        """
        let tail = "</main>\n</body>\n</html>\n"
        var html = ""
        html.reserveCapacity(([head, HandoutStyle.css, css, middle, tail] + body).reduce(0) { $0 + $1.utf8.count })
        html += head
        html += HandoutStyle.css
        html += css
        html += middle
        for part in body { html += part }
        html += tail
        return html
    }
}
