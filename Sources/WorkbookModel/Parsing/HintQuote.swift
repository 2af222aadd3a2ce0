import WorkbookSystem
/// A labelled block quote (`> Hint: …`, `> Why: …`) read as a `Hint`: its text and
/// its HTML without the label.
enum HintQuote {
    /// The quote as a hint when its text starts with `label` (`"Hint:"`); nil otherwise.
    static func read(_ quote: MarkdownNode, label: String) -> Hint? {
        guard quote.kind == .blockQuote else { return nil }
        let text = quote.plainText.trimmingWhitespace
        guard text.hasPrefix(label) else { return nil }
        let body = text.dropFirst(label.count).trimmingWhitespace
        var html = Array(contents(ofQuote: quote).utf8)
        // The label goes, and the space after it.
        let count = label.utf8.count
        if let start = html.withUnsafeBufferPointer({ ByteSearch.firstOffset(of: label.utf8, in: $0) }) {
            let end = start + count < html.count && html[start + count] == UInt8(ascii: " ") ? start + count + 1 : start + count
            html.removeSubrange(start..<end)
        }
        return Hint(text: body, html: String(decoding: html, as: UTF8.self), location: quote.location)
    }

    /// The HTML of a quote's blocks: the quote's own without the `<blockquote>` around
    /// them, which is what cmark writes for the blocks one by one, joined. (Should cmark
    /// ever write a quote otherwise, the whole of it: a hint is never lost.)
    private static func contents(ofQuote quote: MarkdownNode) -> String {
        let open = "<blockquote>\n", close = "</blockquote>\n"
        guard let html = quote.html, html.hasPrefix(open), html.hasSuffix(close), html.utf8.count >= open.utf8.count + close.utf8.count
        else { return quote.html ?? "" }
        return String(decoding: html.utf8.dropFirst(open.utf8.count).dropLast(close.utf8.count), as: UTF8.self)
    }
}
