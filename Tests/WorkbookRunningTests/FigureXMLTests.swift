import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import WorkbookRunning
@testable import WorkbookMutation
import WorkbookModel
import WorkbookSystem
import WorkbookTestSupport

/// The figure parser against libxml2 (through Foundation's `XMLParser`, which it replaced):
/// the same documents accepted, into the same trees, and the same refused.
@Suite("The figure's XML parser")
struct FigureXMLTests {
    /// A tree as text: each element with its attributes in the parser's order, texts joined.
    static func shape(_ element: FigureSanitizer.Element) -> String {
        var out = "<" + element.name + element.attributes.map { " \($0.name)=\($0.value.debugDescription)" }.joined() + ">"
        var text = ""
        for child in element.children {
            switch child {
            case .text(let part): text += part
            case .element(let child):
                if !text.isEmpty { out += text.debugDescription }
                text = ""
                out += shape(child)
            }
        }
        if !text.isEmpty { out += text.debugDescription }
        return out + "</" + element.name + ">"
    }

    /// What libxml2 makes of `text`: the tree, or nil when it reports any error.
    static func libxml2(_ text: String) -> String? {
        libxml2Tree(text).map(shape)
    }

    static func libxml2Tree(_ text: String) -> FigureSanitizer.Element? {
        let builder = Builder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        guard parser.parse(), builder.failed == false, parser.parserError == nil, let root = builder.root else { return nil }
        return root
    }

    /// The figure `text` makes through the sanitizer from libxml2's tree (the old way) and
    /// from ours: the same figure or both refused. (The sanitizer refuses any namespace
    /// but SVG's and xlink's, so libxml2's checks of namespace URIs never decide a figure.)
    static func verdicts(_ text: String) -> (old: String?, new: String?) {
        let old = libxml2Tree(text).flatMap { root -> String? in
            FigureSanitizer.sortAttributes(root)
            return try? FigureSanitizer.sanitize(root, parsedFrom: nil, idPrefix: "f", labelledBy: "c").svg
        }
        let new = try? FigureSanitizer.sanitize(text, idPrefix: "f", labelledBy: "c").svg
        return (old, new)
    }

