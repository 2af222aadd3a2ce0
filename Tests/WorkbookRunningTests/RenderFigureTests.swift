import Foundation
import Testing
@testable import WorkbookRunning
import WorkbookModel
import WorkbookTestSupport

@Suite("A figure's SVG")
struct RenderFigureTests {
    static let open = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">"#

    @Test("is written again from the parsed tree, its title taken out for the caption")
    func accepted() throws {
        let figure = try Figure(output: "\n" + RenderFixture.figureSVG + "\n\n", id: "figure-2-5")
        #expect(figure.title == "Two boxes & a line")
        #expect(figure.svg == #"<svg xmlns="http://www.w3.org/2000/svg" height="20" viewBox="0 0 40 20" width="40" role="img" aria-labelledby="figure-2-5-caption">"#
            + ##"<rect height="10" style="fill:none;stroke:#000" width="10" x="1" y="1"/></svg>"##)
    }

    @Test("prefixes every id with the figure's and points every reference at it")
    func ids() throws {
        let svg = Self.open + "\n"
            + #"<defs><marker id="arrow"><path d="M0,0 L10,5 z"/></marker><linearGradient id="g"><stop offset="0"/></linearGradient></defs>"# + "\n"
            + ##"<polyline points="0,0 5,5" marker-end="url(#arrow)" style="fill:url('#g')"/><use href="#arrow"/>"## + "\n</svg>"
        let figure = try Figure(output: svg, id: "figure-4-7")
        #expect(figure.svg.contains(#"id="figure-4-7-arrow""#))
        #expect(figure.svg.contains(##"marker-end="url(#figure-4-7-arrow)""##))
        #expect(figure.svg.contains(##"style="fill:url(#figure-4-7-g)""##))
        #expect(figure.svg.contains(##"<use href="#figure-4-7-arrow"/>"##))
        #expect(!figure.svg.contains(#"id="arrow""#))
        let two = try Figure(output: svg, id: "figure-4-9")
        #expect(two.svg.contains(#"id="figure-4-9-arrow""#), "two figures on one page never share an id")
    }

    /// A figure that must be refused: what the reason names and the output's line.
    struct Case: Sendable, CustomTestStringConvertible {
        let output: String, reason: String, line: Int
        init(_ output: String, _ reason: String, _ line: Int) {
            self.output = output
            self.reason = reason
            self.line = line
        }
        var testDescription: String { output }
    }

