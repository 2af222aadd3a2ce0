import WorkbookModel
import WorkbookSystem

/// Writes a `MarkdownNode` tree as HTML: what cmark's own renderer (html.c of cmark
/// 0.30, `CMARK_OPT_DEFAULT`, that is safe mode) writes for the same source, byte for
/// byte, so handouts read as cmark would show them. Safe mode: raw HTML becomes
/// `<!-- raw HTML omitted -->`, and `javascript:`, `vbscript:`, `file:` and `data:`
/// destinations (other than `data:image/png|gif|jpeg|webp`) are left empty.
///
/// One walk of the tree, separate from the parser (as swift-markdown's `HTMLFormatter`):
/// only the commands that write HTML pay for it; `check` parses and never renders.
struct MarkdownHTML {
    /// Swift code blocks (first word of the info string `swift`) highlighted by
    /// `SwiftHighlighter` instead of escaped: how handouts show code inside lists, quotes
    /// and hints. Off, the output is exactly cmark's.
    var highlightingSwift = false
    private var out: [UInt8] = []

    /// The blocks' HTML, written one after the other as cmark writes a container's
    /// children (a hint's blocks, without the quote around them).
    static func html(_ blocks: [MarkdownNode], highlightingSwift: Bool = false) -> String {
        var writer = MarkdownHTML(highlightingSwift: highlightingSwift)
        for block in blocks { writer.write(block, tight: false) }
        return String(decoding: writer.out, as: UTF8.self)
    }

    /// The node's HTML, as `cmark_render_html` of that node gives it.
    static func html(_ node: MarkdownNode, highlightingSwift: Bool = false) -> String {
        html([node], highlightingSwift: highlightingSwift)
    }

    /// The HTML of a heading's (or paragraph's) content, without the element around it.
    static func inlineHTML(of node: MarkdownNode) -> String {
        var writer = MarkdownHTML()
        for child in node.children { writer.write(child, tight: false) }
        return String(decoding: writer.out, as: UTF8.self)
    }

    // MARK: The walk

    /// `tight`: whether `node` is in an item of a tight list (its paragraphs lose `<p>`).
    private mutating func write(_ node: MarkdownNode, tight: Bool) {
        switch node.kind {
        case .document:
            writeChildren(node, tight: false)
        case .blockQuote:
            newline()
            put("<blockquote>\n")
            writeChildren(node, tight: false)
            newline()
            put("</blockquote>\n")
        case .list:
            newline()
            switch node.listStart {
            case nil: put("<ul>\n")
            case 1: put("<ol>\n")
            case let start?: put("<ol start=\"\(start)\">\n")
            }
            for item in node.children { write(item, tight: node.isTight) }
            put(node.listStart == nil ? "</ul>\n" : "</ol>\n")
        case .item:
            newline()
            put("<li>")
            writeChildren(node, tight: tight)
            put("</li>\n")
        case .heading:
            let level = UInt8(ascii: "0") + UInt8(clamping: node.level ?? 1)
            newline()
            put("<h")
            out.append(level)
            put(">")
            writeChildren(node, tight: false)
            put("</h")
            out.append(level)
            put(">\n")
        case .codeBlock:
            writeCodeBlock(node)
        case .htmlBlock:
            newline()
            put("<!-- raw HTML omitted -->")
            newline()
        case .customBlock:
            // cmark writes its on_enter/on_exit text; its parser never makes one.
            newline()
            newline()
        case .thematicBreak:
            newline()
            put("<hr />\n")
        case .paragraph:
            if tight {
                writeChildren(node, tight: false)
            } else {
                newline()
                put("<p>")
                writeChildren(node, tight: false)
                put("</p>\n")
            }
        case .text:
            escape(node.literal)
        case .lineBreak:
            put("<br />\n")
        case .softBreak:
            out.append(UInt8(ascii: "\n"))
        case .code:
            put("<code>")
            escape(node.literal)
            put("</code>")
        case .htmlInline:
            put("<!-- raw HTML omitted -->")
        case .customInline:
            writeChildren(node, tight: false)
        case .emphasis:
            put("<em>")
            writeChildren(node, tight: false)
            put("</em>")
        case .strong:
            put("<strong>")
            writeChildren(node, tight: false)
            put("</strong>")
        case .link:
            put("<a href=\"")
            escapeURL(node.destination)
            if let title = node.title {
                put("\" title=\"")
                escape(title)
            }
            put("\">")
            writeChildren(node, tight: false)
            put("</a>")
        case .image:
            put("<img src=\"")
            escapeURL(node.destination)
            put("\" alt=\"")
            for child in node.children { writePlain(child) }
            if let title = node.title {
                put("\" title=\"")
                escape(title)
            }
            put("\" />")
        }
    }

