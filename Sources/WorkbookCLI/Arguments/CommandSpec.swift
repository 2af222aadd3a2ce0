/// What a command accepts, as data: the parser, the help text and the tests all read
/// this one table, so they cannot disagree.
public struct CommandSpec: Sendable {
    public struct Option: Sendable {
        /// Without dashes: `format` for `--format`.
        public var name: String
        /// For an option with a value, what the value is called in help (`FORMAT`); nil for a flag.
        public var valueName: String?
        /// The values allowed, when they are a fixed set.
        public var choices: [String]?
        public var help: String

        public static func flag(_ name: String, _ help: String) -> Option {
            Option(name: name, valueName: nil, choices: nil, help: help)
        }

        public static func value(_ name: String, _ valueName: String, choices: [String]? = nil, _ help: String) -> Option {
            Option(name: name, valueName: valueName, choices: choices, help: help)
        }
    }

    public var name: String
    /// One line for the command list.
    public var summary: String
    /// The positional arguments in usage form: `<N|N.M>`, `[N|all]`.
    public var arguments: String
    /// How many positional arguments it takes.
    public var argumentCount: ClosedRange<Int>
    public var options: [Option]
    /// Longer help: what it does, what it prints, its exit codes.
    public var discussion: String

    public init(
        name: String, summary: String, arguments: String = "", argumentCount: ClosedRange<Int> = 0...0,
        options: [Option] = [], discussion: String = ""
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.argumentCount = argumentCount
        self.options = options
        self.discussion = discussion
    }

    /// Options every command accepts.
    public static let globalOptions: [Option] = [
        .value("root", "DIR", "the workbook folder (default: nearest folder upward with chapters/ and Package.swift; or WORKBOOK_ROOT)"),
        .value("exercises", "DIR", "the learner's workspace (default: exercises/ in the root; or WORKBOOK_EXERCISES)"),
        .flag("help", "show help for the command"),
    ]

    public var allOptions: [Option] { options + CommandSpec.globalOptions }
}
