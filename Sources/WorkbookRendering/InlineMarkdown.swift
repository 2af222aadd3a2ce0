import WorkbookModel
import WorkbookSystem
/// A title's inline Markdown as HTML: the chapters' and exercises' titles are kept as
/// the heading's text (`Write `add``), and the table of contents and the back pages show
/// them as the heading does, code spans as `<code>`, never as raw backticks.
enum InlineMarkdown {
    /// `text` rendered (as cmark would, safe mode) as the content of a heading: read as a
    /// heading so that a title such as `1. Lists` stays text instead of becoming a list.
    static func html(_ text: String) -> String {
        // By bytes: the marks are ASCII. Character by Character, with a String's `contains`
        // for each, this look was 60,000 instructions a title and 10M of a render (callgrind).
        // A mark's byte inside a larger Character (`*` and a combining mark) goes to cmark too.
        guard text.utf8.contains(where: { Self.marks.contains($0) }) else { return HTML.escape(text) }
        let heading = MarkdownParser.parse("# " + text.replacingOccurrences(of: "\n", with: " "), path: "").children.first
        guard let heading, heading.kind == .heading else { return HTML.escape(text) }
        return MarkdownHTML.inlineHTML(of: heading)
    }

    /// The bytes that can start inline Markdown (or an entity, or raw HTML) in a title.
    private static let marks = Set("`*_[\\<&!".utf8)
}

extension InlineMarkdown {
    /// The title as plain text (backticks and other markup gone), for a page's `<title>`
    /// and the running heads.
    static func plainText(_ text: String) -> String {
        HTML.unescape(html(text).replacing(/<[^>]*>/, with: ""))
    }
}
