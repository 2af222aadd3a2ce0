/// Puts each line of highlighted code in a `<span class="ln hN">`, N its indentation in
/// spaces, so that print can wrap a long line with a hanging indent: the wrapped part
/// starts under the line's own code, four columns in, not at column 0. Each line keeps
/// its line feed (inside its span), so the text, copying and the leak audit's lines are
/// unchanged; a highlighted token that spans lines is closed and opened again.
enum CodeLines {
    /// The deepest indentation given its own class (deeper lines wrap like it).
    static let deepestIndent = 40

    static func html(_ highlighted: String) -> String {
        var out = ""
        out.reserveCapacity(highlighted.utf8.count + highlighted.utf8.count / 4)
        var open: [Substring] = []  // the `<span …>` tags open at this point, outermost first
        var rest = Substring(highlighted)
        func startLine() {
            out += "<span class=\"ln h\(min(indent(of: rest), deepestIndent))\">"
            for tag in open { out += tag }
        }
        startLine()
        while let index = rest.firstIndex(where: { $0 == "<" || $0 == "\n" }) {
            out += rest[..<index]
            if rest[index] == "\n" {
                out += String(repeating: "</span>", count: open.count) + "\n</span>"
                rest = rest[rest.index(after: index)...]
                if rest.isEmpty { return out }
                startLine()
                continue
            }
            let close = rest[index...].firstIndex(of: ">").map { rest.index(after: $0) } ?? rest.endIndex
            let tag = rest[index..<close]
            if tag.hasPrefix("</") { _ = open.popLast() } else if !tag.hasSuffix("/>") { open.append(tag) }
            out += tag
            rest = rest[close...]
        }
        out += rest
        out += String(repeating: "</span>", count: open.count) + "</span>"
        return out
    }

    /// Leading spaces of the line's visible text (tags skipped; a tab counts as four).
    private static func indent(of line: Substring) -> Int {
        var count = 0
        var inTag = false
        for character in line {
            if inTag {
                if character == ">" { inTag = false }
                continue
            }
            switch character {
            case "<": inTag = true
            case " ": count += 1
            case "\t": count += 4
            default: return count
            }
        }
        return count
    }

    /// The print rules: each line a block, the wrapped part indented under the code.
    static let css: String = {
        var rules = "  pre .ln { display: block; }\n"
        for indent in 0...deepestIndent {
            rules += "  pre .h\(indent) { padding-left: \(indent + 4)ch; text-indent: -\(indent + 4)ch; }\n"
        }
        return rules
    }()
}
