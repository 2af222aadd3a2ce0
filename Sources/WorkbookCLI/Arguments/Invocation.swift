/// A command line after parsing and validation: which command, its arguments and options.
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

    public func value(_ name: String) -> String? { values[name] }
    /// Every value given for a repeatable option, in order.
    public func all(_ name: String) -> [String] { repeated[name] ?? values[name].map { [$0] } ?? [] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}
