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
        if node.kind == .text, let literal = node.literal, let range = literal.firstRange(of: label) {
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
}