    final class Builder: NSObject, XMLParserDelegate {
        var root: FigureSanitizer.Element?
        var stack: [FigureSanitizer.Element] = []
        var failed = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            let element = FigureSanitizer.Element(name: name, attributes: attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, line: 0)
            if let parent = stack.last { parent.children.append(.element(element)) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { stack.removeLast() }
        func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.children.append(.text(string)) }
        func parser(_ parser: XMLParser, foundCDATA block: Data) { stack.last?.children.append(.text(String(decoding: block, as: UTF8.self))) }
        func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) { failed = true }
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) { failed = true }
    }

    /// Ours, attributes sorted as libxml2's builder sorts them; nil when refused.
    static func ours(_ text: String) -> String? {
        guard let root = try? FigureXML.parse(text) else { return nil }
        func sorted(_ element: FigureSanitizer.Element) {
            element.attributes.sort { $0.name < $1.name }
            for case .element(let child) in element.children { sorted(child) }
        }
        sorted(root)
        return shape(root)
    }

    static let documents: [String] = [
        #"<svg xmlns="http://www.w3.org/2000/svg"><title>A &amp; B</title><rect x="1" y='2'/></svg>"#,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg>\n  <text x=\"1\">caf\u{E9} \u{2014} &lt;tag&gt; &#65;&#x42;&#x1F600;</text>\n</svg>\n",
        "<svg a=\"x\ty\nz\r\nw\">line one\r\nline two\rthree</svg>",
        "<svg a=\"&#9;&#10;&#13;\" b=\"&quot;&apos;\"/>",
        "<svg><!-- a comment --><g><![CDATA[ <raw> & ]] ]]></g><!-- another --></svg><!-- after -->  \n",
        "<svg  xlink:href = \"#a\"   id=\"a\" >text</svg >",
        "<svg><g><g><g><text>deep</text></g></g></g></svg>",
        "<svg>fish & chips</svg>", "<svg>&chips;</svg>", "<svg>&#0;</svg>", "<svg>&#xD800;</svg>", "<svg>&#;</svg>", "<svg>&#x;</svg>",
        "<svg x=1/>", "<svg x=\"1\"y=\"2\"/>", "<svg x=\"1\" x=\"2\"/>", "<svg x=\"a<b\"/>", "<svg x=\"1/>",
        "<svg><rect></svg>", "<svg></g></svg>", "<svg>", "<svg/><svg/>", "<svg/>text", "<svg><1/></svg>", "<svg>a < b</svg>",
        "<svg>]]></svg>", "<svg><!-- a -- b --></svg>", "<svg><!-- unclosed </svg>", "<svg><![CDATA[ unclosed </svg>",
        "<svg><!ELEMENT x></svg>", "<svg><?pi data?></svg>", "<svg/>\n<?xml version=\"1.0\"?>", "<svg>\u{1}</svg>",
        "<svg a=\"\u{1}\"/>", "<svg/onload=alert(1)>", "<svg><g></G></svg>", "<svg:x xmlns:svg=\"u\"/>", "<_a.b-c:d/>",
        "<svg>\u{E9}t\u{E9} &amp;amp;</svg>", "<svg t=\"&lt;&#x3C;\"/>", "", "   ", "<svg", "<svg a", "<svg a=", "<svg a=\"",
    ]

    @Test("accepts what libxml2 accepts, into the same tree, and refuses what it refuses", arguments: documents)
    func agreesWithLibxml2(text: String) {
        #expect(Self.ours(text) == Self.libxml2(text))
    }

    @Test("makes the same figures as libxml2's tree did, and refuses the same, for figures and a thousand of their mutations")
    func mutations() {
        // Figures as the chapters' snippets print them: indented, with defs, markers, text and entities.
        let figures = [
            RenderFixture.figureSVG,
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 340 120" font-family="sans-serif" font-size="12">
              <title>The inventory loads on a serial queue, then the board updates on main</title>
              <defs>
                <marker id="arrow" markerWidth="8" markerHeight="8" refX="6" refY="3" orient="auto"><path d="M0,0 L6,3 L0,6 z"/></marker>
              </defs>
              <!-- lanes -->
              <rect x="10" y="10" width="320" height="40" fill="#eef" stroke="#336"/>
              <text x="16" y="34">serial &#x2192; &quot;inventory&quot; &amp; totals</text>
              <line x1="60" y1="50" x2="60" y2="90" stroke="#000" marker-end="url(#arrow)"/>
              <g transform="translate(0, 70)"><text x="16" y="34" text-anchor="start">main: label.text = "3 items"</text></g>
            </svg>
            """,
        ]
        var generator = SplitMix64(seed: 23)
        let pieces = ["<", ">", "&", ";", "\"", "'", "=", " ", "/", "!", "?", "-", "]", "&amp;", "&#x41;", "<!--", "-->", "<![CDATA[", "]]>", "</g>", "<g>", "\r", "\t"]
        var accepted = 0, refused = 0
        for figure in figures {
            #expect(Self.ours(figure) != nil && Self.ours(figure) == Self.libxml2(figure), "\(figure.prefix(80))")
            #expect(Self.verdicts(figure).new != nil)
            let bytes = Array(figure.utf8)
            for _ in 0..<400 {
                var mutated = bytes
                let at = Int.random(in: 0..<mutated.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: mutated.remove(at: at)
                case 1: mutated.insert(contentsOf: Array(pieces.randomElement(using: &generator)!.utf8), at: at)
                default: mutated[at] = Array(pieces.randomElement(using: &generator)!.utf8)[0]
                }
                let text = String(decoding: mutated, as: UTF8.self)
                let (old, new) = Self.verdicts(text)
                #expect(new == old, "\(text)")
                if new == nil { refused += 1 } else { accepted += 1 }
            }
        }
        // Both sides are exercised: mutations that stay well-formed and mutations that break it.
        #expect(accepted > 100 && refused > 100, "accepted \(accepted), refused \(refused)")
    }

    @Test("refuses nesting deeper than libxml2's limit, without deep recursion elsewhere")
    func depth() {
        let deep = String(repeating: "<g>", count: FigureXML.maximumDepth + 1) + String(repeating: "</g>", count: FigureXML.maximumDepth + 1)
        #expect(throws: Figure.Rejection.malformed(FigureXML.Mistake.tooDeep.rawValue, line: 1)) { try FigureXML.parse(deep) }
        let allowed = String(repeating: "<g>", count: FigureXML.maximumDepth) + String(repeating: "</g>", count: FigureXML.maximumDepth)
        #expect((try? FigureXML.parse(allowed)) != nil)
    }

    @Test("says what is wrong at the line where it is", arguments: [
        ("<svg>\n<rect>\n</svg>", FigureXML.Mistake.unclosed, 3),
        ("<svg>\n\n<text>a & b</text></svg>", .bareAmpersand, 3),
        ("<svg\n  x=\"1\"\n  x=\"2\"/>", .repeatedAttribute, 3),
        ("<svg>\n<rect x=\"a<b\"/></svg>", .lessThanInValue, 2),
        ("<svg/>\n\n<g/>", .afterRoot, 3),
        ("<svg>\n<!DOCTYPE-ish></svg>", .badMarkup, 2),
    ] as [(String, FigureXML.Mistake, Int)])
    func mistakes(text: String, mistake: FigureXML.Mistake, line: Int) {
        #expect(throws: Figure.Rejection.malformed(mistake.rawValue, line: line)) { try FigureXML.parse(text) }
    }
}
