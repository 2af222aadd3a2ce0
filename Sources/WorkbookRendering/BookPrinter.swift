import Foundation
import WorkbookModel
import WorkbookSystem

/// Prints the single-page edition as a book: Chromium lays it out with the page rules
/// (running heads, page numbers, an outline of every heading), then the contents get
/// their page numbers in a second pass. The page of each entry is read from the first
/// PDF's outline (poppler's `pdftohtml -xml` lists its items with their pages), matched
/// to the entry's heading by its text; the page is printed again with the numbers, and
/// once more in the unlikely case that adding them moved a heading to another page.
/// WeasyPrint's `target-counter()` would number the contents in one pass; measured on
/// the student edition here, that one pass took 29.9 s against 10-25 s for Chromium's
/// two (on a shared two-core machine), printed the same 107 pages, and ignored the
/// figures' `style` attributes (their fills and strokes). Chromium is also what a
/// reader's browser prints with, and needs no further dependency.
public struct BookPrinter: Sendable {
    /// The paper sizes the PDF can be made for.
    public enum Paper: String, Sendable, Equatable, CaseIterable {
        case a4, letter

        var cssSize: String { self == .a4 ? "A4" : "letter" }
    }

    /// What printing did: the PDF's pages, how many passes it took, and whether the
    /// contents carry page numbers (nil: why not).
    public struct Printed: Sendable, Equatable {
        public var pageCount: Int
        public var passes: Int
        public var unnumbered: String?
        public var seconds: Double
    }

    public let chromium: ChromiumPrinter
    /// poppler's `pdftohtml`; nil: the contents print without page numbers.
    public let pdftohtml: String?

    public init(chromium: ChromiumPrinter, pdftohtml: String?) {
        self.chromium = chromium
        self.pdftohtml = pdftohtml
    }

    package static let popplerAdvice = "install poppler-utils (Debian/Ubuntu: sudo apt-get install poppler-utils) for the contents' page numbers"

    /// Chromium, and poppler's `pdftohtml` when it is on `PATH`.
    public static func locate(environment: [String: String]) throws(WorkbookError) -> BookPrinter {
        let chromium = try ChromiumPrinter.locate(environment: environment)
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let pdftohtml = folders.map { "\($0)/pdftohtml" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return BookPrinter(chromium: chromium, pdftohtml: pdftohtml)
    }

    /// Prints `html` (the single-page edition) to `pdf` on `paper`.
    public func print(_ html: String, to pdf: URL, paper: Paper) throws(WorkbookError) -> Printed {
        let started = Date()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-book-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: work.path, reason: error.localizedDescription)
        }
        defer { try? FileManager.default.removeItem(at: work) }
        let page = work.appendingPathComponent("workbook.html")
        let sized = Self.sized(html, paper: paper)
        let ids = PrintBook.slotIDs(in: html)
        let headings = Self.headingTexts(of: ids, in: html)

