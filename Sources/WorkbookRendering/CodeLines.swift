import Foundation
import WorkbookSystem

/// Puts each line of highlighted code in a `<span class="ln hN">`, N its indentation in
/// spaces, so that a long line wraps (on screen and on paper) with a hanging indent: the wrapped part
/// starts under the line's own code, four columns in, not at column 0. Each line keeps
/// its line feed (inside its span), so the text, copying and the leak audit's lines are
/// unchanged; a highlighted token that spans lines is closed and opened again.
enum CodeLines {
    /// The deepest indentation given its own class (deeper lines wrap like it).
    static let deepestIndent = 40

    /// Swift code, highlighted (`SwiftHighlighter`'s styled tokens), a span per line.
    static func html(swift code: String) -> String {
        var code = code
        return code.withUTF8 { bytes in
            var lines = LineWriter(bytes)
            SwiftHighlighter.forEachStyledToken(bytes) { range, kind in
                lines.write(upTo: range.lowerBound, tag: nil)
                lines.write(upTo: range.upperBound, tag: SwiftHighlighter.openingTag(kind))
            }
            lines.write(upTo: bytes.count, tag: nil)
            return lines.finish()
        }
    }

    /// Any other code, escaped, a span per line.
    static func html(plain code: String) -> String {
        var code = code
        return code.withUTF8 { bytes in
            var lines = LineWriter(bytes)
            lines.write(upTo: bytes.count, tag: nil)
            return lines.finish()
        }
    }

    /// Writes the code's pieces, in order (each from where the last ended), escaped, each
    /// styled one in its span, in one pass: a line feed ends the line's span (and a styled
    /// piece's, opened again on the next line). Highlighting first and then splitting the
    /// HTML into lines took more instructions than highlighting (callgrind: every code
    /// block of every page).
    private struct LineWriter {
        private let code: UnsafeBufferPointer<UInt8>
        private var out: [UInt8] = []
        /// Where the next piece starts.
        private var written = 0
        /// The code's last line feed ended its last line: nothing more is written.
        private var finished = false

        init(_ code: UnsafeBufferPointer<UInt8>) {
            self.code = code
            out.reserveCapacity(code.count + code.count / 2 + 64)
            out += lineStarts[min(indent(of: code, from: 0), deepestIndent)]
        }

        /// Writes the code from where the last piece ended up to `end`, in `tag`'s span.
        mutating func write(upTo end: Int, tag: StaticString?) {
            guard !finished, written < end else { return }
            if let tag { append(tag) }
            for index in written..<end {
                let byte = code[index]
                switch byte {
                case UInt8(ascii: "\n"):
                    if tag != nil { append("</span>") }
                    append("\n</span>")
                    // The last line feed of the code ends its last line (unless a styled piece goes on).
                    if index + 1 == code.count, tag == nil {
                        finished = true
                        return
                    }
                    out += lineStarts[min(indent(of: code, from: index + 1), deepestIndent)]
                    if let tag { append(tag) }
                case UInt8(ascii: "&"): append("&amp;")
                case UInt8(ascii: "<"): append("&lt;")
                case UInt8(ascii: ">"): append("&gt;")
                case UInt8(ascii: "\""): append("&quot;")
                default: out.append(byte)
                }
            }
            if tag != nil { append("</span>") }
            written = end
        }

        private mutating func append(_ text: StaticString) {
            text.withUTF8Buffer { out += $0 }
        }

        mutating func finish() -> String {
            if !finished { append("</span>") }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `<span class="ln hN">` for each indentation, made once.
    private static let lineStarts: [[UInt8]] = (0...deepestIndent).map { Array("<span class=\"ln h\($0)\">".utf8) }

    /// Leading spaces of the line from `start` (a tab counts as four).
    private static func indent(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var count = 0
        for byte in bytes[start...] {
            switch byte {
            case 0x20: count += 1
            case 0x09: count += 4
            default: return count
            }
        }
        return count
    }

    /// Each line a block, the wrapped part indented under the code (screen and print).
    static let css: String = {
        var rules = "  pre .ln { display: block; }\n"
        for indent in 0...deepestIndent {
            rules += "  pre .h\(indent) { padding-left: \(indent + 4)ch; text-indent: -\(indent + 4)ch; }\n"
        }
        return rules
    }()
}
