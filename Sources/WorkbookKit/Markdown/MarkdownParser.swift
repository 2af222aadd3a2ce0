import CCmark
import Foundation

/// Parses CommonMark with cmark and returns a Swift tree. The C tree is walked with
/// cmark's iterator, converted, and freed before `parse` returns.
public enum MarkdownParser {
    /// Parses `text` (already valid UTF-8). `path` labels every node's location.
    ///
    /// Blocks down to `htmlDepth` levels below the document get their `html` (top-level
    /// blocks and their children by default: the granularity chapters are rendered at).
    /// Deeper blocks are inside those, so rendering them too would only repeat work.
    public static func parse(_ text: String, path: String, htmlDepth: Int = 2) -> MarkdownNode {
        var utf8 = Array(text.utf8)
        let root: OpaquePointer? = utf8.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parse_document(chars.baseAddress, chars.count, CMARK_OPT_DEFAULT)
            }
        }
        guard let root else {
            return MarkdownNode(kind: .document, location: SourceLocation(path: path, line: 1))
        }
        defer { cmark_node_free(root) }
        return convert(root, path: path, htmlDepth: htmlDepth)
    }

    /// Walks the tree with `cmark_iter`: containers get ENTER and EXIT events, leaves
    /// only ENTER, so a stack of open containers rebuilds the shape.
    private static func convert(_ root: OpaquePointer, path: String, htmlDepth: Int) -> MarkdownNode {
        guard let iterator = cmark_iter_new(root) else {
            return MarkdownNode(kind: .document, location: SourceLocation(path: path, line: 1))
        }
        defer { cmark_iter_free(iterator) }

        var stack: [MarkdownNode] = []
        var finished: MarkdownNode?
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let pointer = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_ENTER {
                let enclosing = stack.last?.location ?? SourceLocation(path: path, line: 1)
                let node = makeNode(pointer, path: path, enclosing: enclosing, withHTML: stack.count <= htmlDepth)
                if isLeaf(pointer) {
                    stack[stack.count - 1].children.append(node)
                } else {
                    stack.append(node)
                }
            } else if event == CMARK_EVENT_EXIT {
                let done = stack.removeLast()
                if stack.isEmpty {
                    finished = done
                } else {
                    stack[stack.count - 1].children.append(done)
                }
            }
        }
        return finished ?? MarkdownNode(kind: .document, location: SourceLocation(path: path, line: 1))
    }

    private static func isLeaf(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK,
             CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE,
             CMARK_NODE_HTML_INLINE:
            return true
        default:
            return false
        }
    }

    private static let kinds: [UInt32: MarkdownNode.Kind] = [
        CMARK_NODE_DOCUMENT.rawValue: .document, CMARK_NODE_BLOCK_QUOTE.rawValue: .blockQuote,
        CMARK_NODE_LIST.rawValue: .list, CMARK_NODE_ITEM.rawValue: .item,
        CMARK_NODE_CODE_BLOCK.rawValue: .codeBlock, CMARK_NODE_HTML_BLOCK.rawValue: .htmlBlock,
        CMARK_NODE_CUSTOM_BLOCK.rawValue: .customBlock, CMARK_NODE_PARAGRAPH.rawValue: .paragraph,
        CMARK_NODE_HEADING.rawValue: .heading, CMARK_NODE_THEMATIC_BREAK.rawValue: .thematicBreak,
        CMARK_NODE_TEXT.rawValue: .text, CMARK_NODE_SOFTBREAK.rawValue: .softBreak,
        CMARK_NODE_LINEBREAK.rawValue: .lineBreak, CMARK_NODE_CODE.rawValue: .code,
        CMARK_NODE_HTML_INLINE.rawValue: .htmlInline, CMARK_NODE_CUSTOM_INLINE.rawValue: .customInline,
        CMARK_NODE_EMPH.rawValue: .emphasis, CMARK_NODE_STRONG.rawValue: .strong,
        CMARK_NODE_LINK.rawValue: .link, CMARK_NODE_IMAGE.rawValue: .image,
    ]

    private static func makeNode(_ node: OpaquePointer, path: String, enclosing: SourceLocation, withHTML: Bool) -> MarkdownNode {
        let kind = kinds[cmark_node_get_type(node).rawValue] ?? .customInline
        let line = Int(cmark_node_get_start_line(node))
        let location = kind.isBlock && line > 0
            ? SourceLocation(path: path, line: line, column: max(1, Int(cmark_node_get_start_column(node))))
            : enclosing
        let endLine = kind.isBlock ? max(location.line, Int(cmark_node_get_end_line(node))) : location.line

        var result = MarkdownNode(kind: kind, location: location, endLine: endLine)
        switch kind {
        case .text, .code, .codeBlock, .htmlBlock, .htmlInline:
            result.literal = string(cmark_node_get_literal(node))
        default:
            break
        }
        if kind == .codeBlock { result.info = string(cmark_node_get_fence_info(node)) }
        if kind == .heading { result.level = Int(cmark_node_get_heading_level(node)) }
        if kind == .link || kind == .image { result.destination = string(cmark_node_get_url(node)) }
        if withHTML, kind.isBlock, kind != .document, let rendered = cmark_render_html(node, CMARK_OPT_DEFAULT) {
            result.html = String(cString: rendered)
            free(rendered)
        }
        return result
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