    /// Each bypass of the old substring filter (issue 23), and the other ways out of a figure.
    static let hostile: [Case] = [
        Case("<svg/onload=alert(1)>\n</svg>", "not well-formed", 1),
        Case(open + "\n" + #"<rect x="1"onmouseover="alert(1)"/>"# + "\n</svg>", "not well-formed", 2),
        Case(open + "\n" + #"<rect x="1" onmouseover="alert(1)"/>"# + "\n</svg>", "an event-handler attribute (onmouseover=)", 2),
        Case(open + "\n" + #"<img src="x"onerror=alert(1)>"# + "\n</svg>", "not well-formed", 2),
        Case(open + "\n" + #"<img src="x" onerror="alert(1)"/>"# + "\n</svg>", "an image (<img>)", 2),
        Case(open + "\n" + #"<use href="jav&#x61;script:alert(1)"/>"# + "\n</svg>", "a javascript: URL in href=", 2),
        Case(open + "\n" + #"<rect style="fill:url(jav&#x61;script:x)"/>"# + "\n</svg>", "a javascript: URL in style=", 2),
        Case(open + "\n" + #"<rect fill="url(java&#9;script:x)"/>"# + "\n</svg>", "a javascript: URL in fill=", 2),
        Case(open + "\n\n" + #"<meta http-equiv="refresh" content="0;url=https://example.com"/>"# + "\n</svg>", "a <meta> element", 3),
        Case(open + "\n" + #"<form action="https://example.com"><text>go</text></form>"# + "\n</svg>", "a <form> element", 2),
        Case(open + "\n" + #"<base href="https://example.com/"/>"# + "\n</svg>", "a <base> element", 2),
        Case(open + "\n" + #"<script>alert(1)</script>"# + "\n</svg>", "a <script> element", 2),
        Case(open + "<foreignObject><p>x</p></foreignObject></svg>", "a <foreignObject> element", 1),
        Case(open + "<iframe/></svg>", "a <iframe> element", 1),
        Case(open + "<style>svg { fill: red }</style></svg>", "a <style> element", 1),
        Case(open + #"<a href="https://example.com"><text>x</text></a></svg>"#, "a link (<a>)", 1),
        Case(open + #"<use href="https://example.com/x.svg#a"/></svg>"#, "a link to https://example.com/x.svg#a", 1),
        Case(open + ##"<use href="#elsewhere"/></svg>"##, "a reference to #elsewhere, which the figure does not define", 1),
        Case(open + #"<rect style="fill:url(https://example.com/p)"/></svg>"#, "url(https://example.com/p)", 1),
        Case(open + #"<rect style="width:expression(alert(1))"/></svg>"#, "a CSS expression()", 1),
        Case(open + #"<rect data-x="1"/></svg>"#, "the attribute data-x= on <rect>", 1),
        Case(open + #"<animate attributeName="href" to="javascript:alert(1)"/></svg>"#, "a <animate> element", 1),
        Case("<?xml version=\"1.0\"?>\n<!DOCTYPE svg [<!ENTITY x \"<script>\">]>\n" + open + "&x;</svg>", "a document type or entity declaration", 2),
        // Case and blanks do not hide a declaration or a scheme, by the ASCII path or the Unicode one.
        Case("<?xml version=\"1.0\"?>\n\n<!DocType svg>\n" + open + "</svg>", "a document type or entity declaration", 3),
        Case(open + "\n" + #"<use href="JavaScript:alert(1)"/>"# + "\n</svg>", "a javascript: URL in href=", 2),
        Case(open + "\n" + #"<rect fill="url( JAVA SCRIPT:x)"/>"# + "\n</svg>", "a javascript: URL in fill=", 2),
        Case(open + "\n" + #"<rect style="fill: url(DaTa:é)"/>"# + "\n</svg>", "a data: URL in style=", 2),
        Case(open + "\n<?xml-stylesheet href=\"https://example.com/s.css\"?>\n</svg>", "a processing instruction", 2),
        Case(#"<svg xmlns="http://www.w3.org/1999/xhtml"></svg>"#, "the namespace http://www.w3.org/1999/xhtml", 1),
    ]

    @Test("refuses what could run, fetch, link or navigate, at the line of the output that holds it", arguments: hostile)
    func refused(_ hostile: Case) {
        let output = hostile.output, reason = hostile.reason, line = hostile.line
        do {
            let figure = try Figure(output: output)
            Issue.record("embedded: \(figure.svg)")
        } catch {
            switch error {
            case .forbidden(let what, let at):
                #expect(what.contains(reason), "\(what)")
                #expect(at == line)
            case .malformed(_, let at):
                #expect(reason == "not well-formed", "\(error)")
                #expect(at == line)
            case .notSVG:
                Issue.record("not SVG: \(output)")
            }
        }
    }

    @Test("refuses malformed SVG at its line, saying what is wrong: an unclosed element, a bare &", arguments: [
        (open + "\n<rect x=\"1\">\n<text>a</text>\n</svg>", 4, "not closed"),
        (open + "\n<text>fish & chips</text>\n</svg>", 2, "a bare &"),
        (open + "\n<text>fish &chips;</text>\n</svg>", 2, "a bare &"),
        (open + "\n<rect x=1/>\n</svg>", 2, "without quotes"),
    ])
    func malformed(output: String, line: Int, reason: String) {
        #expect(throws: Figure.Rejection.self) { try Figure(output: output) }
        do {
            _ = try Figure(output: output)
        } catch {
            guard case .malformed(let why, let at) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(at == line, "\(why)")
            #expect(why.contains(reason), "\(why)")
        }
    }

    @Test("is judged the same every time it is seen: the verdict kept from the first is the one a fresh check gives")
    func judgedAgain() throws {
        let hostile = Self.open + "\n<rect onclick=\"x()\"/>\n</svg>"
        for _ in 0..<2 {
            #expect(throws: Figure.Rejection.forbidden("an event-handler attribute (onclick=)", line: 2)) { try Figure(output: hostile) }
        }
        let svg = Self.open + #"<defs><marker id="m"/></defs><path marker-end="url(#m)"/></svg>"#
        let first = try Figure(output: svg, id: "figure-1-2")
        let second = try Figure(output: svg, id: "figure-1-3")
        #expect(first.svg.contains(#"id="figure-1-2-m""#) && first.svg.contains("url(#figure-1-2-m)"))
        #expect(second.svg == first.svg.replacingOccurrences(of: "figure-1-2", with: "figure-1-3"))
    }

    @Test("checked once per process under its page's id: the snippet's verdict and the page share one check")
    func checkedOnce() throws {
        let svg = Self.open + #"<defs><marker id="m"/></defs><path marker-end="url(#m)"/></svg>"#
        let id = Figure.id(chapter: 3, line: 120)
        #expect(id == "figure-3-120")
        #expect(try Figure.checked(output: svg, id: id).get() == Figure(output: svg, id: id))
        #expect(try Figure.checked(output: svg, id: id).get() == Figure(output: svg, id: id), "asked again, the same figure")
        #expect(try Figure.checked(output: svg, id: "figure-3-121").get().svg.contains(#"id="figure-3-121-m""#),
                "another id is another figure")
        let hostile = Self.open + "\n<rect onclick=\"x()\"/>\n</svg>"
        for _ in 0..<2 {
            #expect(Figure.checked(output: hostile, id: id) == .failure(.forbidden("an event-handler attribute (onclick=)", line: 2)))
        }
    }

    @Test("passes or fails its snippet's verdict as its page would take or refuse it", arguments: ["chapters/04-animation.md", "notes.md"])
    func verdict(chapterPath: String) {
        let snippet = Snippet(location: SourceLocation(path: chapterPath, line: 77), source: "print(svg)", attributes: [.figure])
        let svg = Self.open + #"<defs><marker id="m"/></defs><path marker-end="url(#m)"/></svg>"#
        #expect(SnippetExecution(ending: .exited(0), standardOutput: svg).verdict(for: snippet, chapterPath: chapterPath).status == .passed)
        let hostile = Self.open + "\n<rect onclick=\"x()\"/>\n</svg>"
        let refused = SnippetExecution(ending: .exited(0), standardOutput: hostile).verdict(for: snippet, chapterPath: chapterPath)
        #expect(refused.status == .failed)
        #expect(refused.message == Figure.Rejection.forbidden("an event-handler attribute (onclick=)", line: 2).description)
    }

    @Test("is not SVG when the snippet printed something else", arguments: ["Optional(\"<svg></svg>\")", "", "<html></html>"])
    func notSVG(output: String) {
        #expect(throws: Figure.Rejection.notSVG) { try Figure(output: output) }
    }

    @Test("may say 'on', 'javascript' and '&' in its text, escaped")
    func text() throws {
        let svg = Self.open + #"<text x="1" y="2">turn on = off, javascript: &amp; &lt;b&gt;</text></svg>"#
        let figure = try Figure(output: svg)
        #expect(figure.svg.contains("<text x=\"1\" y=\"2\">turn on = off, javascript: &amp; &lt;b&gt;</text>"))
    }
}
