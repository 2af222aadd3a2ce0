import Foundation

/// The few HTML helpers handouts need. Prose HTML comes from cmark (safe mode); these
/// are for the text the renderer writes itself: code, outputs, file names, titles.
enum HTML {
    /// Escapes text for an element's content or a double-quoted attribute.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// Reverses cmark's escaping of code-block text (`&amp; &lt; &gt; &quot;`), so the
    /// highlighter sees the code as written.
    static func unescape(_ html: String) -> String {
        guard html.contains("&") else { return html }
        var text = html
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// The text a reader sees: tags removed and entities decoded. Used by the leak audit,
    /// which must find a solution line even when highlighting split it into spans.
    static func visibleText(_ html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var inTag = false
        for character in html.unicodeScalars {
            if inTag {
                if character == ">" { inTag = false }
            } else if character == "<" {
                inTag = true
            } else {
                text.unicodeScalars.append(character)
            }
        }
        return unescape(text)
    }
}
