/// A command line the tool cannot act on. Printed with a pointer to help; exit code 2.
public enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    case noCommand
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, command: String, suggestion: String?)
    case missingValue(option: String)
    case missingOption(String, command: String)
    case invalidChoice(option: String, value: String, choices: [String])
    case wrongArgumentCount(command: String, usage: String)
    case unexpectedValue(flag: String)

    public var description: String {
        switch self {
        case .noCommand:
            return "no command given"
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unknownOption(let option, let command, let suggestion):
            return "'\(command)' has no option '\(option)'" + (suggestion.map { "; did you mean '--\($0)'?" } ?? "")
        case .missingValue(let option):
            return "option '--\(option)' needs a value"
        case .missingOption(let option, let command):
            return "'\(command)' needs --\(option)"
        case .invalidChoice(let option, let value, let choices):
            return "'\(value)' is not a value of '--\(option)'; use one of: \(choices.joined(separator: ", "))"
        case .wrongArgumentCount(_, let usage):
            return "wrong number of arguments; usage: \(usage)"
        case .unexpectedValue(let flag):
            return "'--\(flag)' takes no value"
        }
    }
}
