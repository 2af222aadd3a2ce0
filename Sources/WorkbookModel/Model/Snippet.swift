import WorkbookSystem
/// A runnable snippet: a fenced block whose info string is `swift run …`.
public struct Snippet: Sendable, Equatable {
    /// What a snippet's attributes may say.
    public enum Attribute: String, Sendable, Equatable, CaseIterable {
        /// Expected to exit with a non-zero status or a signal.
        case crash
        /// Compiled alone, not merged with the chapter's other snippets.
        case standalone
        /// Prints one SVG document that handouts embed; takes no output block.
        case figure
        /// A predict exercise's program: takes no output block, as its output is the
        /// exercise's answer (the reference prediction is the expected output).
        case predict
    }

    /// The opening fence's location.
    public var location: SourceLocation
    /// The code as written, hidden lines (`# …`) included.
    public var source: String
    public var attributes: [Attribute]
    /// The text of the `output` block that follows; nil for figures (and, in a broken
    /// chapter, for a snippet whose output block is missing).
    public var expectedOutput: String?
    public var expectedOutputLocation: SourceLocation?

    public init(
        location: SourceLocation, source: String, attributes: [Attribute] = [],
        expectedOutput: String? = nil, expectedOutputLocation: SourceLocation? = nil
    ) {
        self.location = location
        self.source = source
        self.attributes = attributes
        self.expectedOutput = expectedOutput
        self.expectedOutputLocation = expectedOutputLocation
    }

    public func has(_ attribute: Attribute) -> Bool { attributes.contains(attribute) }

    /// The chapter line of the snippet's first code line (the line after the fence).
    package var firstCodeLine: Int { location.line + 1 }

    /// Lines as they are compiled: the `# ` of hidden lines removed, one entry per
    /// source line so that line `i` is chapter line `firstCodeLine + i`.
    package var compiledLines: [String] {
        sourceLines.map(Self.compiled)
    }

    /// A source line as it is compiled: a hidden line without its `# `.
    package static func compiled(_ line: String) -> String {
        if line == "#" { return "" }
        if line.hasPrefix("# ") { return String(line.dropFirst(2)) }
        return line
    }

    /// Lines as handouts show them: hidden lines left out.
    package var visibleLines: [String] {
        sourceLines.filter { $0 != "#" && !$0.hasPrefix("# ") }
    }

    private var sourceLines: [String] {
        // By bytes unless there is a "\r": "\r\n" is one Character, which "\n" does not split.
        var lines = ByteSearch.contains(0x0D, in: source)
            ? source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            : TextLines.split(source)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
