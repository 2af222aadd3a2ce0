import Foundation
import WorkbookRunning
import WorkbookRendering
import WorkbookModel
import WorkbookSystem

/// `workbook render [N|all] [--edition student|instructor] [--out DIR] [--pdf] [--paper a4|letter]
/// [--hints print|omit]`: HTML handouts, self-contained and print-ready, optionally printed
/// to PDF with Chromium as a book.
enum RenderCommand: Command {
    struct Options: ParsableOptions {
        static let edition = CommandSpec.Option.value(
            "edition", "EDITION", choices: Edition.allCases.map(\.rawValue), "student (default: starter code, no solutions or tests) or instructor")
        static let out = CommandSpec.Option.value("out", "DIR", "where the pages go (default: handouts/<edition>/)")
        static let pdf = CommandSpec.Option.flag("pdf", "also print the whole workbook to workbook.pdf with headless Chromium, as a book")
        static let paper = CommandSpec.Option.value(
            "paper", "SIZE", choices: BookPrinter.Paper.allCases.map(\.rawValue), "the PDF's paper: a4 (default) or letter")
        static let hints = CommandSpec.Option.value(
            "hints", "HINTS", choices: HintsInPrint.allCases.map(\.rawValue),
            "whether the printed workbook shows the hints: print (default: on each chapter's back pages, each exercise naming their page), or omit (each exercise names `workbook hint N.M`)")

        /// `N` or `all`.
        var selection: String
        var edition: Edition
        var out: URL?
        /// The paper, when the workbook is also printed to PDF.
        var pdf: BookPrinter.Paper?
        var hints: HintsInPrint?

        init(from given: OptionValues) {
            selection = given.arguments.first ?? "all"
            edition = given.choice(Self.edition, default: .student)
            out = given.path(Self.out)
            pdf = given.flag(Self.pdf) ? given.choice(Self.paper, default: .a4) : nil
            hints = given.choice(Self.hints)
        }
    }

    static let spec = CommandSpec(
        name: "render",
        summary: "render HTML handouts (student or instructor edition)",
        arguments: "[N|all]",
        argumentCount: 0...1,
        options: [Options.edition, Options.out, Options.pdf, Options.paper, Options.hints],
        discussion: """
        Writes one page per chapter (NN-slug.html). With no chapter or `all`, also writes
        index.html and workbook.html, the whole workbook on one page for printing. Pages are
        self-contained (inline CSS, inline SVG figures, nothing fetched, no scripts).
        The student edition shows each exercise's starter code and folded hints; a page that
        would show a line of a reference solution or of a tests file is not written. The
        instructor edition adds the reference solution and the tests.
        Snippets show their actual output from the snippet runner, flagged when it differs
        from the chapter's expected output. Figures are numbered and captioned.
        Printed, workbook.html is a book: a title page, the contents, the chapter's title
        at the head of every page and the page number at its foot. --pdf prints it with
        Chromium in two passes (the second fills in the contents' page numbers, read from
        the first PDF's outline with poppler's pdftohtml), with bookmarks for every
        chapter, section and exercise.
        `render N` writes that chapter's page and an index of every chapter that links the
        pages in the output folder and says how to render the others. A page whose content
        has not changed is left as it is (its file keeps its date). --out may not name the
        workbook's own folders (chapters/, Sources/, Tests/, the workspace, .workbook/).
        Exit status: 0 when every page was written, 1 when a page was held back, the output
        folder was refused or the PDF failed (each problem printed as path:line: error: …),
        2 for a usage error or an unknown chapter.
        """
    )

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let console = context.console
        let edition = given.edition
        let selection = given.selection
        // Every chapter (nil), or the one named (none for a name that is no number: it is
        // reported below).
        let rendered: Set<Int>? = selection == "all" ? nil : Set(Int(selection).map { [$0] } ?? [])
        let (workbook, preparation) = try load(context, edition: edition, rendered: rendered)
        let chapters = selection == "all" ? workbook.chapters : [try workbook.chapter(selection)]
        let output = given.out
            ?? workbook.url(WorkbookLayout.handouts).appendingPathComponent(edition.rawValue)
        try HandoutWriter.checkOutputFolder(output, workbook: workbook)

        let hints = given.hints
        let renderer = HandoutRenderer(workbook: workbook, preparation: preparation, hints: hints)
        // A chapter's page links the pages already there; the others, through the index.
        let existing = selection == "all" ? [] : HandoutWriter.existingPages(in: output)
        let handouts = renderer.render(chapters, collections: selection == "all", existingPages: existing)
        // The preparation too: the audit's evidence and the prefetched results are thousands
        // of small values, freed one by one after the summary was printed (0.5 ms, strace).
        ProcessLifetime.keep(handouts)
        ProcessLifetime.keep(preparation)
        for diagnostic in handouts.diagnostics {
            console.printError(diagnostic.description)
        }
        let written = try HandoutWriter.write(handouts, to: output, workbook: workbook)
        console.print(summary(handouts, written: written.count, edition: edition, folder: workbook.displayPath(output), runnerAvailable: preparation.results != nil))

