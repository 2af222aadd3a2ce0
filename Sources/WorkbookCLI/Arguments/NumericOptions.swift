import Foundation

/// The numeric options' one decoder: a value out of its range, or not a number of the
/// kind asked for (`--jobs 2.5`), is a usage error naming what is accepted.
extension Invocation {
    /// The option's number, `value` when it is not given.
    func number(_ name: String, default value: Double, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let text = self.value(name) else { return value }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw .invalidChoice(option: name, value: text, choices: ["a number from \(String(format: "%g", range.lowerBound)) to \(String(format: "%g", range.upperBound))"])
        }
        return number
    }

    /// The option's whole number (a count), `value` when it is not given.
    func wholeNumber(_ name: String, default value: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = self.value(name) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw .invalidChoice(option: name, value: text, choices: ["a whole number from \(range.lowerBound) to \(range.upperBound)"])
        }
        return number
    }
}
