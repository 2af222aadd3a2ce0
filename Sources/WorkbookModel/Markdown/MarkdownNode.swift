/// A CommonMark node as a plain Swift value: the parser converts cmark's C tree into
/// these and frees it, so no C pointer ever leaves `MarkdownParser`. Pure syntax: the
/// tree holds what the source says (and what a renderer needs of it), never a rendering;
/// HTML comes from a walker over it (WorkbookRendering's `MarkdownHTML`), paid for only by
/// the commands that write HTML.
public struct MarkdownNode: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case document, blockQuote, list, item, codeBlock, htmlBlock, customBlock
        case paragraph, heading, thematicBreak
        case text, softBreak, lineBreak, code, htmlInline, customInline
        case emphasis, strong, link, image

        /// Whether this is a block (has its own line) rather than an inline.
        package var isBlock: Bool {
            switch self {
            case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .customBlock,
                 .paragraph, .heading, .thematicBreak:
                return true
            default:
                return false
            }
        }
    }

    /// What the node holds, in one object shared by every copy of the node. A walk copies
    /// each node it visits (`for child in node.children`), and the five chapters make
    /// 28,000 nodes: copying and destroying eleven fields each time took 15M of a render's
    /// 292M instructions (callgrind); a copy of one reference is a retain, and the render
    /// took 12M fewer. Immutable, so the node stays a value: a setter makes a new one
    /// (only a hint's label is ever edited out).
    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The node's fields, as a plain value: the parser fills one in (children included)
    /// before it makes the node.
    struct Fields: Sendable, Equatable {
        var kind: Kind
        var location: SourceLocation
        var endLine: Int
        var children: [MarkdownNode] = []
        var literal: String?
        var info: String?
        var destination: String?
        var title: String?
        var level: Int?
        var listStart: Int?
        var isTight = false
    }

    private var box: Box

    init(_ fields: Fields) {
        box = Box(fields)
    }

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields)
    }

    public var kind: Kind {
        get { box.fields.kind }
        set { update { $0.kind = newValue } }
    }
    /// Where the node starts. cmark reports positions for blocks only; an inline
    /// node carries the location of the block that contains it.
    public var location: SourceLocation {
        get { box.fields.location }
        set { update { $0.location = newValue } }
    }
    /// The last line the node covers (blocks only; inline nodes repeat their block's).
    public var endLine: Int {
        get { box.fields.endLine }
        set { update { $0.endLine = newValue } }
    }
    public var children: [MarkdownNode] {
        get { box.fields.children }
        set { update { $0.children = newValue } }
    }
    /// Text of text, code, code blocks and HTML nodes.
    public var literal: String? {
        get { box.fields.literal }
        set { update { $0.literal = newValue } }
    }
    /// A fenced code block's info string (`swift run crash`).
    public var info: String? {
        get { box.fields.info }
        set { update { $0.info = newValue } }
    }
    /// A link's or image's destination, as cmark resolved it (entities and backslash
    /// escapes decoded, reference links looked up).
    public var destination: String? {
        get { box.fields.destination }
        set { update { $0.destination = newValue } }
    }
    /// A link's or image's title; nil when it has none (cmark reports an empty title,
    /// `[a](b "")`, as none too).
    public var title: String? {
        get { box.fields.title }
        set { update { $0.title = newValue } }
    }
    /// A heading's level, 1…6.
    public var level: Int? {
        get { box.fields.level }
        set { update { $0.level = newValue } }
    }
    /// An ordered list's first number (`3.` starts at 3); nil for a bullet list.
    public var listStart: Int? {
        get { box.fields.listStart }
        set { update { $0.listStart = newValue } }
    }
    /// Whether a list is tight (no blank line between its items): its items'
    /// paragraphs are then written without `<p>`.
    public var isTight: Bool {
        get { box.fields.isTight }
        set { update { $0.isTight = newValue } }
    }

    public init(
        kind: Kind, location: SourceLocation, endLine: Int? = nil, children: [MarkdownNode] = [],
        literal: String? = nil, info: String? = nil, destination: String? = nil, title: String? = nil,
        level: Int? = nil, listStart: Int? = nil, isTight: Bool = false
    ) {
        self.init(Fields(
            kind: kind, location: location, endLine: endLine ?? location.line, children: children,
            literal: literal, info: info, destination: destination, title: title,
            level: level, listStart: listStart, isTight: isTight))
    }

    public static func == (lhs: MarkdownNode, rhs: MarkdownNode) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// The node's text with formatting removed, inline code kept in backticks: how the
    /// text reads in a terminal.
    package var plainText: String {
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
