/// One progressive hint: a block quote that starts with `Hint:`.
public struct Hint: Sendable, Equatable {
    /// The hint as plain text, without the `Hint:` label, for the terminal.
    public var text: String
    /// The hint's blocks (the quote's, without the label), for handouts to render.
    public var content: [MarkdownNode]
    public var location: SourceLocation

    public init(text: String, content: [MarkdownNode], location: SourceLocation) {
        self.text = text
        self.content = content
        self.location = location
    }
}
