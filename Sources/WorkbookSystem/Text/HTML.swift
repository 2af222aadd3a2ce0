import Foundation

/// The few HTML helpers handouts need. Prose HTML comes from `MarkdownHTML` (safe mode); these
/// are for the text the renderer writes itself: code, outputs, file names, titles.
package enum HTML {
    /// Escapes text for an element's content or a double-quoted attribute.
    package static func escape(_ text: String) -> String {
        // Most values and texts need nothing escaped: they are given back, not copied.
        var text = text
        if text.withUTF8({ !$0.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 } }) { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        appendEscaped(text.utf8, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `bytes` (UTF-8) to `out`, escaped; works on bytes because the highlighter
    /// escapes every token of every code block.
    package static func appendEscaped(_ bytes: some Sequence<UInt8>, to out: inout [UInt8]) {
        if bytes.withContiguousStorageIfAvailable({ appendEscaped(buffer: $0, to: &out) }) != nil { return }
        Array(bytes).withUnsafeBufferPointer { appendEscaped(buffer: $0, to: &out) }
    }

    /// Copies the runs between special characters whole, rather than byte by byte, as
    /// buffers: appending a slice of one goes through the generic path, a byte at a time.
    package static func appendEscaped(buffer bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var run = 0
        for index in bytes.indices {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            default: continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
            out.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            run = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    /// Reverses the escaping of code text (`&amp; &lt; &gt; &quot; &#39; &apos;`), so the
    /// highlighter and the leak audit see the code as written. Other entities stay as they are.
    package static func unescape(_ html: String) -> String {
        guard ByteSearch.contains(UInt8(ascii: "&"), in: html) else { return html }
        var html = html
        return String(decoding: html.withUTF8(unescaped), as: UTF8.self)
    }

    /// `unescape` on bytes.
    package static func unescaped(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        entities: while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&") {
                let rest = UnsafeBufferPointer(rebasing: bytes[index...])
                for (entity, character) in entities
                where rest.count >= entity.count && memcmp(rest.baseAddress!, entity, entity.count) == 0 {
                    out.append(character)
                    index += entity.count
                    continue entities
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    private static let entities: [([UInt8], UInt8)] = ([
        ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
    ] as [(String, Unicode.Scalar)]).map { (Array($0.0.utf8), UInt8(ascii: $0.1)) }

    /// The lines a reader sees, each trimmed of surrounding blanks: tags removed and
    /// entities decoded.
    package static func visibleLines(_ html: String) -> Set<String> {
        var lines = Set<String>()
        forEachVisibleLine(html) { lines.insert(visibleText($0)) }
        return lines
    }

    /// Calls `body` with the bytes of each non-blank line a reader sees, tags removed and
    /// surrounding blanks trimmed, entities still escaped (`visibleText` decodes them).
    /// One pass over the bytes; the leak audit calls it on every page.
    package static func forEachVisibleLine(_ html: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var html = html
        html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            // The text between tags is copied into `line` a run at a time, a tag is skipped
            // with memchr, and a line feed outside a tag hands the line over: this sees every
            // byte of every page.
            let line = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            defer { line.deallocate() }
            let count = bytes.count
            var length = 0
            var index = 0
            while index < count {
                var end = index
                while end < count, base[end] != 0x3C, base[end] != 0x0A { end += 1 }
                (line + length).update(from: base + index, count: end - index)
                length += end - index
                guard end < count else { break }
                if base[end] == 0x0A {
                    let trimmed = TextLines.trimming(UnsafeBufferPointer(start: line, count: length))
                    if !trimmed.isEmpty { body(trimmed) }
                    length = 0
                    index = end + 1
                } else {
                    // A tag, line feeds inside it included, up to its `>`.
                    guard let close = memchr(base + end, 0x3E, count - end) else { break }
                    index = base.distance(to: close.assumingMemoryBound(to: UInt8.self)) + 1
                }
            }
            let trimmed = TextLines.trimming(UnsafeBufferPointer(start: line, count: length))
            if !trimmed.isEmpty { body(trimmed) }
        }
    }

    /// A visible line's text, entities decoded.
    package static func visibleText(_ line: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: line, as: UTF8.self)
        return line.contains(0x26) ? unescape(text) : text
    }
}
