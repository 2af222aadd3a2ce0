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

    /// Swift code, highlighted (`SwiftHighlighter`'s tokens), a span per line.
    static func html(swift code: String) -> String {
        var code = code
        return code.withUTF8 { write($0, pieces: SwiftHighlighter.pieces($0)) }
    }

    /// Any other code, escaped, a span per line.
    static func html(plain code: String) -> String {
        var code = code
        return code.withUTF8 { write($0, pieces: [(0..<$0.count, nil)]) }
    }

    /// Writes the pieces (which cover `code` in order), escaped, each styled one in its
    /// span, in one pass: a line feed ends the line's span (and a styled piece's, opened
    /// again on the next line). Highlighting first and then splitting the HTML into lines
    /// took more instructions than highlighting (callgrind: every code block of every page).
    private static func write(_ code: UnsafeBufferPointer<UInt8>, pieces: [(range: Range<Int>, kind: SwiftHighlighter.TokenKind?)]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(code.count + code.count / 2 + 32)
        out += lineStarts[min(indent(of: code, from: 0), deepestIndent)]
        for piece in pieces {
            let tag = piece.kind.map(SwiftHighlighter.openingTag)
            if let tag { tag.withUTF8Buffer { out += $0 } }
            var start = piece.range.lowerBound
            let end = piece.range.upperBound
            while let found = ByteSearch.firstOffset(of: 0x0A, in: UnsafeBufferPointer(rebasing: code[start..<end])) {
                let feed = start + found
                HTML.appendEscaped(buffer: UnsafeBufferPointer(rebasing: code[start..<feed]), to: &out)
                if tag != nil { out += "</span>".utf8 }
                out += "\n</span>".utf8
                start = feed + 1
                // The last line feed of the code ends its last line (unless a styled piece goes on).
                if start == code.count, tag == nil { return String(decoding: out, as: UTF8.self) }
                out += lineStarts[min(indent(of: code, from: start), deepestIndent)]
                if let tag { tag.withUTF8Buffer { out += $0 } }
            }
            HTML.appendEscaped(buffer: UnsafeBufferPointer(rebasing: code[start..<end]), to: &out)
            if tag != nil { out += "</span>".utf8 }
        }
        out += "</span>".utf8
        return String(decoding: out, as: UTF8.self)
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
