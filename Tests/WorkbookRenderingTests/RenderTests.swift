import Foundation
import Testing
@testable import WorkbookRunning
@testable import WorkbookRendering
import WorkbookTestSupport
@testable import WorkbookModel
import WorkbookSystem

@Suite("The Swift highlighter")
struct RenderHighlighterTests {
    typealias Kind = SwiftHighlighter.TokenKind

    @Test("marks each kind of token", arguments: [
        ("let x = 42", [("let", Kind.keyword), ("42", .number)]),
        (#"print("a \"b\" c")"#, [(#""a \"b\" c""#, .string)]),
        ("x // a note", [("// a note", .comment)]),
        ("/* a /* nested */ comment */ y", [("/* a /* nested */ comment */", .comment)]),
        ("@MainActor func f()", [("@MainActor", .attribute), ("func", .keyword)]),
        ("String(1.5e3)", [("String", .type), ("1.5e3", .number)]),
        ("for i in 1...5 {}", [("for", .keyword), ("in", .keyword), ("1", .number), ("5", .number)]),
        ("{ $0 + $1 }", []),
        (##"#"raw "quoted""#"##, [(##"#"raw "quoted""#"##, .string)]),
        ("let `default` = 0x1F", [("let", .keyword), ("0x1F", .number)]),
        ("#if DEBUG", [("#if", .keyword), ("DEBUG", .type)]),
        ("\"\"\"\nline \"one\"\n\"\"\" + s", [("\"\"\"\nline \"one\"\n\"\"\"", .string)]),
    ] as [(String, [(String, Kind)])])
    func kinds(code: String, expected: [(String, Kind)]) {
        let styled = SwiftHighlighter.tokens(code).compactMap { token in token.kind.map { (token.text, $0) } }
        #expect(styled.map(\.0) == expected.map(\.0))
        #expect(styled.map(\.1) == expected.map(\.1))
    }

    @Test("marks every keyword, and no word that only shares a keyword's length, first letter or beginning")
    func keywordsExactly() {
        func kind(_ word: String) -> Kind? { SwiftHighlighter.tokens(word).first?.kind }
        func word(_ word: String) -> Kind? { word.first?.isUppercase == true ? .type : nil }
        for keyword in SwiftHighlighter.keywords {
            #expect(kind(keyword) == .keyword, "\(keyword)")
            let last = keyword.last == "z" ? "y" : "z"
            for near in [keyword + "s", String(keyword.dropLast()), keyword.dropLast() + last, "_" + keyword, keyword + keyword]
            where !near.isEmpty && !SwiftHighlighter.keywords.contains(near) {
                #expect(kind(near) == word(near), "\(near)")
            }
        }
    }

    @Test("gives back exactly the code it was given", arguments: [
        "let add: (Int, Int) -> Int = { a, b in a + b }\nprint(add(2, 2))\n",
        "/* unclosed comment", "\"unclosed string", "@", "#", "`", "x.y?.z!", "let café = \"crème\" // ünïcode",
    ])
    func roundTrip(code: String) {
        #expect(SwiftHighlighter.tokens(code).map(\.text).joined() == code)
    }

    @Test("escapes HTML inside code and spans")
    func escapes() {
        let html = SwiftHighlighter.html(#"if a < b && s == "<b>" {}"#)
        #expect(html.contains("a &lt; b &amp;&amp;"))
        #expect(html.contains(#"<span class="str">&quot;&lt;b&gt;&quot;</span>"#))
        #expect(!html.contains("<b>"))
    }
}

@Suite("Handouts")
struct RenderHandoutTests {
    /// The fixture, loaded, with results for every snippet but the second figure.
    struct Rendered {
        let workbook: Workbook
        let student: HandoutSet
        let instructor: HandoutSet
        /// The fixture's folder, removed once the test is done with this value.
        let folder: TemporaryFolder
    }

    static func results(for workbook: Workbook, figureOutputs: [String?] = [RenderFixture.figureSVG, nil]) -> [SnippetResult] {
        let one = workbook.chapters[0], two = workbook.chapters[1]
        var results = [
            SnippetResult(chapterPath: one.path, line: one.snippets[0].location.line, status: .passed, expected: "42", actual: "42\n"),
            SnippetResult(chapterPath: one.path, line: one.snippets[1].location.line, status: .passed, expected: "about to fail", actual: "about to fail\n"),
            SnippetResult(chapterPath: one.path, line: one.snippets[2].location.line, status: .mismatch, expected: "expected words", actual: "actual words\n"),
        ]
        for (snippet, output) in zip(two.snippets, figureOutputs) {
            if let output {
                results.append(SnippetResult(chapterPath: two.path, line: snippet.location.line, status: .passed, expected: nil, actual: output))
            }
        }
        return results
    }

    /// Both editions of the fixture workbook. Rendering blocks while its lanes work: on a
    /// thread of its own, so that it never holds up the test pool the other suites share.
    static func render(
        reference: String = RenderFixture.reference, provider: (@Sendable (Workbook) -> (any SnippetResultProvider)?)? = nil
    ) async throws -> Rendered {
        try await onOwnThread {
            let root = try RenderFixture.make(reference: reference)
            let workbook = try Workbook(root: root)
            let results = provider.map { $0(workbook) } ?? FakeResults(results: Self.results(for: workbook))
            return Rendered(
                workbook: workbook,
                student: HandoutRenderer(workbook: workbook, edition: .student, results: results).render(workbook.chapters, collections: true),
                instructor: HandoutRenderer(workbook: workbook, edition: .instructor, results: results).render(workbook.chapters, collections: true),
                folder: TemporaryFolder(root))
        }
    }

    private func page(_ set: HandoutSet, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        try #require(set.page(name), "no page \(name) among \(set.pages.map(\.fileName))", sourceLocation: sourceLocation).html
    }

    @Test("are one page per chapter, an index and the whole workbook on one page")
    func pages() async throws {
        let rendered = try await Self.render()
        for set in [rendered.student, rendered.instructor] {
            #expect(set.pages.map(\.fileName) == ["01-blocks.html", "02-pictures.html", "index.html", "workbook.html"])
            let whole = try page(set, "workbook.html")
            #expect(whole.contains("id=\"chapter-1\"") && whole.contains("id=\"chapter-2\""))
            let index = try page(set, "index.html")
            #expect(index.contains("href=\"01-blocks.html\"") && index.contains("Exercise 1.1: Write "))
        }
        #expect(rendered.student.tally == RenderTally(exercises: 1, snippets: 3, notRun: 0, differing: 1, figures: 2, missingFigures: 1))
    }

    @Test("for one chapter, come with an index that links only pages there are, so that no link is dead")
    func oneChapter() async throws {
        let root = try RenderFixture.make()
        defer { try? FileManager.default.removeItem(at: root) }
        let workbook = try Workbook(root: root)
        let renderer = HandoutRenderer(workbook: workbook, edition: .student, results: FakeResults(results: Self.results(for: workbook)))
        let alone = try await onOwnThread { renderer.render([workbook.chapters[0]], collections: false) }
        #expect(alone.pages.map(\.fileName) == ["01-blocks.html", "index.html"])
        let index = try page(alone, "index.html")
        #expect(index.contains(#"<a href="01-blocks.html">Blocks and closures</a>"#))
        #expect(index.contains("Pictures (not rendered yet: <code>workbook render 2</code>)"))
        #expect(!index.contains("02-pictures.html") && !index.contains("workbook.html"))
        #expect(index.contains("render every chapter: <code>workbook render all</code>"))
        // The chapter's link to chapter two goes to the index, which says how to render it.
        let chapter = try page(alone, "01-blocks.html")
        #expect(chapter.contains(#"<a href="index.html">link to chapter two</a>"#))
        for set in [alone] {
            for page in set.pages {
                for target in Self.localLinks(page.html) {
                    #expect(set.page(target) != nil, "\(page.fileName) links \(target), which is not written")
                }
            }
        }

        // Pages already in the output folder are linked.
        let beside = try await onOwnThread {
            renderer.render([workbook.chapters[0]], collections: false, existingPages: ["02-pictures.html", "workbook.html"])
        }
        let fuller = try page(beside, "index.html")
        #expect(fuller.contains(#"<a href="02-pictures.html">Pictures</a>"#) && fuller.contains(#"<a href="workbook.html">"#))
        #expect(try page(beside, "01-blocks.html").contains(#"<a href="02-pictures.html">link to chapter two</a>"#))

        // The instructor's index says how to render the instructor's pages.
        let instructor = try await onOwnThread {
            HandoutRenderer(workbook: workbook, edition: .instructor, results: nil).render([workbook.chapters[1]], collections: false)
        }
        #expect(try page(instructor, "index.html").contains("<code>workbook render 1 --edition instructor</code>"))
    }

    /// The files that `href`s name (not anchors, not other sites).
    static func localLinks(_ html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().compactMap { rest in
            let target = String(rest.prefix { $0 != "\"" && $0 != "#" })
            return target.isEmpty || target.contains(":") ? nil : target
        }
    }

    @Test("show the student the starter, and neither the solution nor the tests")
    func studentEdition() async throws {
        let rendered = try await Self.render()
        #expect(rendered.student.errors.isEmpty, "\(rendered.student.errors)")
        for page in rendered.student.pages {
            let visible = HTML.visibleLines(page.html)
            #expect(!visible.contains(RenderFixture.solutionLine), "\(page.fileName) shows the solution")
            #expect(!page.html.contains("the secret sum"), "\(page.fileName) contains the solution")
            #expect(!page.html.contains("the secret assertion"), "\(page.fileName) contains test code")
            #expect(!page.html.contains("Ex1_AddTests"), "\(page.fileName) names the tests file")
            #expect(!page.html.contains("Sources/Chapter01Blocks"), "\(page.fileName) points at the reference file")
        }
        let chapter = try page(rendered.student, "01-blocks.html")
        #expect(HTML.visibleLines(chapter).contains(RenderFixture.starterLine))
        #expect(chapter.contains("exercises/01-blocks/Ex1_Add.swift"))
        #expect(chapter.contains("<details class=\"hint\"><summary>Hint 1 of 2</summary>"))
        #expect(chapter.contains("<details class=\"hint\"><summary>Hint 2 of 2</summary>"))
        // Out of the reading path: the exercise links to its hints at the chapter's back.
        let exercise = try #require(chapter.range(of: "<section class=\"exercise kind-write\" id=\"exercise-1-1\">"))
        let back = try #require(chapter.range(of: "<section class=\"hints-pages\""))
        #expect(!chapter[exercise.lowerBound..<back.lowerBound].contains("<details class=\"hint\""))
        #expect(chapter[exercise.lowerBound..<back.lowerBound].contains("<a href=\"#hints-1-1\">2 hints for 1.1</a>"))
    }

    @Test("show the instructor the solution and the tests")
    func instructorEdition() async throws {
        let rendered = try await Self.render()
        let chapter = try page(rendered.instructor, "01-blocks.html")
        let visible = HTML.visibleLines(chapter)
        #expect(visible.contains(RenderFixture.solutionLine))
        #expect(visible.contains(RenderFixture.testLine))
        #expect(!visible.contains(RenderFixture.starterLine), "the solution is shown without its starter lines")
        #expect(!chapter.contains("BEGIN SOLUTION"))
    }

    @Test("drop an author's raw HTML and javascript: links, and load nothing from anywhere")
    func safeAndSelfContained() async throws {
        let rendered = try await Self.render()
        for page in rendered.student.pages + rendered.instructor.pages {
            #expect(!page.html.contains("<script"), "\(page.fileName)")
            #expect(!page.html.contains("javascript:"), "\(page.fileName)")
            #expect(!page.html.contains("onclick"), "\(page.fileName)")
            #expect(!page.html.contains("<link") && !page.html.contains("src=\"http") && !page.html.contains("@import"), "\(page.fileName)")
            #expect(page.html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'\""), "\(page.fileName)")
            #expect(page.html.contains("<style>") && page.html.contains("@media print"), "\(page.fileName)")
        }
        let chapter = try page(rendered.student, "01-blocks.html")
        #expect(chapter.contains("href=\"https://example.com/closures\""))
        #expect(chapter.contains("href=\"02-pictures.html\""), "links between chapters point at the pages")
        #expect(try page(rendered.student, "workbook.html").contains("href=\"#chapter-2\""))
    }

    @Test("show snippets without their hidden lines, with their actual output, flagging a difference")
    func snippets() async throws {
        let rendered = try await Self.render()
        let chapter = try page(rendered.student, "01-blocks.html")
        let visible = HTML.visibleLines(chapter)
        #expect(!visible.contains("let hiddenSetup = 40") && !visible.contains("# let hiddenSetup = 40"))
        #expect(visible.contains("print(add(hiddenSetup, 2))"))
        #expect(chapter.contains("<div class=\"label\">Output, then it stops with a crash, as intended</div><pre>about to fail</pre>"))
        #expect(chapter.contains("<div class=\"output differs\"><div class=\"label\">Output — differs from the expected output</div><pre>actual words</pre>"))
        #expect(chapter.contains("<div class=\"label\">Expected output</div><pre>expected words</pre>"))
        #expect(rendered.student.diagnostics.contains { $0.severity == .warning && $0.message.contains("other than its expected output") })
        #expect(chapter.contains(#"<span class="kw">let</span> add"#), "code is highlighted")
        #expect(chapter.contains("<pre class=\"code short\"><code class=\"language-objc\"><span class=\"ln h0\">int (^add)(int, int)"), "other languages are shown plain")
    }

    @Test("show expected outputs, and say so, when there is no snippet runner")
    func noRunner() async throws {
        let rendered = try await Self.render(provider: { _ in nil })
        let chapter = try page(rendered.student, "01-blocks.html")
        #expect(chapter.contains("Expected output (snippets have not been run: <code>workbook run 1</code>)</div><pre>42</pre>"))
        #expect(rendered.student.tally.notRun == 3)
        #expect(rendered.student.tally.missingFigures == 2)
        #expect(chapter.contains(#"<meta name="workbook-snippets" content="not-run">"#), "the Chromium check reads this")
        #expect(try page(rendered.student, "02-pictures.html").contains("Figure missing: its snippet has not been run"))
    }

    @Test("show expected outputs, with a warning, when the runner fails")
    func failingRunner() async throws {
        let rendered = try await Self.render(provider: { _ in FailingResults() })
        #expect(rendered.student.diagnostics.contains { $0.severity == .warning && $0.message.contains("the cache is unreadable") })
        #expect(rendered.student.tally.notRun == 3)
    }

    @Test("embed figures as inline SVG with a caption, and mark a missing one")
    func figures() async throws {
        let rendered = try await Self.render()
        let pictures = try page(rendered.student, "02-pictures.html")
        #expect(pictures.contains(#"<meta name="workbook-snippets" content="run">"#))
        let figure = try #require(rendered.workbook.chapters[1].snippets.first).location.line
        let id = "figure-2-\(figure)"
        #expect(pictures.contains(try Figure(output: RenderFixture.figureSVG, id: id).svg))
        #expect(pictures.contains(#"aria-labelledby="\#(id)-caption""#))
        #expect(pictures.contains(#"<figcaption id="\#(id)-caption"><span class="figure-number">Figure 2.1</span> Two boxes &amp; a line</figcaption>"#))
        #expect(!pictures.contains("<title>Two boxes"), "the caption is the figure's one title")
        #expect(pictures.components(separatedBy: "class=\"figure figure-missing\"").count - 1 == 1)
        #expect(!HTML.visibleLines(pictures).contains("import Stage"), "a figure's hidden lines stay hidden")
    }

    @Test("refuse a figure that is not SVG, at the snippet's line")
    func rejectedFigure() async throws {
        let rendered = try await Self.render(provider: { workbook in
            FakeResults(results: RenderHandoutTests.results(for: workbook, figureOutputs: [RenderFixture.figureSVG, "not drawn yet"]))
        })
        let second = rendered.workbook.chapters[1].snippets[1].location
        #expect(rendered.student.errors.map(\.location) == [second])
        #expect(try page(rendered.student, "02-pictures.html").contains("Figure left out"))
    }

    /// The bypasses of issue 23, end to end: none reaches the page, each is an error at
    /// the figure snippet's line in the chapter.
    @Test("refuse a figure that could run or navigate, at the snippet's line, and embed none of it", arguments: [
        #"<svg/onload=alert(1)></svg>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg"><rect x="1"onmouseover=alert(1)/></svg>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg"><img src="x"onerror=alert(1)></svg>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg"><use href="jav&#x61;script:alert(1)"/></svg>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg"><meta http-equiv="refresh" content="0;url=https://example.com"/></svg>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg"><form action="https://example.com"/></svg>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg"><base href="https://example.com/"/></svg>"#,
    ])
    func hostileFigure(output: String) async throws {
        let rendered = try await Self.render(provider: { workbook in
            FakeResults(results: RenderHandoutTests.results(for: workbook, figureOutputs: [RenderFixture.figureSVG, output]))
        })
        let second = rendered.workbook.chapters[1].snippets[1].location
        #expect(rendered.student.errors.map(\.location) == [second])
        #expect(rendered.student.errors.first?.description.hasPrefix("chapters/02-pictures.md:\(second.line):") == true)
        // The reason is shown as text; no tag of any page carries the hostile markup.
        let tag = /<[a-zA-Z][^>]*>/
        for set in [rendered.student, rendered.instructor] {
            for page in set.pages {
                let tags = page.html.matches(of: tag).map { String($0.output).lowercased() }
                for needle in ["alert", "onmouseover", "onerror", "onload", "refresh", "<form", "<base", "<img", "javascript"] {
                    #expect(!tags.contains { $0.contains(needle) }, "\(page.fileName) embeds \(needle)")
                }
            }
        }
    }

    @Test("never fall back to the reference when the starter cannot be made")
    func brokenMarkers() async throws {
        let broken = RenderFixture.reference.replacingOccurrences(of: "    // END SOLUTION\n", with: "")
        let rendered = try await Self.render(reference: broken)
        let error = try #require(rendered.student.errors.first { $0.message.contains("no starter to show") })
        #expect(error.message.hasPrefix("exercise 1.1: no starter to show: Sources/Chapter01Blocks/Ex1_Add.swift:7:1: error: "))
        let chapter = try page(rendered.student, "01-blocks.html")
        #expect(!chapter.contains("the secret sum"))
        #expect(chapter.contains("<p class=\"problem\">"))
    }

    @Test("print well: new page per chapter, short code kept whole, long code broken between lines, link URLs, A4 and Letter")
    func printStyles() throws {
        let css = HandoutStyle.css
        for rule in [".chapter { break-before: page; }", "figure, .output, details, li, blockquote, pre.short { break-inside: avoid; }",
                     "p + figure, p + .snippet, p + pre.short { break-before: avoid; }", "pre .ln { display: block; }",
                     "pre .h4 { padding-left: 8ch; text-indent: -8ch; }",
                     ##"a[href]:not([href^="#"])::after { content: " (" attr(href) ")""##, "@page { margin: 16mm 15mm 18mm; }"] {
            #expect(css.contains(rule), "missing print rule \(rule)")
        }
        #expect(!css.contains("pre, figure"), "a long listing is not moved whole to the next page")
        #expect(!css.contains("@page { size"), "the page size is left to the printer, so A4 and Letter both fit")
    }

    @Test("a 200-character code line is all on the page and wraps inside its box, on screen and on paper")
    func longCodeLine() async throws {
        // A 120-character token with no space to break at, then more words: 200 in all.
        let line = "let long = \"" + String(repeating: "x", count: 120) + "\" + [\"a\", \"b\", \"c\", \"d\"].joined()  // the end of the line"
        let full = line + String(repeating: "/", count: 200 - line.count)
        #expect(full.count == 200)
        let html = try await onOwnThread {
            let root = try RenderFixture.make()
            defer { try? FileManager.default.removeItem(at: root) }
            let chapter = root.appendingPathComponent("chapters/01-blocks.md")
            let text = try String(contentsOf: chapter, encoding: .utf8)
            try (text + "\n```swift\n\(full)\n```\n").write(to: chapter, atomically: true, encoding: .utf8)
            let workbook = try Workbook(root: root)
            let set = HandoutRenderer(workbook: workbook, edition: .student, results: FakeResults(results: Self.results(for: workbook)))
                .render(workbook.chapters, collections: false)
            return try #require(set.page("01-blocks.html")).html
        }
        // All of it is in the page's text (nothing dropped or elided)…
        #expect(HTML.visibleLines(html).contains(full), "the 200-character line is not shown whole")
        // …and the box wraps it rather than clipping: the screen rules, outside @media print.
        let screen = String(html[..<(html.range(of: "@media print")?.lowerBound ?? html.endIndex)])
        let preRule = try #require(screen.range(of: #"pre \{[^}]*\}"#, options: .regularExpression).map { String(screen[$0]) })
        #expect(preRule.contains("white-space: pre-wrap"), "\(preRule)")
        #expect(preRule.contains("overflow-wrap: anywhere"), "a token with no space would overflow: \(preRule)")
        #expect(!preRule.contains("overflow: hidden") && !preRule.contains("text-overflow"), "\(preRule)")
        #expect(screen.contains("pre .ln { display: block; }") && screen.contains("pre .h4 { padding-left: 8ch; text-indent: -8ch; }"),
                "the wrapped part is not indented under the code on screen")
        #expect(!html.contains("white-space: nowrap") && !html.contains("white-space: pre;"))
    }

    @Test("print the single page as a book: title page, contents with page slots, running heads, hints as chosen")
    func book() async throws {
        let rendered = try await Self.render()
        let student = try page(rendered.student, "workbook.html")
        #expect(student.contains(#"<section class="title-page print-only">"#))
        #expect(student.contains(##"<a href="#exercise-1-1">Exercise 1.1: Write <code>add</code></a><span class="leader"></span><span class="toc-page"><!--page:exercise-1-1--></span>"##),
                "contents entries render their Markdown and have a page slot")
        #expect(!student.contains("`add`"), "no raw backticks")
        #expect(student.contains(#"@page chapter-1 { @top-left { content: "1. Blocks and closures";"#))
        #expect(student.contains("#chapter-1 { page: chapter-1; }"))
        #expect(student.contains("@bottom-center { content: counter(page);"))
        #expect(student.contains(#"<details class="hint" open>"#), "printed hints are open: paper cannot unfold them")
        #expect(student.contains(##"<a href="#hints-1-1">2 hints for 1.1</a><span class="page-ref"><!--page:hints-1-1--></span>"##),
                "the exercise names its hints' page")
        #expect(student.contains(#"<h3>Exercise 1.1: Write <code>add</code></h3>"#), "the hints' heading renders its Markdown")
        let omitted = try await onOwnThread {
            HandoutRenderer(workbook: rendered.workbook, edition: .student, results: nil, hints: .omit).render(rendered.workbook.chapters, collections: true)
        }
        let withoutHints = try page(omitted, "workbook.html")
        #expect(withoutHints.contains(#"<body class="edition-student hints-omit">"#), "--hints omit leaves them out of the printed book")
        #expect(withoutHints.contains(#"<p class="hint-note">Hints: <code>workbook hint 1.1</code></p>"#))
        let chapter = try page(rendered.student, "01-blocks.html")
        #expect(!chapter.contains("<!--page:") && !chapter.contains("@page chapter-1"), "a chapter's own page is no book")
        #expect(chapter.contains("<title>1. Blocks and closures — Closures Workbook</title>"))
    }
}

