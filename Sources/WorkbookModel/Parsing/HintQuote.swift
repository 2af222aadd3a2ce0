/// A labelled block quote (`> Hint: …`, `> Why: …`) read as a `Hint`: its text and
/// its blocks without the label.
enum HintQuote {
    /// The quote as a hint when its text starts with `label` (`"Hint:"`); nil otherwise.
    static func read(_ quote: MarkdownNode, label: String) -> Hint? {
        guard quote.kind == .blockQuote else { return nil }
        let text = quote.plainText.trimmingWhitespace
        guard text.hasPrefix(label) else { return nil }
        let body = text.dropFirst(label.count).trimmingWhitespace
        var content = quote.children
        for index in content.indices {
            if removeLabel(label, from: &content[index]) { break }
        }
        return Hint(text: body, content: content, location: quote.location)
    }

    /// Removes the label, and the space after it, from the first text that holds it
    /// (the text starts with it, so that is the first text, perhaps in `**…**`);
    /// whether it was found.
    private static func removeLabel(_ label: String, from node: inout MarkdownNode) -> Bool {
        if node.kind == .text, let literal = node.literal, let range = firstRange(of: label, in: literal) {
            var end = range.upperBound
            if end < literal.endIndex, literal[end] == " " { end = literal.index(after: end) }
            node.literal = String(literal[..<range.lowerBound] + literal[end...])
            return true
        }
        for index in node.children.indices {
            if removeLabel(label, from: &node.children[index]) { return true }
        }
        return false
    }

    /// Where `label` (ASCII) first occurs in `text`, found by bytes: the standard library's
    /// generic `firstRange(of:)` took 18,000 instructions a hint (callgrind), a tenth of
    /// parsing a chapter's hints.
    static func firstRange(of label: String, in text: String) -> Range<String.Index>? {
        let needle = Array(label.utf8)
        let utf8 = text.utf8
        guard let first = needle.first, needle.count <= utf8.count else { return nil }
        var start = utf8.startIndex
        while let found = utf8[start...].firstIndex(of: first) {
            guard let end = utf8.index(found, offsetBy: needle.count, limitedBy: utf8.endIndex) else { return nil }
            if utf8[found..<end].elementsEqual(needle) { return found..<end }
            start = utf8.index(after: found)
        }
        return nil
    }
}
