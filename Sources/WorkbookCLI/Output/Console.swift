/// Where a command writes: results to standard output, diagnostics to standard error.
/// Tests capture both; `main` passes the real streams.
public struct Console: Sendable {
    private let writeOut: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    /// Whether colour may be used on each stream: only on a terminal, never with NO_COLOR.
    public let colorOut: Bool
    public let colorError: Bool
    /// Standard output is a terminal: live progress lines may be drawn (and redrawn).
    public let interactive: Bool
    /// The terminal's width in columns, when standard output is one: reports wrap to it.
    /// Nil when piped: lines go out whole, for tools to read.
    public let width: Int?
    /// The terminal's height in rows, when standard output is one: `watch` fits a failing
    /// exercise's report to it.
    public let height: Int?

    public init(
        colorOut: Bool = false, colorError: Bool = false, interactive: Bool = false, width: Int? = nil, height: Int? = nil,
        out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
    ) {
        self.interactive = interactive
        self.width = width
        self.height = height
        self.writeOut = out
        self.writeError = error
        self.colorOut = colorOut
        self.colorError = colorError
    }

    /// Whether a stream may take colour: a terminal, no `NO_COLOR`, and not `TERM=dumb`
    /// (Emacs' shell, some CI logs: escape codes would show as text).
    public static func colorAllowed(environment: [String: String], isTerminal: Bool) -> Bool {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return isTerminal && !noColor && environment["TERM"] != "dumb"
    }

    /// Writes a line (a newline is added) to standard output.
    public func print(_ line: String = "") { writeOut(line + "\n") }

    /// Writes a line wrapped to the terminal's width: continuation lines get `indent`
    /// plus two spaces, so nothing is cut. Unchanged when there is no terminal.
    public func printWrapped(_ line: String, indent: String = "") {
        for piece in TextWrap.wrap(indent + line, width: width, hangingIndent: indent + "  ") { print(piece) }
    }

    /// Writes a line to standard error.
    public func printError(_ line: String) { writeError(line + "\n") }

    /// One error line, the one way every command writes it: `path: error: message`
    /// (`error: message` without a place), the label red when standard error takes colour.
    public func error(_ message: String, at place: String? = nil) {
        printError((place.map { "\($0): " } ?? "") + styledError("error:", .red) + " " + message)
    }

    /// Writes without a newline (progress lines that redraw themselves).
    public func write(_ text: String) { writeOut(text) }

    /// `text` in `style` when standard output takes colour, plain otherwise.
    public func styled(_ text: String, _ style: Style) -> String {
        colorOut ? style.apply(to: text) : text
    }

    /// This console with its standard output sent to standard error (a report that must
    /// keep out of a machine-read standard output).
    public var toStandardError: Console {
        let error = writeError
        return Console(colorOut: colorError, colorError: colorError, interactive: false, width: nil, out: error, error: error)
    }

    /// `text` in `style` when standard error takes colour.
    public func styledError(_ text: String, _ style: Style) -> String {
        colorError ? style.apply(to: text) : text
    }
}

/// The few ANSI styles the tool uses; readable without colour, too.
public enum Style: String, Sendable {
    case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", cyan = "36"

    func apply(to text: String) -> String { "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" }
}