@Suite("The solution leak audit")
struct RenderLeakAuditTests {
    @Test("finds the reference solution and the tests in the instructor's page, and nothing in the student's")
    func finds() async throws {
        let rendered = try await RenderHandoutTests.render()
        let audit = SolutionLeakAudit(workbook: rendered.workbook)
        #expect(Set(audit.secrets.map(\.text)) == [RenderFixture.solutionLine, RenderFixture.testLine,
                                                    "@Suite(\"Exercise 1.1: Write add\")", "struct Ex1_AddTests {", "@Test(\"adds\") func adds() {"])
        let leaks = audit.leaks(in: try #require(rendered.instructor.page("01-blocks.html")).html)
        #expect(leaks.map(\.text).contains(RenderFixture.solutionLine))
        #expect(leaks.map(\.text).contains(RenderFixture.testLine))
        #expect(leaks.first { !$0.isTest }?.location == WorkbookModel.SourceLocation(path: "Sources/Chapter01Blocks/Ex1_Add.swift", line: 4))
        for page in rendered.student.pages {
            #expect(audit.leaks(in: page.html).isEmpty, "\(page.fileName)")
        }
    }

    @Test("holds back a student page that would show the solution")
    func holdsBack() async throws {
        // A chapter whose author pasted the answer into a quote is fine (it is the chapter's
        // text); the same line arriving any other way is not: simulate it with a hint that
        // the audit does not know the chapter wrote.
        let rendered = try await RenderHandoutTests.render()
        let audit = SolutionLeakAudit(workbook: rendered.workbook)
        let leaking = "<pre><code>" + HTML.escape(RenderFixture.solutionLine) + "</code></pre>"
        let leak = try #require(audit.leaks(in: leaking).first)
        let diagnostic = SolutionLeakAudit.diagnostic(for: leak, page: "01-blocks.html")
        #expect(diagnostic.description.hasPrefix("Sources/Chapter01Blocks/Ex1_Add.swift:4:1: error: the student page 01-blocks.html would show a line of the reference solution"))
    }
}

