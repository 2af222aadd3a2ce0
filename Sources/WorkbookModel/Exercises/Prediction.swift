/// What a predict exercise's file says the program prints: its lines, with the lines
/// that start with `//` (the file's instructions, the solution markers) left out,
/// trailing white space trimmed as outputs are, and blank lines at either end dropped.
public struct Prediction: Sendable, Equatable {
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
    public func firstDifference(from output: String) -> Difference? {
        let actual = OutputComparison.normalized(output)
        let printed = actual.isEmpty ? [] : actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in 0..<max(lines.count, printed.count) {
            let predicted = index < lines.count ? lines[index] : nil
            let real = index < printed.count ? printed[index] : nil
            if predicted?.text != real {
                return Difference(number: index + 1, predicted: predicted?.text, printed: real, fileLine: predicted?.fileLine ?? lines.last?.fileLine)
            }
        }
        return nil
    }

    /// Where a prediction first parts from the output: the output's line `number`.
    public struct Difference: Sendable, Equatable {
        public var number: Int
        /// nil: the prediction ended before the output did.
        public var predicted: String?
        /// nil: the output ended before the prediction did.
        public var printed: String?
        /// The learner's file line to point at, when there is one.
        public var fileLine: Int?

        /// The learner's view of it, naming only what the comparison established.
        public var message: String {
            switch (predicted, printed) {
            case let (predicted?, printed?):
                return "line \(number) of the output is “\(printed)”; you predicted “\(predicted)”"
            case (nil, let printed?):
                return "your prediction stops after \(number - 1) line\(number - 1 == 1 ? "" : "s"), but the program goes on: line \(number) is “\(printed)”"
            case (let predicted?, nil):
                return "the program prints \(number - 1) line\(number - 1 == 1 ? "" : "s"); you predicted more, starting with “\(predicted)”"
            case (nil, nil):
                return "the prediction and the output agree"
            }
        }
    }
}
