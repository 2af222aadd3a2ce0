import WorkbookModel
import WorkbookSystem
/// The single-page edition laid out as a book when printed: a title page, the contents
/// with a slot for each entry's page number (filled by `BookPrinter` from the printed
/// PDF), running heads with the chapter's title and page numbers in the page margins.
enum PrintBook {
    /// The title page, shown only in print.
    static func titlePage(title: String, edition: Edition, chapters: [Chapter]) -> String {
        var html = "<section class=\"title-page print-only\">\n<p class=\"book-kind\">A workbook and kata</p>\n"
            + "<h1 class=\"book-title\">\(HTML.escape(title))</h1>\n<p class=\"book-edition\">\(edition.displayName)</p>\n<ol class=\"book-chapters\">\n"
        for chapter in chapters {
            html += "<li value=\"\(chapter.number)\">\(InlineMarkdown.html(chapter.title))</li>\n"
        }
        html += "</ol>\n<p class=\"book-note\">"
        html += edition == .student
            ? "Each exercise shows its starter code: solve it in your workspace and check it with <code>workbook check N.M</code>."
            : "Each exercise shows its reference solution and the tests that grade it. Do not hand this edition to learners."
        return html + "</p>\n</section>\n"
    }

    /// Where the page number of the element `id` goes: empty until the book is printed.
    static func pageSlot(_ id: String) -> String {
        "<span class=\"leader\"></span><span class=\"toc-page\"><!--page:\(id)--></span>"
    }

    /// The single page's links to its own chapters and sections, each followed by a slot
    /// for its page, shown in print only ("see chapter 2, p. 24"). The contents' links
    /// have slots of their own.
    /// (A byte scan: the same job as a `Regex` over the whole page took 60% of a cached
    /// `render`, measured with perf.)
    /// `openingHints`: every folded hint is opened too (`<details class="hint" open>`: paper
    /// cannot unfold one), in the same pass: a pass of its own copied each chapter again.
    static func withPageReferences(_ html: String, openingHints: Bool = false) -> String {
        var html = html
        let slots = html.withUTF8 { bytes -> [(range: Range<Int>, text: String)] in
            let open = Array(##"<a href="#"##.utf8), close = Array("</a>".utf8)
            var slots: [(range: Range<Int>, text: String)] = []
            var from = 0
            while let start = ByteSearch.firstOffset(of: open, in: bytes, from: from) {
                from = start + open.count
                // The id: chapter-, exercise- or hints-, then digits and dashes, then `">`.
                var end = from
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                guard end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: ">") else { continue }
                let id = bytes[from..<end]
                guard let dash = id.firstIndex(of: UInt8(ascii: "-")),
                      ["chapter", "exercise", "hints"].contains(where: { $0.utf8.elementsEqual(id[..<dash]) }),
                      id.index(after: dash) < id.endIndex,
                      id[id.index(after: dash)...].allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }),
                      let closing = ByteSearch.firstOffset(of: close, in: bytes, from: end + 2)
                else { continue }
                let after = closing + close.count
                slots.append((after..<after, #"<span class="page-ref"><!--page:"# + String(decoding: id, as: UTF8.self) + "--></span>"))
                from = after
            }
            guard openingHints else { return slots }
            // Neither kind of change makes or breaks the other's marks, so one pass over the
            // page gives what one pass after the other would.
            let hint = Array(#"<details class="hint">"#.utf8)
            var opened: [(range: Range<Int>, text: String)] = []
            from = 0
            while let start = ByteSearch.firstOffset(of: hint, in: bytes, from: from) {
                opened.append((start..<start + hint.count, #"<details class="hint" open>"#))
                from = start + hint.count
            }
            // In order; a slot at the offset where a hint starts goes first.
            return (slots + opened).sorted { ($0.range.lowerBound, $0.range.count) < ($1.range.lowerBound, $1.range.count) }
        }
        return Splice.replacing(slots, in: html)
    }

    /// `html` with each slot holding its page number, for the ids in `pages`.
    static func numbered(_ html: String, pages: [String: Int]) -> String {
        var out = ""
        out.reserveCapacity(html.utf8.count + pages.count * 4)
        var rest = Substring(html)
        while let start = rest.range(of: "<!--page:") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "-->") else { break }
            let id = String(rest[start.upperBound..<end.lowerBound])
            out += "<!--page:\(id)-->"
            if let page = pages[id] { out += String(page) }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }

    /// The ids whose page the contents show, in the order of the page.
    static func slotIDs(in html: String) -> [String] {
        html.matches(of: /<!--page:([^>]*?)-->/).map { String($0.output.1) }
    }

    /// The page rules: the margins, the page number at the foot of every page but the
    /// title page, the book's title at the head, and each chapter a named page whose head
    /// carries the chapter's title. (Chromium supports margin boxes and named pages.)
    static func css(title: String, edition: Edition, chapters: [Chapter]) -> String {
        let head = cssString("\(title) · \(edition.displayName)")
        var css = """
        @page {
          @top-right { content: \(head); font: 8pt "DejaVu Sans", sans-serif; color: #555; vertical-align: bottom; padding-bottom: 3mm; }
          @bottom-center { content: counter(page); font: 9pt "DejaVu Sans", sans-serif; color: #333; }
        }
        @page title-page { @top-right { content: none; } @bottom-center { content: none; } }
        @page contents { @top-left { content: "Contents"; font: 8pt "DejaVu Sans", sans-serif; color: #555; vertical-align: bottom; padding-bottom: 3mm; } }
        @media print {
          .edition-banner { display: none; }  /* the running heads say it */
          .title-page { page: title-page; }
          .page-ref { display: inline; }
          .page-ref::before { content: ", p.\\a0"; }
          nav.contents { page: contents; break-before: page; }
        }

        """
        for chapter in chapters {
            let running = cssString("\(chapter.number). \(InlineMarkdown.plainText(chapter.title))")
            css += "@page chapter-\(chapter.number) { @top-left { content: \(running); font: 600 8pt \"DejaVu Sans\", sans-serif; color: #333; vertical-align: bottom; padding-bottom: 3mm; } }\n"
            css += "@media print { #chapter-\(chapter.number) { page: chapter-\(chapter.number); } }\n"
        }
        return css
    }

    /// `text` as a CSS string: quoted, with `"`, `\` and line breaks escaped.
    static func cssString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\" + String(scalar)
            case "\n", "\r": out += "\\a "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