        var failed = !handouts.errors.isEmpty
        if let paper = given.pdf {
            failed = !printPDF(handouts, in: output, paper: paper, workbook: workbook, context: context) || failed
        }
        return failed ? .failure : .success
    }

    /// THE place the snippet outputs come from: the snippet runner, which answers from its
    /// cache when a chapter has not changed. Without a Swift toolchain there is none, and
    /// the handouts show the chapters' expected outputs and say that figures need `workbook run`.
    static func snippetResultProvider(root: URL, host: HostEnvironment) -> (any SnippetResultProvider)? {
        try? SnippetRunner(root: root, toolchain: SnippetRunner.toolchain(root: root, host: host))
    }

    /// The workbook, and the snippet runner made meanwhile on a thread of its own (finding
    /// the toolchain and its version takes as long as parsing a chapter); each chapter
    /// prepared for `edition` (its results only if it is `rendered`) as soon as it is
    /// parsed, beside the parsing of the others.
    private static func load(_ context: CommandContext, edition: Edition, rendered: Set<Int>?) throws -> (Workbook, HandoutPreparation) {
        let root = try context.workbookRoot()
        let exercises = context.exercisesFolder
        let host = context.host(cacheFolder: Workbook.cacheFolder(root: root))
        let preparation = Promised<HandoutPreparation>()
        var workbook: Result<Workbook, any Error>?
        // Two lanes, so the runner is made while the chapters are parsed and waited for.
        for step in try BlockingLanes.map([true, false], width: 2, { isWorkbook -> Loading in
            guard isWorkbook else {
                preparation.fulfill(HandoutPreparation(
                    files: WorkbookFiles(root: root), edition: edition, results: snippetResultProvider(root: root, host: host),
                    rendered: rendered))
                return .preparation
            }
            return .workbook(Result { try Workbook(root: root, exercisesFolder: exercises, whenParsed: { preparation.value.prepare($0) }) })
        }) {
            if case .workbook(let loaded) = step { workbook = loaded }
        }
        guard let workbook else { preconditionFailure("the workbook step did not run") }
        let loaded = try workbook.get()
        ProcessLifetime.keep(loaded)
        return (loaded, preparation.value)
    }

    private enum Loading: Sendable {
        case workbook(Result<Workbook, any Error>)
        case preparation
    }

    private static func summary(_ handouts: HandoutSet, written: Int, edition: Edition, folder: String, runnerAvailable: Bool) -> String {
        let tally = handouts.tally
        var parts = ["\(edition.displayName): \(written) page\(written == 1 ? "" : "s") in \(folder)/",
                     "\(tally.exercises) exercises", "\(tally.snippets) snippets", "\(tally.figures) figures"]
        if tally.differing > 0 { parts.append("\(tally.differing) outputs differ (flagged)") }
        if tally.missingFigures > 0 { parts.append("\(tally.missingFigures) figures missing") }
        if !runnerAvailable, tally.snippets + tally.figures > 0 {
            parts.append("outputs are the chapters' expected outputs (snippets not run)")
        }
        if !handouts.errors.isEmpty { parts.append("\(handouts.errors.count) problems") }
        return parts.joined(separator: ", ")
    }

    /// Prints workbook.html as a book (or the one chapter page) to a PDF beside it.
    private static func printPDF(_ handouts: HandoutSet, in folder: URL, paper: BookPrinter.Paper, workbook: Workbook, context: CommandContext) -> Bool {
        let console = context.console
        guard let page = handouts.page(HandoutRenderer.wholeWorkbookFile) ?? handouts.pages.first else {
            console.error("no page to print")
            return false
        }
        let pdf = folder.appendingPathComponent(page.fileName.replacingOccurrences(of: ".html", with: ".pdf"))
        do {
            let printer = try BookPrinter.locate(environment: context.environment)
            let printed = try printer.print(page.html, to: pdf, paper: paper)
            var summary = "PDF: \(workbook.displayPath(pdf)) (\(paper.rawValue)"
            if printed.pageCount > 0 { summary += ", \(printed.pageCount) pages" }
            summary += ", \(printed.passes) pass\(printed.passes == 1 ? "" : "es"), \(String(format: "%.1f", printed.seconds)) s)"
            console.print(summary)
            if let unnumbered = printed.unnumbered {
                console.printError(console.styledError("warning:", .yellow) + " the contents have no page numbers: \(unnumbered)")
            }
            return true
        } catch {
            console.error("\(error)")
            return false
        }
    }
}
