/// A command line after parsing and validation: which command, its arguments and options,
/// still as words. Only `OptionValues` reads them, by the spec's options; a command reads
/// its typed `Options`.
public struct Invocation: Sendable, Equatable {
    public var command: String
    public var arguments: [String]
    /// Options with values, by name (`"format": "json"`).
    public var values: [String: String]
    /// Flags that were given (`"all"`).
    public var flags: Set<String>
    /// Every value of each option given more than once or not (`--chapter 1 --chapter 3`),
    /// in order; `values` keeps the last.
    public var repeated: [String: [String]] = [:]

    public init(command: String, arguments: [String] = [], values: [String: String] = [:], flags: Set<String> = []) {
        self.command = command
        self.arguments = arguments
        self.values = values
        self.flags = flags
    }
}
