/// One progressive hint: a block quote that starts with `Hint:`.
public struct Hint: Sendable, Equatable {
    /// The hint as plain text, without the `Hint:` label, for the terminal.
    public var text: String
    /// The hint's content as HTML (cmark, safe mode), without the label, for handouts.
    public var html: String
    public var location: SourceLocation

    public init(text: String, html: String, location: SourceLocation) {
        self.text = text
        self.html = html
        self.location = location
    }
}
