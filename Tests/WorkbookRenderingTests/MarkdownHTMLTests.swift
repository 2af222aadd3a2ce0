import CCmark
import Foundation
import Testing
@testable import WorkbookRendering
import WorkbookModel

/// The walker is checked against cmark's own renderer, which it replaces: for each
/// sample, the HTML of the Swift tree must equal `cmark_render_html` of the C tree.
@Suite("Markdown as HTML")
struct MarkdownHTMLTests {
    /// cmark's HTML for `text`, safe mode (what the parser used to store per block).
    static func cmarkHTML(_ text: String) -> String {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let root = cmark_parse_document(chars.baseAddress, chars.count, CMARK_OPT_DEFAULT) else { return "" }
                defer { cmark_node_free(root) }
                guard let rendered = cmark_render_html(root, CMARK_OPT_DEFAULT) else { return "" }
                defer { free(rendered) }
                return String(cString: rendered)
            }
        }
    }

    static let samples: [String] = [
        "",
        "Plain text.",
        "# One\n\n## Two `code`\n\n###### Six *em*\n\nSetext\n======\n\nAlso\n----\n",
        "Some *emphasis*, **strong**, ***both*** and `code with <tags> & \"quotes\"`.",
        "Entities: &amp; &copy; &#35; &#x22; &nbsp; & < > \" ' / and a lone &.",
        "A soft\nbreak, a hard  \nbreak and a backslash\\\nbreak.",
        "- tight\n- list\n  - nested\n  - items\n- end\n",
        "- loose\n\n- list\n\n  with two paragraphs\n",
        "1. one\n2. two\n",
        "3. starts\n4. at three\n\n7) paren\n",
        "* a\n\n  ```swift\n  let x = 1\n  ```\n* b\n",
        "> A quote\n> with *text*\n>\n> > nested\n> > - list in it\n",
        "```swift run crash\nlet a = 1 < 2 && \"x\" == \"y\"\n```\n\n```\nno info\n```\n\n    indented\n    code\n\n~~~ text   more\ntilde\n~~~\n",
        "```&amp;lang\nx\n```\n",
        "[link](https://example.com/a?b=1&c=2 \"Title & <more>\") and [ref][r] and [empty]()\n\n[r]: /path/with%20space 'single'\n",
        "[spaces](<a b> \"t\") [unicode](https://exämple.com/ü) [quote](a'b) [brackets](a[b]c{d}|e^f`g\\\\h)",
        "<https://example.com/auto?x=1&y=2> and <someone@example.com>",
        "![alt *with* `code` and\nbreak](img.png \"img title\") ![nested ![inner](x.png) [link](y)](z.gif)",
        "![](data:image/png;base64,AAA) ![x](data:image/svg+xml,AAA) [d](DATA:text/html,x) [d](data:image/webp;x)",
        "[js](javascript:alert(1)) [JS](JaVaScRiPt:alert(1)) [vb](vbscript:x) [file](file:///etc/passwd) [ok](javascriptx:y)",
        "<script>alert(1)</script>\n\nText with <b>inline</b> html and <!-- a comment -->.\n\n<div>\nblock\n</div>\n",
        "![raw <b>html</b> in alt](x.png)",
        "***\n\n---\n\n___\n",
        "Text\n\n---\n- list after a break\n> and a quote\n",
        "1. a\n\n   > quote in item\n\n2. b\n   - c\n\n     para in loose nested\n   - d\n",
        "- \n- empty item\n-\n",
        "Line with trailing spaces   \nand *unclosed emphasis\n\n\\*escaped\\* \\<not a tag\\>",
        "Tab\there and unicode ✓ — “quotes” and a NUL \u{0}.",
        "# Heading with [link](x.md#y) and ![img](i.png)\n",
        "> Hint: **which** queue owns the UI?\n",
        // (Not `[a]: <> ""`: cmark writes `title=""` for an empty title, but its C API
        // reports it as no title, so the walker writes none.)
        "Footnote-like [^1] and [undefined][nope] and [a]\n\n[a]: <>\n",
    ]

    @Test("writes what cmark writes for every kind of node", arguments: samples)
    func sameAsCmark(sample: String) {
        let tree = MarkdownParser.parse(sample, path: "sample.md")
        #expect(MarkdownHTML.html(tree) == Self.cmarkHTML(sample), "\(tree.dump())")
    }

    @Test("writes each top-level block as cmark writes the whole document, block after block")
    func blockByBlock() {
        for sample in Self.samples {
            let blocks = MarkdownParser.parse(sample, path: "sample.md").children
            #expect(blocks.map { MarkdownHTML.html($0) }.joined() == Self.cmarkHTML(sample), "\(sample.debugDescription)")
        }
    }

    @Test("writes every chapter of the workbook as cmark does")
    func chapters() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("chapters")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(files.count >= 5, "the workbook has its five chapters")
        let hints = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("hints").path)
            .filter { $0.hasSuffix(".md") }.map { "hints/" + $0 }
        for name in files + hints {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let expected = Self.cmarkHTML(text)
            let actual = MarkdownHTML.html(MarkdownParser.parse(text, path: name))
            #expect(actual == expected, "\(name): the first difference at byte \(actual.utf8.elementsEqual(expected.utf8) ? -1 : zip(actual.utf8, expected.utf8).prefix { $0 == $1 }.count)")
        }
    }

    @Test("keeps raw HTML and dangerous links out, as cmark's safe mode does")
    func safeMode() {
        let html = MarkdownHTML.html(MarkdownParser.parse("# Title\n\n<script>alert(1)</script>\n\nA [link](javascript:alert(1)) and *emphasis*.\n", path: "x.md"))
        #expect(!html.contains("<script>"))
        #expect(!html.contains("javascript:"))
        #expect(html.contains("<!-- raw HTML omitted -->"))
        #expect(html.contains("<a href=\"\">link</a> and <em>emphasis</em>"))
    }

    @Test("tells dangerous destinations as cmark's scanner does", arguments: [
        ("javascript:x", true), ("JAVASCRIPT:x", true), ("vbscript:x", true), ("file:x", true), ("data:text/html,x", true),
        ("data:image/png;base64,x", false), ("data:image/GIF,x", false), ("data:image/svg+xml,x", true),
        ("https://x", false), ("java script:x", false), ("", false),
    ])
    func dangerous(url: String, dangerous: Bool) {
        #expect(MarkdownHTML.isDangerous(url) == dangerous)
    }

    @Test("highlights Swift code blocks inside lists and quotes when asked, and only Swift")
    func highlighting() {
        let tree = MarkdownParser.parse("- a\n\n  ```swift\n  let x = \"<\"\n  ```\n\n  ```text\n  let y\n  ```\n", path: "x.md")
        let plain = MarkdownHTML.html(tree)
        let highlighted = MarkdownHTML.html(tree, highlightingSwift: true)
        #expect(plain == Self.cmarkHTML("- a\n\n  ```swift\n  let x = \"<\"\n  ```\n\n  ```text\n  let y\n  ```\n"))
        #expect(highlighted.contains("<code class=\"language-swift\">" + SwiftHighlighter.html("let x = \"<\"\n") + "</code>"))
        #expect(highlighted.contains("<code class=\"language-text\">let y\n</code>"))
    }

    @Test("writes a hint without its label, as cut out of cmark's HTML of the quote")
    func hintWithoutLabel() throws {
        let file = HintsFile(path: "chapters/hints/01-x.md", text: """
        ## Exercise 1.1

        > Hint: **which** queue?
        > Second line.

        > **Hint:** in bold, then `code`.
        >
        > - and a list
        """)
        let hints = try #require(file.sections.first).hints
        #expect(hints.map { MarkdownHTML.html($0.content) } == [
            "<p><strong>which</strong> queue?\nSecond line.</p>\n",
            "<p><strong></strong> in bold, then <code>code</code>.</p>\n<ul>\n<li>and a list</li>\n</ul>\n",
        ])
    }

    @Test("a node is a value: changing a copy leaves the tree it came from as it was")
    func nodeIsAValue() throws {
        let tree = MarkdownParser.parse("> Hint: *one*\n", path: "x.md")
        var copy = tree
        var quote = try #require(copy.children.first)
        var paragraph = try #require(quote.children.first)
        paragraph.children[0].literal = "changed: "
        quote.children[0] = paragraph
        copy.children[0] = quote
        #expect(MarkdownHTML.html(tree) == "<blockquote>\n<p>Hint: <em>one</em></p>\n</blockquote>\n")
        #expect(MarkdownHTML.html(copy) == "<blockquote>\n<p>changed: <em>one</em></p>\n</blockquote>\n")
        #expect(tree != copy)
        #expect(tree == MarkdownParser.parse("> Hint: *one*\n", path: "x.md"))
    }

    @Test("a title is written as cmark writes it as a heading's content, with or without marks", arguments: [
        "Add two numbers", "Write `add`", "Sort *stably*", "Fish & chips < 3", "1. Lists", "Naïve — “quotes” 'too'", "a_b and [c]",
    ])
    func inlineTitle(title: String) {
        let heading = Self.cmarkHTML("# " + title)
        #expect("<h1>" + InlineMarkdown.html(title) + "</h1>\n" == heading)
    }
}
