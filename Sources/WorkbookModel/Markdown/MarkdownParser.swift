import CCmark

/// Parses CommonMark with cmark and returns a Swift tree. The C tree is walked with
/// cmark's iterator, converted, and freed before `parse` returns.
package enum MarkdownParser {
    /// Parses `text` (already valid UTF-8). `path` labels every node's location.
    public static func parse(_ text: String, path: String) -> MarkdownNode {
        parseReportingDepth(text, path: path).document
    }

    /// How deep blocks may nest (block quotes in block quotes, lists in lists). cmark
    /// itself copes with any depth, but every walk of the Swift tree recurses: a chapter
    /// of 30,000 nested quotes overflowed the stack of every command (measured). No
    /// chapter needs more than a handful.
    package static let maximumDepth = 64

    /// The tree, and where the first block nested deeper than `maximumDepth` starts
    /// (that block and all inside it are left out of the tree).
    package static func parseReportingDepth(_ text: String, path: String) -> (document: MarkdownNode, tooDeep: SourceLocation?) {
        // The String's own bytes: cmark only reads them (an array of them was a copy of
        // every chapter, fresh memory for the kernel to fault in).
        var text = text
        let root: OpaquePointer? = text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parse_document(chars.baseAddress, chars.count, CMARK_OPT_DEFAULT)
            }
        }
        guard let root else {
            return (MarkdownNode(kind: .document, location: SourceLocation(path: path, line: 1)), nil)
        }
        defer { cmark_node_free(root) }
        var tooDeep: SourceLocation?
        let document = convert(root, path: path, tooDeep: &tooDeep)
        return (document, tooDeep)
    }

    /// Walks the tree with `cmark_iter`: containers get ENTER and EXIT events, leaves
    /// only ENTER, so a stack of open containers rebuilds the shape. An open container is
    /// kept as its fields, children appended in place; it becomes a node once, at its EXIT.
    private static func convert(_ root: OpaquePointer, path: String, tooDeep: inout SourceLocation?) -> MarkdownNode {
        guard let iterator = cmark_iter_new(root) else {
            return MarkdownNode(kind: .document, location: SourceLocation(path: path, line: 1))
        }
        defer { cmark_iter_free(iterator) }

        var stack: [MarkdownNode.Fields] = []
        var finished: MarkdownNode?
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let pointer = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_ENTER {
                let enclosing = stack.isEmpty ? SourceLocation(path: path, line: 1) : stack[stack.count - 1].location
                let fields = makeFields(pointer, path: path, enclosing: enclosing)
                if isLeaf(fields.kind) {
                    stack[stack.count - 1].children.append(MarkdownNode(fields))
                } else if stack.count > maximumDepth {
                    // Skip the whole subtree: the iterator goes on after its EXIT.
                    if tooDeep == nil { tooDeep = fields.location }
                    cmark_iter_reset(iterator, pointer, CMARK_EVENT_EXIT)
                } else {
                    stack.append(fields)
                }
            } else if event == CMARK_EVENT_EXIT {
                let done = MarkdownNode(stack.removeLast())
                if stack.isEmpty {
                    finished = done
                } else {
                    stack[stack.count - 1].children.append(done)
                }
            }
        }
        return finished ?? MarkdownNode(kind: .document, location: SourceLocation(path: path, line: 1))
    }

    /// The kinds cmark's iterator enters but never exits.
    private static func isLeaf(_ kind: MarkdownNode.Kind) -> Bool {
        switch kind {
        case .htmlBlock, .thematicBreak, .codeBlock, .text, .softBreak, .lineBreak, .code, .htmlInline:
            return true
        default:
            return false
        }
    }

    /// A switch rather than a dictionary: this runs for every node of every chapter.
    private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST: return .list
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK: return .codeBlock
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: return .customBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link
        case CMARK_NODE_IMAGE: return .image
        default: return .customInline
        }
    }

    /// Keeps what cmark's own HTML renderer (html.c) reads of a node, so that a walker
    /// over the Swift tree writes what it would. (Custom blocks and inlines, whose
    /// `on_enter`/`on_exit` it writes, are never made by cmark's parser.)
    private static func makeFields(_ node: OpaquePointer, path: String, enclosing: SourceLocation) -> MarkdownNode.Fields {
        let kind = kind(of: node)
        let line = Int(cmark_node_get_start_line(node))
        let location = kind.isBlock && line > 0
            ? SourceLocation(path: path, line: line, column: max(1, Int(cmark_node_get_start_column(node))))
            : enclosing
        let endLine = kind.isBlock ? max(location.line, Int(cmark_node_get_end_line(node))) : location.line

        var result = MarkdownNode.Fields(kind: kind, location: location, endLine: endLine)
        switch kind {
        case .text, .code, .codeBlock, .htmlBlock, .htmlInline:
            result.literal = string(cmark_node_get_literal(node))
        default:
            break
        }
        switch kind {
        case .codeBlock:
            result.info = string(cmark_node_get_fence_info(node))
        case .heading:
            result.level = Int(cmark_node_get_heading_level(node))
        case .link, .image:
            result.destination = string(cmark_node_get_url(node))
            // "" when there is none (the C API does not tell the two apart).
            if let title = string(cmark_node_get_title(node)), !title.isEmpty { result.title = title }
        case .list:
            if cmark_node_get_list_type(node) == CMARK_ORDERED_LIST {
                result.listStart = Int(cmark_node_get_list_start(node))
            }
            result.isTight = cmark_node_get_list_tight(node) != 0
        default:
            break
        }
        return result
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
