/// A command line after parsing and validation: which command, its arguments and options.
public struct Invocation: Sendable, Equatable {
    public var command: String
    public var arguments: [String]
    /// Options with values, by name (`"format": "json"`).
    public var values: [String: String]
    /// Flags that were given (`"all"`).
    public var flags: Set<String>

    public init(command: String, arguments: [String] = [], values: [String: String] = [:], flags: Set<String> = []) {
        self.command = command
        self.arguments = arguments
        self.values = values
        self.flags = flags
    }

    public func value(_ name: String) -> String? { values[name] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}
