/// What a command accepts, as data: the parser, the help text, the man page, the
/// completions and the options' decoder (`OptionValues`) all read this one table, so
/// they cannot disagree. An option's spelling is stated here once; a command's
/// `Options` reads it through the `Option` value, never through a string of its own.
public struct CommandSpec: Sendable {
    public struct Option: Sendable {
        /// Without dashes: `format` for `--format`.
        public var name: String
        /// For an option with a value, what the value is called in help (`FORMAT`); nil for a flag.
        public var valueName: String?
        /// The values allowed, when they are a fixed set.
        public var choices: [String]?
        /// The numbers allowed, for a numeric option: the one number decoder reads them.
        public var numbers: NumberRange?
        public var help: String

        public static func flag(_ name: String, _ help: String) -> Option {
            Option(name: name, valueName: nil, choices: nil, numbers: nil, help: help)
        }

        public static func value(_ name: String, _ valueName: String, choices: [String]? = nil, _ help: String) -> Option {
            Option(name: name, valueName: valueName, choices: choices, numbers: nil, help: help)
        }

        /// A number with a fraction allowed (`--min-score 97.5`), in `range`; `unit` names
        /// it in the error (`a number of seconds from 0.1 to 3600`).
        public static func number(_ name: String, _ valueName: String, in range: ClosedRange<Double>, of unit: String? = nil,
                                  _ help: String) -> Option {
            Option(name: name, valueName: valueName, choices: nil, numbers: .fraction(range, unit: unit), help: help)
        }

        /// A whole number (a count: `--jobs 4`), in `range`.
        public static func count(_ name: String, _ valueName: String, in range: ClosedRange<Int>, _ help: String) -> Option {
            Option(name: name, valueName: valueName, choices: nil, numbers: .whole(range), help: help)
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

    /// Options every command accepts (decoded by `GlobalOptions`).
    public static let globalOptions: [Option] = [GlobalOptions.root, GlobalOptions.exercises, GlobalOptions.help]

    public var allOptions: [Option] { options + CommandSpec.globalOptions }
}
