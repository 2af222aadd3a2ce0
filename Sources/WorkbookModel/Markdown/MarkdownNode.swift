/// A CommonMark node as a plain Swift value: the parser converts cmark's C tree into
/// these and frees it, so no C pointer ever leaves `MarkdownParser`. Pure syntax: the
/// tree holds what the source says (and what a renderer needs of it), never a rendering;
/// HTML comes from a walker over it (WorkbookKit's `MarkdownHTML`), paid for only by
/// the commands that write HTML.
public struct MarkdownNode: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case document, blockQuote, list, item, codeBlock, htmlBlock, customBlock
        case paragraph, heading, thematicBreak
        case text, softBreak, lineBreak, code, htmlInline, customInline
        case emphasis, strong, link, image

        /// Whether this is a block (has its own line) rather than an inline.
        public var isBlock: Bool {
            switch self {
            case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .customBlock,
                 .paragraph, .heading, .thematicBreak:
                return true
            default:
                return false
            }
        }
    }

    public var kind: Kind
    /// Where the node starts. cmark reports positions for blocks only; an inline
    /// node carries the location of the block that contains it.
    public var location: SourceLocation
    /// The last line the node covers (blocks only; inline nodes repeat their block's).
    public var endLine: Int
    public var children: [MarkdownNode]
    /// Text of text, code, code blocks and HTML nodes.
    public var literal: String?
    /// A fenced code block's info string (`swift run crash`).
    public var info: String?
    /// A link's or image's destination, as cmark resolved it (entities and backslash
    /// escapes decoded, reference links looked up).
    public var destination: String?
    /// A link's or image's title; nil when it has none (cmark reports an empty title,
    /// `[a](b "")`, as none too).
    public var title: String?
    /// A heading's level, 1…6.
    public var level: Int?
    /// An ordered list's first number (`3.` starts at 3); nil for a bullet list.
    public var listStart: Int?
    /// Whether a list is tight (no blank line between its items): its items'
    /// paragraphs are then written without `<p>`.
    public var isTight: Bool

    public init(
        kind: Kind, location: SourceLocation, endLine: Int? = nil, children: [MarkdownNode] = [],
        literal: String? = nil, info: String? = nil, destination: String? = nil, title: String? = nil,
        level: Int? = nil, listStart: Int? = nil, isTight: Bool = false
    ) {
        self.kind = kind
        self.location = location
        self.endLine = endLine ?? location.line
        self.children = children
        self.literal = literal
        self.info = info
        self.destination = destination
        self.title = title
        self.level = level
        self.listStart = listStart
        self.isTight = isTight
    }

    /// The node's text with formatting removed, inline code kept in backticks: how the
    /// text reads in a terminal.
    public var plainText: String {
        switch kind {
        case .text, .codeBlock:
            return literal ?? ""
        case .code:
            // Backticks stay: in a terminal they are how code is told from prose.
            return "`\(literal ?? "")`"
        case .softBreak:
            return " "
        case .lineBreak:
            return "\n"
        case .htmlInline, .htmlBlock:
            return ""
        case .paragraph, .heading:
            return children.map(\.plainText).joined()
        case .document, .blockQuote, .list, .item:
            return children.map(\.plainText).joined(separator: "\n\n")
        default:
            return children.map(\.plainText).joined()
        }
    }

    /// A compact outline of the tree, one node a line, for tests and debugging:
    /// `heading(level: 2) @3:1 "Exercise 1.1: Add"`.
    public func dump(indent: String = "") -> String {
        var head = "\(indent)\(kind.rawValue)"
        var details: [String] = []
        if let level { details.append("level: \(level)") }
        if kind == .list {
            details.append(listStart.map { "ordered, start: \($0)" } ?? "bullet")
            if isTight { details.append("tight") }
        }
        if let info, !info.isEmpty { details.append("info: \(info.debugDescription)") }
        if let destination { details.append("destination: \(destination.debugDescription)") }
        if let title { details.append("title: \(title.debugDescription)") }
        if !details.isEmpty { head += "(\(details.joined(separator: ", ")))" }
        if kind.isBlock { head += " @\(location.line):\(location.column)" }
        if let literal, kind != .codeBlock { head += " \(literal.debugDescription)" }
        if kind == .codeBlock, let literal { head += " \(literal.count) chars" }
        let lines = [head] + children.map { $0.dump(indent: indent + "  ") }
        return lines.joined(separator: "\n")
    }
}
