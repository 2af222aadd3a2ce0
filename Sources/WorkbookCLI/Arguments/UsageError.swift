import Foundation

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
    /// A numeric option's value that is not one of the numbers it accepts.
    case notANumber(option: String, value: String, accepted: NumberRange)
    /// An option given without the other option (and value) it only works with:
    /// `check --out DIR` without `--format json`. `accepted` says what the value is.
    case onlyWith(option: String, value: String, accepted: String, other: String)
    /// `mutate --operator` naming operators there are none of.
    case unknownOperators([String], known: [String])
    /// `mutate --accept` without a reason, or with a blank one.
    case acceptWithoutReason
    /// `mutate --accept KEY` whose KEY is not FILE:LINE:OPERATOR of a chapter named.
    case unknownMutant(String)
    /// `grade --deadline` with a value that is no date and time.
    case notADate(option: String, value: String)
    /// `grade --shard` with a value that is not `I/N`.
    case notAShard(value: String)
    /// Two options that do not go together: `grade --merge` with `--shard`.
    case notTogether(option: String, other: String, because: String)

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
        case .notANumber(let option, let value, let accepted):
            return "'\(value)' is not a value of '--\(option)'; use one of: \(Self.words(accepted))"
        case .onlyWith(let option, let value, let accepted, let other):
            return "'\(value)' is not a value of '--\(option)'; use one of: \(accepted), with \(other)"
        case .unknownOperators(let names, let known):
            return "--operator: no operator named \(names.joined(separator: ", ")); the operators: \(known.joined(separator: ", "))"
        case .acceptWithoutReason:
            return "--accept needs --reason: say in one line why the mutant is equivalent"
        case .unknownMutant(let key):
            return "--accept takes FILE:LINE:OPERATOR with FILE a reference file of the chapters named "
                + "(e.g. Ex1_DinerQueue.swift:34:async-sync); got “\(key)”"
        case .notADate(let option, let value):
            return "'\(value)' is not a value of '--\(option)'; use a date and time: 2026-12-01T23:59:00Z, "
                + "2026-12-01T23:59:00+01:00, or \"2026-12-01 23:59\" in this machine's time zone"
        case .notAShard(let value):
            return "'\(value)' is not a value of '--shard'; use I/N, shard I of N, with 1 ≤ I ≤ N ≤ 256 (e.g. --shard 2/8)"
        case .notTogether(let option, let other, let because):
            return "'--\(option)' cannot be given with '--\(other)': \(because)"
        }
    }

    /// `a number of seconds from 0.1 to 3600`, `a whole number from 1 to 64`.
    private static func words(_ accepted: NumberRange) -> String {
        switch accepted {
        case .fraction(let range, let unit):
            return "a number\(unit.map { " of \($0)" } ?? "") from \(String(format: "%g", range.lowerBound)) to \(String(format: "%g", range.upperBound))"
        case .whole(let range):
            return "a whole number from \(range.lowerBound) to \(range.upperBound)"
        }
    }
}
