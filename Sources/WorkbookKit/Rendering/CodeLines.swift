/// Puts each line of highlighted code in a `<span class="ln hN">`, N its indentation in
/// spaces, so that a long line wraps (on screen and on paper) with a hanging indent: the wrapped part
/// starts under the line's own code, four columns in, not at column 0. Each line keeps
/// its line feed (inside its span), so the text, copying and the leak audit's lines are
/// unchanged; a highlighted token that spans lines is closed and opened again.
enum CodeLines {
    /// The deepest indentation given its own class (deeper lines wrap like it).
    static let deepestIndent = 40

    static func html(_ highlighted: String) -> String {
        // By bytes: every code block of every page passes through here.
        var text = highlighted
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 4 + 32)
            var open: [Range<Int>] = []  // the `<span …>` tags open here, outermost first
            func startLine(at index: Int) {
                out += "<span class=\"ln h".utf8
                out += String(min(indent(of: bytes, from: index), deepestIndent)).utf8
                out += "\">".utf8
                for tag in open { out += bytes[tag] }
            }
            func closeOpen() { for _ in open { out += "</span>".utf8 } }
            startLine(at: 0)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A {
                    closeOpen()
                    out += "\n</span>".utf8
                    index += 1
                    if index == bytes.count { return String(decoding: out, as: UTF8.self) }
                    startLine(at: index)
                } else if byte == 0x3C {
                    var end = index + 1
                    while end < bytes.count, bytes[end] != 0x3E { end += 1 }
                    end = min(end + 1, bytes.count)
                    if bytes[index + 1 < end ? index + 1 : index] == 0x2F {
                        _ = open.popLast()
                    } else if end - index < 2 || bytes[end - 2] != 0x2F {
                        open.append(index..<end)
                    }
                    out += bytes[index..<end]
                    index = end
                } else {
                    out.append(byte)
                    index += 1
                }
            }
            closeOpen()
            out += "</span>".utf8
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Leading spaces of the line's visible text from `start` (tags skipped; a tab counts as four).
    private static func indent(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var count = 0
        var inTag = false
        for byte in bytes[start...] {
            if inTag {
                if byte == 0x3E { inTag = false }
                continue
            }
            switch byte {
            case 0x3C: inTag = true
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
