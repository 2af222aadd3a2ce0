import Foundation

/// The few HTML helpers handouts need. Prose HTML comes from cmark (safe mode); these
/// are for the text the renderer writes itself: code, outputs, file names, titles.
enum HTML {
    /// Escapes text for an element's content or a double-quoted attribute.
    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        appendEscaped(text.utf8, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `bytes` (UTF-8) to `out`, escaped; works on bytes because the highlighter
    /// escapes every token of every code block.
    static func appendEscaped(_ bytes: some Sequence<UInt8>, to out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out += "&amp;".utf8
            case UInt8(ascii: "<"): out += "&lt;".utf8
            case UInt8(ascii: ">"): out += "&gt;".utf8
            case UInt8(ascii: "\""): out += "&quot;".utf8
            default: out.append(byte)
            }
        }
    }

    /// Reverses the escaping of code text (`&amp; &lt; &gt; &quot; &#39; &apos;`), so the
    /// highlighter and the leak audit see the code as written. Other entities stay as they are.
    static func unescape(_ html: String) -> String {
        guard html.utf8.contains(UInt8(ascii: "&")) else { return html }
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        entities: while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&") {
                for (entity, character) in entities where bytes[index...].starts(with: entity) {
                    out.append(character)
                    index += entity.count
                    continue entities
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let entities: [([UInt8], UInt8)] = ([
        ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
    ] as [(String, Unicode.Scalar)]).map { (Array($0.0.utf8), UInt8(ascii: $0.1)) }

    /// The lines a reader sees, each trimmed of surrounding blanks: tags removed and
    /// entities decoded.
    static func visibleLines(_ html: String) -> Set<String> {
        var lines = Set<String>()
        forEachVisibleLine(html) { lines.insert(visibleText($0)) }
        return lines
    }

    /// Calls `body` with the bytes of each non-blank line a reader sees, tags removed and
    /// surrounding blanks trimmed, entities still escaped (`visibleText` decodes them).
    /// One pass over the bytes; the leak audit calls it on every page.
    static func forEachVisibleLine(_ html: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var line: [UInt8] = []
        var inTag = false
        func finish() {
            line.withUnsafeBufferPointer { buffer in
                let trimmed = TextLines.trimming(buffer)
                if !trimmed.isEmpty { body(trimmed) }
            }
            line.removeAll(keepingCapacity: true)
        }
        for byte in html.utf8 {
            if inTag {
                if byte == 0x3E { inTag = false }
            } else if byte == 0x3C {
                inTag = true
            } else if byte == 0x0A {
                finish()
            } else {
                line.append(byte)
            }
        }
        finish()
    }

    /// A visible line's text, entities decoded.
    static func visibleText(_ line: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: line, as: UTF8.self)
        return line.contains(0x26) ? unescape(text) : text
    }
}
