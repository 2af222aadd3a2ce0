import Foundation

/// The numbers a numeric option accepts, stated in its spec (`Option.number`,
/// `Option.count`). `OptionValues.number` and `.count` are the one decoder: a value out
/// of its range, or not a number of the kind asked for (`--jobs 2.5`), is a usage error
/// naming what is accepted.
public enum NumberRange: Sendable, Equatable {
    /// Any finite number in the range; `unit` words it (`seconds`).
    case fraction(ClosedRange<Double>, unit: String?)
    /// A whole number in the range.
    case whole(ClosedRange<Int>)

    /// The number `text` says, when it is one of these.
    func decode(_ text: String) -> Double? {
        switch self {
        case .fraction(let range, _):
            guard let number = Double(text), number.isFinite, range.contains(number) else { return nil }
            return number
        case .whole(let range):
            guard let number = Int(text), range.contains(number) else { return nil }
            return Double(number)
        }
    }
}

extension OptionValues {
    /// The option's number, `value` when it is not given.
    func number(_ option: CommandSpec.Option, default value: Double) throws(UsageError) -> Double {
        try number(option) ?? value
    }

    /// The option's number, nil when it is not given.
    func number(_ option: CommandSpec.Option) throws(UsageError) -> Double? {
        guard let text = text(option) else { return nil }
        guard let accepted = option.numbers else {
            assertionFailure("--\(option.name) is not a numeric option in its spec")
            return nil
        }
        guard let number = accepted.decode(text) else {
            throw .notANumber(option: option.name, value: text, accepted: accepted)
        }
        return number
    }

    /// The option's whole number (a count), `value` when it is not given.
    func count(_ option: CommandSpec.Option, default value: Int) throws(UsageError) -> Int {
        try count(option) ?? value
    }

    /// The option's whole number, nil when it is not given.
    func count(_ option: CommandSpec.Option) throws(UsageError) -> Int? {
        assert(option.numbers.map { if case .whole = $0 { true } else { false } } ?? false,
               "--\(option.name) is not a count in its spec")
        return try number(option).map { Int($0) }
    }
}
