/// What a predict exercise's file says the program prints: its lines, with the lines
/// that start with `//` (the file's instructions, the solution markers) left out,
/// trailing white space trimmed as outputs are, and blank lines at either end dropped.
package struct Prediction: Sendable, Equatable {
    /// One predicted line and the file line it was written on (1-based).
    public struct Line: Sendable, Equatable {
        public var text: String
        public var fileLine: Int
    }

    public var lines: [Line]

    public init(fileText: String) {
        var lines: [Line] = []
        for (index, raw) in fileText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = OutputComparison.normalized(String(raw))
            if text.trimmingWhitespace.hasPrefix("//") { continue }
            lines.append(Line(text: text, fileLine: index + 1))
        }
        while lines.first?.text.isEmpty == true { lines.removeFirst() }
        while lines.last?.text.isEmpty == true { lines.removeLast() }
        self.lines = lines
    }

    /// The prediction as output text, as a snippet's output block would hold it.
    public var text: String { lines.map(\.text).joined(separator: "\n") }

    /// The first line where the prediction and the program's `output` part, or nil
    /// when they agree line for line.
    package func firstDifference(from output: String) -> Difference? {
        let actual = OutputComparison.normalized(output)
        let printed = actual.isEmpty ? [] : actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let predictedTexts = lines.map(\.text)
        for index in 0..<max(lines.count, printed.count) {
            let predicted = index < lines.count ? lines[index] : nil
            let real = index < printed.count ? printed[index] : nil
            if predicted?.text != real {
                let kind = Difference.kind(at: index, predicted: predictedTexts, printed: printed)
                return Difference(number: index + 1, predicted: predicted?.text, printed: real,
                                  fileLine: predicted?.fileLine ?? lines.last?.fileLine, kind: kind)
            }
        }
        return nil
    }

    /// Where a prediction first parts from the output: the output's line `number`.
    package struct Difference: Sendable, Equatable {
        /// What kind of difference it is, told from the lines around it.
        public enum Kind: String, Sendable, Equatable {
            /// The predicted line is printed, and the printed one predicted, but elsewhere.
            case order
            /// The program prints a line here that the prediction does not have.
            case missing
            /// The prediction has a line here that the program does not print.
            case extra
            /// The line is in the right place with something else in it.
            case value
        }

        public var number: Int
        /// nil: the prediction ended before the output did.
        public var predicted: String?
        /// nil: the output ended before the prediction did.
        public var printed: String?
        /// The learner's file line to point at, when there is one.
        public var fileLine: Int?
        public var kind: Kind

        public init(number: Int, predicted: String?, printed: String?, fileLine: Int?, kind: Kind) {
            self.number = number
            self.predicted = predicted
            self.printed = printed
            self.fileLine = fileLine
            self.kind = kind
        }

        static func kind(at index: Int, predicted: [String], printed: [String]) -> Kind {
            guard index < predicted.count else { return .missing }
            guard index < printed.count else { return .extra }
            let mine = predicted[index], real = printed[index]
            let mineElsewhere = printed.indices.contains { $0 != index && printed[$0] == mine }
            let realElsewhere = predicted.indices.contains { $0 != index && predicted[$0] == real }
            if mineElsewhere && realElsewhere { return .order }
            if index + 1 < printed.count, printed[index + 1] == mine { return .missing }
            if index + 1 < predicted.count, predicted[index + 1] == real { return .extra }
            return .value
        }

        /// The learner's view of it, naming only what the comparison established and
        /// never the expected text (that is `revealed`'s, asked for with `workbook hint`).
        public var message: String {
            let lines = "\(number - 1) line\(number - 1 == 1 ? "" : "s")"
            switch kind {
            case .missing where predicted == nil:
                return "your prediction stops after \(lines), but the program prints more: a line is missing at line \(number)"
            case .missing:
                return "a line is missing before line \(number) of your prediction (“\(predicted ?? "")”): the program prints one more line there"
            case .extra where printed == nil:
                return "the program prints \(lines); your prediction has more, from line \(number) (“\(predicted ?? "")”) on"
            case .extra:
                return "line \(number) of your prediction (“\(predicted ?? "")”) is one line too many: the program prints no such line there"
            case .order:
                return "line \(number) of your prediction (“\(predicted ?? "")”) is printed, but not there: the order of the lines differs"
            case .value:
                return "line \(number) of your prediction (“\(predicted ?? "")”) is in the right place, but the program prints something else there"
                    + (Self.firstDifferentWord(predicted ?? "", printed ?? "").map { ": \($0) differs" } ?? "")
            }
        }

        /// The expected line itself, for when the learner asks (or has tried three times).
        package var revealed: String {
            if let printed { return "line \(number) of the output is “\(printed)”" }
            return "the output has no line \(number): it ends after line \(number - 1)"
        }

        /// "the 3rd word (“2”)" when both lines have the same number of words, naming the
        /// learner's own word only.
        static func firstDifferentWord(_ mine: String, _ real: String) -> String? {
            let a = mine.split(separator: " "), b = real.split(separator: " ")
            guard a.count == b.count, a.count > 1, let index = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
            let ordinal = index + 1
            let suffix = (11...13).contains(ordinal % 100) ? "th" : ["th", "st", "nd", "rd"][ordinal % 10 < 4 ? ordinal % 10 : 0]
            return "its \(ordinal)\(suffix) word (“\(a[index])”)"
        }
    }
}
