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
    /// block of every page), and so did a list of pieces made first, one for each word.
    /// Each byte is looked at once, against a table of the five that need more than a
    /// copy; the runs between them are copied whole into a buffer grown by hand (an
    /// array's appends were 60% of this function's instructions, measured).
    private struct LineWriter: ~Copyable {
        private let code: UnsafeBufferPointer<UInt8>
        private var out: ByteWriter
        /// Where the next piece starts.
        private var written = 0
        /// The code's last line feed ended its last line: nothing more is written.
        private var finished = false

        init(_ code: UnsafeBufferPointer<UInt8>) {
            self.code = code
            out = ByteWriter(capacity: code.count + code.count / 2 + 64)
            out.append(lineStarts[min(indent(of: code, from: 0), deepestIndent)])
        }

        /// Writes the code from where the last piece ended up to `end`, in `tag`'s span.
        mutating func write(upTo end: Int, tag: StaticString?) {
            guard !finished, written < end else { return }
            let special = CodeLines.special
            if let tag { out.append(tag) }
            var run = written
            var index = run
            while index < end {
                let byte = code[index]
                guard byte < 64, special & (1 << UInt64(byte)) != 0 else {
                    index += 1
                    continue
                }
                out.append(code, run..<index)
                index += 1
                run = index
                switch byte {
                case 0x0A:
                    if tag != nil { out.append("</span>") }
                    out.append("\n</span>")
                    // The last line feed of the code ends its last line (unless a styled piece goes on).
                    if index == code.count, tag == nil {
                        finished = true
                        return
                    }
                    out.append(lineStarts[min(indent(of: code, from: index), deepestIndent)])
                    if let tag { out.append(tag) }
                case UInt8(ascii: "&"): out.append("&amp;")
                case UInt8(ascii: "<"): out.append("&lt;")
                case UInt8(ascii: ">"): out.append("&gt;")
                default: out.append("&quot;")
                }
            }
            out.append(code, run..<end)
            if tag != nil { out.append("</span>") }
            written = end
        }

        consuming func finish() -> String {
            if !finished { out.append("</span>") }
            return out.string()
        }
    }

    /// The bytes `write` does more with than copy, as bits: a line feed and the four HTML
    /// escapes, all below 64 (a static table cost a `swift_once` check a byte).
    private static let special: UInt64 = [0x0A, 0x22, 0x26, 0x3C, 0x3E].reduce(0) { $0 | 1 << UInt64($1) }

    /// `<span class="ln hN">` for each indentation, made once.
    private static let lineStarts: [[UInt8]] = (0...deepestIndent).map { Array("<span class=\"ln h\($0)\">".utf8) }

    /// A byte buffer that grows by doubling, appended to without an array's checks, made
    /// into a String once.
    private struct ByteWriter: ~Copyable {
        private var base: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private var count = 0

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        private mutating func reserve(_ more: Int) {
            guard count + more > capacity else { return }
            var grown = capacity * 2
            while count + more > grown { grown *= 2 }
            let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            moved.update(from: base, count: count)
            base.deallocate()
            base = moved
            capacity = grown
        }

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            guard !range.isEmpty, let start = bytes.baseAddress else { return }
            reserve(range.count)
            (base + count).update(from: start + range.lowerBound, count: range.count)
            count += range.count
        }

        mutating func append(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { append($0, 0..<$0.count) }
        }

        mutating func append(_ text: StaticString) {
            append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), 0..<text.utf8CodeUnitCount)
        }

        func string() -> String {
            String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
        }
    }

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
