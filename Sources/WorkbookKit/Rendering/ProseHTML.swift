import Foundation

/// Small, safe passes over cmark's HTML: never a Markdown renderer, only adjustments
/// of what cmark already produced.
enum ProseHTML {
    private static let swiftCodeOpen = "<code class=\"language-swift\">"

    /// Highlights the Swift code blocks cmark rendered inside lists and quotes (top-level
    /// code blocks are written by the renderer itself).
    static func highlightingSwift(_ html: String) -> String {
        guard html.contains(swiftCodeOpen) else { return html }
        var out = ""
        var rest = html[...]
        while let open = rest.range(of: swiftCodeOpen),
              let close = rest.range(of: "</code>", range: open.upperBound..<rest.endIndex) {
            out += rest[..<open.upperBound]
            out += SwiftHighlighter.html(HTML.unescape(String(rest[open.upperBound..<close.lowerBound])))
            out += "</code>"
            rest = rest[close.upperBound...]
        }
        out += rest
        return out
    }

    /// Points links between chapters (`02-enumeration.md`, `./02-enumeration.md#x`) at the
    /// rendered pages, or at the chapter's article when all chapters share one page.
    static func linkingChapters(_ html: String, _ chapters: [Chapter], singlePage: Bool) -> String {
        guard html.contains(".md") else { return html }
        var text = html
        for chapter in chapters {
            let file = "\(chapter.stem).md"
            let target = singlePage ? "#chapter-\(chapter.number)" : "\(chapter.stem).html"
            for prefix in ["href=\"", "href=\"./", "href=\"../chapters/"] {
                text = text.replacingOccurrences(of: prefix + file + "\"", with: "href=\"\(target)\"")
                if !singlePage {
                    text = text.replacingOccurrences(of: prefix + file + "#", with: "href=\"\(target)#")
                } else {
                    text = replacingFragmentLinks(in: text, from: prefix + file + "#", to: "href=\"\(target)\"")
                }
            }
        }
        return text
    }

    /// `href="x.md#frag"` → `href="#chapter-N"`: a fragment of another page means nothing
    /// in the single page, so the link goes to the chapter.
    private static func replacingFragmentLinks(in html: String, from start: String, to replacement: String) -> String {
        var out = ""
        var rest = html[...]
        while let open = rest.range(of: start), let quote = rest[open.upperBound...].firstIndex(of: "\"") {
            out += rest[..<open.lowerBound]
            out += replacement
            rest = rest[rest.index(after: quote)...]
        }
        return out + rest
    }
}
