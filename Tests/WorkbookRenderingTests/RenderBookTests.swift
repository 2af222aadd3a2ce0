import Foundation
import Testing
@testable import WorkbookRendering
import WorkbookSystem
import WorkbookTestSupport

@Suite("The printed book")
struct RenderBookTests {
    @Test("wraps each code line in a span of its indentation, closing and reopening a token that spans lines")
    func codeLines() {
        let html = CodeLines.html(swift: "func f() {\n    /* a\n       b */ return\n}")
        #expect(html.hasPrefix(#"<span class="ln h0"><span class="kw">func</span> f() {"#))
        #expect(html.contains("\n</span><span class=\"ln h4\">    <span class=\"com\">/* a</span>\n</span>"))
        #expect(html.contains(#"<span class="ln h7"><span class="com">       b */</span> <span class="kw">return</span>"#))
        #expect(html.hasSuffix(#"<span class="ln h0">}</span>"#))
        #expect(HTML.visibleLines(html) == HTML.visibleLines(SwiftHighlighter.html("func f() {\n    /* a\n       b */ return\n}")),
                "the lines a reader (and the leak audit) sees are unchanged")
    }

    @Test("ends the last line at the listing's last line feed, and closes a styled piece still open there", arguments: [
        ("a < b\n", false, #"<span class="ln h0">a &lt; b"# + "\n</span>"),
        ("", false, #"<span class="ln h0"></span>"#),
        ("\tx\n  y", false, #"<span class="ln h4">"# + "\tx\n</span>" + #"<span class="ln h2">  y</span>"#),
        ("x\n/* a\n", true, #"<span class="ln h0">x"# + "\n</span>" + #"<span class="ln h0"><span class="com">/* a</span>"# + "\n</span>"
            + #"<span class="ln h0"><span class="com"></span></span>"#),
        ("let s = \"\"\"\n  \"q\"\n\"\"\"", true, #"<span class="ln h0"><span class="kw">let</span> s = <span class="str">&quot;&quot;&quot;</span>"#
            + "\n</span>" + #"<span class="ln h2"><span class="str">  &quot;q&quot;</span>"# + "\n</span>"
            + #"<span class="ln h0"><span class="str">&quot;&quot;&quot;</span></span>"#),
    ])
    func codeLineEnds(code: String, swift: Bool, html: String) {
        #expect((swift ? CodeLines.html(swift: code) : CodeLines.html(plain: code)) == html)
    }

    @Test("renders a title's inline Markdown, and its plain text", arguments: [
        ("Write `add`", "Write <code>add</code>", "Write add"),
        ("1. Lists & *stars*", "1. Lists &amp; <em>stars</em>", "1. Lists & stars"),
        ("Plain", "Plain", "Plain"),
        // As in the heading itself: cmark's safe mode drops raw HTML.
        ("<script>x</script>", "<!-- raw HTML omitted -->x<!-- raw HTML omitted -->", "x"),
    ])
    func inlineMarkdown(title: String, html: String, plain: String) {
        #expect(InlineMarkdown.html(title) == html)
        #expect(InlineMarkdown.plainText(title) == plain)
    }

    @Test("fills the contents' slots with page numbers")
    func numbered() {
        let html = "<p>a" + PrintBook.pageSlot("chapter-1") + "</p><p>b" + PrintBook.pageSlot("exercise-1-1") + "</p>"
        #expect(PrintBook.slotIDs(in: html) == ["chapter-1", "exercise-1-1"])
        let filled = PrintBook.numbered(html, pages: ["chapter-1": 4, "exercise-1-1": 12])
        #expect(filled.contains(#"<span class="toc-page"><!--page:chapter-1-->4</span>"#))
        #expect(filled.contains(#"<span class="toc-page"><!--page:exercise-1-1-->12</span>"#))
        #expect(PrintBook.numbered(html, pages: [:]) == html)
    }

    @Test("gives the single page's links to its chapters and sections a page slot, shown in print")
    func pageReferences() {
        let html = ##"<p>See <a href="#chapter-2">chapter 2</a>, <a href="#exercise-1-1">1.1</a> and <a href="https://example.com">this</a>.</p>"##
        let referenced = PrintBook.withPageReferences(html)
        #expect(referenced.contains(##"<a href="#chapter-2">chapter 2</a><span class="page-ref"><!--page:chapter-2--></span>"##))
        #expect(referenced.contains(##"<a href="#exercise-1-1">1.1</a><span class="page-ref"><!--page:exercise-1-1--></span>"##))
        #expect(!referenced.contains("this</a><span"))
        #expect(PrintBook.slotIDs(in: referenced) == ["chapter-2", "exercise-1-1"])
    }

    @Test("adds page slots exactly where the pattern of chapter, exercise and hints links matches", arguments: [
        ##"<a href="#chapter-2">chapter <code>2</code></a> <a href="#top">top</a> <a href="#chapter-">none</a>"##,
        ##"<a href="#hints-3-2">hint</a><a href="#exercise-x">x</a><a href="#chapters-1">s</a><a href="#chapter-1"#>odd</a>"##,
        ##"<p>é <a href="#exercise-10-2">10.2</a></p><a href="#chapter-4">unclosed"##,
        "",
    ])
    func pageReferencesAsThePatternSays(html: String) {
        let pattern = /<a href="#((?:chapter|exercise|hints)-[0-9-]+)">([\s\S]*?)<\/a>/
        let expected = html.replacing(pattern) { "\($0.output.0)<span class=\"page-ref\"><!--page:\($0.output.1)--></span>" }
        #expect(PrintBook.withPageReferences(html) == expected)
    }

    @Test("opens every hint in the same pass, as a pass of its own after the slots would", arguments: [
        ##"<a href="#hints-3-2">hints</a><details class="hint"><summary>Hint 1</summary><a href="#exercise-3-2">back</a></details>"##,
        ##"<details class="hint"><details class="hint"></details></details><a href="#chapter-1">1</a>"##,
        ##"<p>no hint, <a href="#chapter-2">2</a></p><details class="hint" open>already</details>"##,
        "",
    ])
    func openingHints(html: String) {
        let opened = PrintBook.withPageReferences(html, openingHints: true)
        #expect(opened == ByteSearch.replacingAll(#"<details class="hint">"#, with: #"<details class="hint" open>"#, in: PrintBook.withPageReferences(html)))
        #expect(!opened.contains(#"<details class="hint">"#))
    }

    @Test("quotes a running head for CSS")
    func cssString() {
        #expect(PrintBook.cssString(#"3. "Queues" \ GCD"#) == #""3. \"Queues\" \\ GCD""#)
    }

    @Test("finds each entry's page in the outline, a repeated title by its occurrence")
    func pages() {
        let html = #"<article id="chapter-1"><h1><span class="chapter-number">Chapter 1</span>Blocks &amp; closures</h1>"#
            + #"<section id="exercise-1-1"><h2>Exercise 1.1: Write <code>add</code></h2></section>"#
            + #"<section id="hints-1-1"><h3>Exercise 1.1: Write <code>add</code></h3></section></article>"#
        let headings = BookPrinter.headingTexts(of: ["chapter-1", "exercise-1-1", "hints-1-1"], in: html)
        #expect(headings == ["chapter-1": .init(text: "Chapter 1Blocks & closures", occurrence: 0),
                             "exercise-1-1": .init(text: "Exercise 1.1: Write add", occurrence: 0),
                             "hints-1-1": .init(text: "Exercise 1.1: Write add", occurrence: 1)])
        let xml = """
        <pdf2xml><page number="1" height="1263"></page><page number="2" height="1263"></page>
        <outline><item page="1">Contents</item><item page="2">CHAPTER 1Blocks &amp; closures</item>
        <outline><item page="3">Exercise 1.1: Write add</item><item page="9">Exercise 1.1: Write add</item>
        <item page="5">A &#34;quoted&#34; title</item></outline></outline></pdf2xml>
        """
        let outline = BookPrinter.parseOutline(xml)
        #expect(outline.pageCount == 2)
        #expect(outline.items.map(\.title).last == #"A "quoted" title"#)
        #expect(BookPrinter.pages(of: ["hints-1-1", "chapter-1", "exercise-1-1"], headings: headings, outline: outline.items)
            == ["chapter-1": 2, "exercise-1-1": 3, "hints-1-1": 9], "in any order")
    }

    @Test("prints in two passes, the second with the contents' page numbers, on the paper asked for")
    func twoPasses() async throws {
        let rendered = try await RenderHandoutTests.render()
        let whole = try #require(rendered.student.page(HandoutRenderer.wholeWorkbookFile)).html
        let folder = try TemporaryWorkbook([:]).root
        defer { try? FileManager.default.removeItem(at: folder) }
        // Stand-ins: "Chromium" copies the page it is given into the PDF, so the test reads
        // what was printed; "pdftohtml" reports an outline with the two headings' pages.
        let chromium = folder.appendingPathComponent("chromium"), pdftohtml = folder.appendingPathComponent("pdftohtml")
        try """
        #!/bin/sh
        for argument in "$@"; do
          case "$argument" in --print-to-pdf=*) out="${argument#--print-to-pdf=}";; file://*) page="${argument#file://}";; esac
        done
        cp "$page" "$out"; echo pass >> "\(folder.path)/passes"

        """.write(to: chromium, atomically: true, encoding: .utf8)
        try """
        #!/bin/sh
        for last; do :; done
        cat > "$last.xml" <<'XML'
        <pdf2xml><page number="1" height="9"></page><page number="2" height="9"></page>
        <outline><item page="1">Contents</item><item page="3">CHAPTER 1Blocks and closures</item>
        <outline><item page="5">Exercise 1.1: Write add</item><item page="6">Hints for chapter 1</item>
        <outline><item page="6">Exercise 1.1: Write add</item></outline></outline>
        <item page="7">CHAPTER 2Pictures</item></outline></pdf2xml>
        XML

        """.write(to: pdftohtml, atomically: true, encoding: .utf8)
        for tool in [chromium, pdftohtml] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        }
        let printer = BookPrinter(chromium: ChromiumPrinter(executable: chromium.path), pdftohtml: pdftohtml.path)
        let pdf = folder.appendingPathComponent("workbook.pdf")
        let printed = try await onOwnThread { try printer.print(whole, to: pdf, paper: .letter) }
        #expect(printed.passes == 2 && printed.pageCount == 2)
        #expect(printed.unnumbered == nil)
        let last = try String(contentsOf: pdf, encoding: .utf8)
        #expect(last.contains("<!--page:chapter-1-->3</span>"))
        #expect(last.contains("<!--page:exercise-1-1-->5</span>"))
        #expect(last.contains("<!--page:chapter-2-->7</span>"))
        #expect(last.contains("<!--page:hints-1-1-->6</span>"), "the exercise's link to its hints names their page")
        #expect(last.contains("<style>@page { size: letter; }</style>"))
        #expect(try String(contentsOf: folder.appendingPathComponent("passes"), encoding: .utf8) == "pass\npass\n")
    }
}
