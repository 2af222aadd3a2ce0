import Foundation
import WorkbookModel

/// Finds the constructs an exercise's statement rules out (`Exercise.forbids`,
/// `ForbiddenConstructs.table`) in a learner's file, by tokens: never in a comment or a
/// string, and across line breaks (`nonisolated(` on one line, `unsafe)` on the next).
/// 1.8 passed with `nonisolated(unsafe) var taps`, which its statement forbids (measured).
enum ForbiddenScan {
    /// `file:line:1: error: …` for the first forbidden construct in `source`, or nil.
    static func refusal(_ source: String, exercise: Exercise, shownPath: String) -> String? {
        guard !exercise.forbids.isEmpty else { return nil }
        let scanned = SourceTokens(source).tokens
        let tokens = scanned.map(\.text)
        let lines = scanned.map(\.line)
        var first: (line: Int, construct: ForbiddenConstructs.Construct)?
        for construct in ForbiddenConstructs.table where exercise.forbids.contains(construct.name) {
            let count = construct.tokens.count
            guard count > 0, tokens.count >= count else { continue }
            for start in 0...(tokens.count - count) where Array(tokens[start..<(start + count)]) == construct.tokens {
                if first == nil || lines[start] < first!.line { first = (lines[start], construct) }
                break
            }
        }
        guard let first else { return nil }
        return "\(shownPath):\(first.line):1: error: exercise \(exercise.id) refuses `\(first.construct.name)`: its statement rules it out, "
            + "because \(first.construct.why). Remove it and make the code safe as the statement asks"
    }
}