        try printPass(sized, page: page, pdf: pdf)
        if ids.isEmpty {  // a chapter's own page: no contents to number
            return Printed(pageCount: 0, passes: 1, unnumbered: nil, seconds: Date().timeIntervalSince(started))
        }
        guard let pdftohtml else {
            return Printed(pageCount: 0, passes: 1, unnumbered: Self.popplerAdvice, seconds: Date().timeIntervalSince(started))
        }
        var outline: (items: [(title: String, page: Int)], pageCount: Int)
        do {
            outline = try Self.outline(of: pdf, pdftohtml: pdftohtml, work: work)
        } catch {
            // The PDF is there; only its contents lack numbers.
            return Printed(pageCount: 0, passes: 1, unnumbered: error.description, seconds: Date().timeIntervalSince(started))
        }
        var pages = Self.pages(of: ids, headings: headings, outline: outline.items)
        var passes = 1
        // Numbers fill slots of a fixed width, so a second pass almost never moves a
        // heading; a third settles it if one did.
        while passes < 3 {
            try printPass(PrintBook.numbered(sized, pages: pages), page: page, pdf: pdf)
            passes += 1
            outline = (try? Self.outline(of: pdf, pdftohtml: pdftohtml, work: work)) ?? outline
            let again = Self.pages(of: ids, headings: headings, outline: outline.items)
            if again == pages { break }
            pages = again
        }
        let missing = ids.filter { pages[$0] == nil }
        let unnumbered = missing.isEmpty ? nil : "no page found for \(missing.count) of \(ids.count) entries (\(missing.prefix(3).joined(separator: ", ")))"
        return Printed(pageCount: outline.pageCount, passes: passes, unnumbered: unnumbered, seconds: Date().timeIntervalSince(started))
    }

    private func printPass(_ html: String, page: URL, pdf: URL) throws(WorkbookError) {
        do {
            try Data(html.utf8).write(to: page)
        } catch {
            throw .cannotWrite(path: page.path, reason: error.localizedDescription)
        }
        try chromium.printPDF(page: page, to: pdf)
    }

    /// `html` with the paper size set for this print (the page itself leaves it to the
    /// printer, so that it prints on A4 and Letter from a browser).
    static func sized(_ html: String, paper: Paper) -> String {
        let rule = "<style>@page { size: \(paper.cssSize); }</style>\n</head>"
        guard let head = html.range(of: "</head>") else { return html }
        return html.replacingCharacters(in: head, with: rule)
    }

    // MARK: Reading the pages back

    /// The outline's items (title, page) in order, and the number of pages.
    static func outline(of pdf: URL, pdftohtml: String, work: URL) throws(WorkbookError) -> (items: [(title: String, page: Int)], pageCount: Int) {
        let base = work.appendingPathComponent("outline")
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(pdftohtml, .init(arguments: ["-xml", "-i", "-q", "-nodrm", pdf.path, base.path], timeout: 120))
        } catch {
            throw .toolFailed(name: "pdftohtml", message: error.description)
        }
        guard result.termination.isSuccess, let xml = try? String(contentsOf: base.appendingPathExtension("xml"), encoding: .utf8) else {
            throw .toolFailed(name: "pdftohtml", message: "\(result.termination); it read no outline from \(pdf.lastPathComponent)")
        }
        return parseOutline(xml)
    }

    /// `<item page="3">Title</item>` in document order, and `<page number=…>` counted.
    static func parseOutline(_ xml: String) -> (items: [(title: String, page: Int)], pageCount: Int) {
        let items = xml.matches(of: /<item page="(\d+)">([^<]*)<\/item>/).compactMap { match -> (String, Int)? in
            guard let page = Int(match.output.1) else { return nil }
            return (decodingNumericReferences(HTML.unescape(String(match.output.2))), page)
        }
        return (items, xml.matches(of: /<page number="/).count)
    }

    /// `&#34;` and `&#x22;` as the characters they stand for (poppler writes quotes so).
    static func decodingNumericReferences(_ text: String) -> String {
        text.replacing(/&#(x?)([0-9a-fA-F]+);/) { match in
            let value = UInt32(match.output.2, radix: match.output.1.isEmpty ? 10 : 16)
            return value.flatMap(Unicode.Scalar.init).map { String($0) } ?? String(match.output.0)
        }
    }

    /// A heading an id leads to: its text, and how many headings before it read the same
    /// (an exercise's title recurs in its hints; the outline repeats it as often).
    struct Heading: Equatable {
        var text: String
        var occurrence: Int
    }

    /// The page of each id: its heading's, the same occurrence of that text in the outline.
    static func pages(of ids: [String], headings: [String: Heading], outline: [(title: String, page: Int)]) -> [String: Int] {
        var pagesOfText: [String: [Int]] = [:]
        for item in outline { pagesOfText[normalized(item.title), default: []].append(item.page) }
        var pages: [String: Int] = [:]
        for id in ids {
            guard let heading = headings[id], let found = pagesOfText[normalized(heading.text)],
                  heading.occurrence < found.count else { continue }
            pages[id] = found[heading.occurrence]
        }
        return pages
    }

    /// The first heading at or after the element with each id.
    static func headingTexts(of ids: [String], in html: String) -> [String: Heading] {
        // Every heading of the page, in order, with its text and how often it came before.
        var headings: [(offset: String.Index, heading: Heading)] = []
        var seen: [String: Int] = [:]
        for match in html.matches(of: /<h([1-6])(?:\s[^>]*)?>([\s\S]*?)<\/h\1>/) {
            let text = HTML.unescape(String(match.output.2).replacing(/<[^>]*>/, with: ""))
            let key = normalized(text)
            headings.append((match.range.lowerBound, Heading(text: text, occurrence: seen[key, default: 0])))
            seen[key, default: 0] += 1
        }
        var result: [String: Heading] = [:]
        for id in Set(ids) {
            guard let element = html.range(of: "id=\"\(id)\""),
                  let heading = headings.first(where: { $0.offset >= element.upperBound })
            else { continue }
            result[id] = heading.heading
        }
        return result
    }

    /// Letters and digits only, lower-cased: the outline has the heading's text without
    /// its markup, its spacing or its CSS capitals.
    static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