@Suite("The handout writer")
struct RenderWriterTests {
    @Test("writes the pages into the output folder")
    func writes() async throws {
        let rendered = try await RenderHandoutTests.render()
        let folder = rendered.workbook.root.appendingPathComponent("handouts/student")
        let urls = try HandoutWriter.write(rendered.student, to: folder, workbook: rendered.workbook)
        #expect(urls.map(\.lastPathComponent) == rendered.student.pages.map(\.fileName))
        #expect(try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8) == rendered.student.page("index.html")?.html)
    }

    @Test("leaves a page that did not change as it is, and replaces one that did")
    func unchangedPages() async throws {
        let rendered = try await RenderHandoutTests.render()
        let folder = rendered.workbook.root.appendingPathComponent("handouts/student")
        try HandoutWriter.write(rendered.student, to: folder, workbook: rendered.workbook)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        for page in rendered.student.pages {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder.appendingPathComponent(page.fileName).path)
        }
        var changed = rendered.student
        changed.pages[0].html += "<!-- changed -->\n"
        try HandoutWriter.write(changed, to: folder, workbook: rendered.workbook)
        for (index, page) in changed.pages.enumerated() {
            let file = folder.appendingPathComponent(page.fileName)
            let date = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
            #expect((date == past) == (index != 0), "\(page.fileName)")
            #expect(try String(contentsOf: file, encoding: .utf8) == page.html)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
        withExtendedLifetime(rendered) {}  // its folder holds the pages read above
    }

    @Test("refuses folders that belong to the workbook", arguments: ["", "chapters", "Sources/Chapter01Blocks", "Tests", "exercises/01-blocks", ".workbook", ".."])
    func refuses(folder: String) async throws {
        let rendered = try await RenderHandoutTests.render()
        let target = folder.isEmpty ? rendered.workbook.root : rendered.workbook.root.appendingPathComponent(folder)
        #expect(throws: WorkbookError.self) {
            try HandoutWriter.write(rendered.student, to: target, workbook: rendered.workbook)
        }
        #expect(!FileManager.default.fileExists(atPath: rendered.workbook.root.appendingPathComponent("chapters/index.html").path))
    }
}