    private mutating func writeChildren(_ node: MarkdownNode, tight: Bool) {
        for child in node.children { write(child, tight: tight) }
    }

    /// An image's description as its `alt` text: only the text, escaped; breaks as spaces.
    private mutating func writePlain(_ node: MarkdownNode) {
        switch node.kind {
        case .text, .code, .htmlInline:
            escape(node.literal)
        case .softBreak, .lineBreak:
            out.append(UInt8(ascii: " "))
        default:
            for child in node.children { writePlain(child) }
        }
    }

    private mutating func writeCodeBlock(_ node: MarkdownNode) {
        newline()
        // The class names the info string's first word, as cmark does.
        let language = (node.info ?? "").utf8.prefix { !Self.isSpace($0) }
        if language.isEmpty {
            put("<pre><code>")
        } else {
            put("<pre><code class=\"language-")
            HTML.appendEscaped(language, to: &out)
            put("\">")
        }
        if highlightingSwift, language.elementsEqual("swift".utf8) {
            out += SwiftHighlighter.html(node.literal ?? "").utf8
        } else {
            escape(node.literal)
        }
        put("</code></pre>\n")
    }

    // MARK: Bytes

    /// cmark's `cr`: a line break unless the output is empty or already ends with one.
    private mutating func newline() {
        if let last = out.last, last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
    }

    private mutating func put(_ text: StaticString) {
        out += UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    private mutating func put(_ text: String) {
        out += text.utf8
    }

    /// cmark's `escape_html` (houdini, not secure): `&`, `<`, `>` and `"`.
    private mutating func escape(_ text: String?) {
        guard let text else { return }
        HTML.appendEscaped(text.utf8, to: &out)
    }

    /// cmark's `houdini_escape_href`, after its `_scan_dangerous_url` check: a dangerous
    /// destination is written empty.
    private mutating func escapeURL(_ url: String?) {
        guard let url, !Self.isDangerous(url) else { return }
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in url.utf8 {
            if Self.hrefSafe[Int(byte)] {
                out.append(byte)
            } else if byte == UInt8(ascii: "&") {
                put("&amp;")
            } else if byte == UInt8(ascii: "'") {
                put("&#x27;")
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
    }

    /// The bytes houdini writes into an `href` as they are: letters, digits and
    /// `-_.+!*(),%#@?=;:/$~`; `&` and `'` become entities, everything else `%XX`.
    private static let hrefSafe: [Bool] = (0...255).map { byte in
        guard byte < 128 else { return false }
        let scalar = Unicode.Scalar(UInt8(byte))
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-_.+!*(),%#@?=;:/$~".unicodeScalars.contains(scalar)
    }

    /// cmark's `_scan_dangerous_url`: the destination starts (in any case) with
    /// `javascript:`, `vbscript:`, `file:` or `data:`, and is not `data:image/png`, `gif`,
    /// `jpeg` or `webp`.
    static func isDangerous(_ url: String) -> Bool {
        let head = String(decoding: url.utf8.prefix(16).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        if head.hasPrefix("data:") {
            return !["png", "gif", "jpeg", "webp"].contains { head.hasPrefix("data:image/" + $0) }
        }
        return head.hasPrefix("javascript:") || head.hasPrefix("vbscript:") || head.hasPrefix("file:")
    }

    /// cmark's `cmark_isspace`: space, tab, line feed, vertical tab, form feed, return.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
