import Foundation

/// What the probe established for one failing exercise.
public struct Localization: Sendable, Equatable, Codable {
    public var exercise: String
    /// The learner's file, as the grade names it.
    public var file: String
    /// The line to look at (1-based), when one mutant repaired the exercise.
    public var line: Int?
    /// Mutants whose tests ran.
    public var tried: Int
    public var seconds: Double
    /// Of `seconds`, those until the schema compiled and ran once with no mutant on.
    public var compileSeconds: Double?
    /// Why the probe could not say either way (it stopped early), when it could not.
    public var unsure: String?
    /// How `line` was established.
    public var established: Established = .repair
    /// For a repair, the kind of change that made it, in words (never the change): the
    /// last step of `hint`.
    public var change: String?
    /// With no line named, the learner's lines the failing tests ran (`CoverageRanking`).
    public var ranByFailing: [Int]?
    /// With no line named and no coverage: the lines the learner wrote (those not in the
    /// starter), those in the functions the failing tests call first, shown so that the
    /// mistake, which is among them unless a line was taken away, is on screen.
    public var written: [Int]?

    public enum Established: String, Sendable, Codable {
        /// One small change to the line makes every test pass.
        case repair
        /// The tests crashed on the line (the crash report's innermost frame in the file).
        case trap
        /// Every failing test ran the line and no passing test did, and it is the one
        /// line of the learner's so (`CoverageRanking`).
        case coverage
    }

    public init(exercise: String, file: String, line: Int?, tried: Int, seconds: Double, compileSeconds: Double? = nil,
                unsure: String? = nil, established: Established = .repair) {
        self.exercise = exercise
        self.file = file
        self.line = line
        self.tried = tried
        self.seconds = seconds
        self.compileSeconds = compileSeconds
        self.unsure = unsure
        self.established = established
    }

    /// The report's first line for the exercise: where to look and how that was found,
    /// or that nothing singles a line out.
    public var summary: String {
        if let line, established == .coverage { return coverageSummary(line) }
        if let line, established == .trap {
            return "\(file):\(line): look here — the tests crashed on this line (the crash is below)"
        }
        if let line {
            return "\(file):\(line): look here — one small change to this line makes every test pass (found by trying small changes to your lines)"
        }
        if let unsure { return "no line singled out: \(unsure)" }
        return "no line singled out: no single small change to the lines you wrote makes every test pass"
    }
}

extension Localization {
    /// The summary, then the named line in context (two lines either side, the named one
    /// marked `>`), as `check` prints them first under the exercise's line.
    public func reportLines(source: String) -> [String] {
        guard let line else {
            let ran = ranLines(source: source)
            return [summary] + (ran.isEmpty ? writtenLines(source: source) : ran)
        }
        let lines = source.components(separatedBy: "\n")
        let shown = max(1, line - 2)...min(lines.count, line + 2)
        let width = "\(shown.upperBound)".count
        return [summary] + shown.map { number in
            let text = lines[number - 1]
            let cut = text.count > 200 ? String(text.prefix(200)) + "…" : text
            let label = String(repeating: " ", count: width - "\(number)".count) + "\(number)"
            return (number == line ? "> " : "  ") + "\(label) | \(cut)"
        }
    }
}
