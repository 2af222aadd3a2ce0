/// One learner's mistake, planted into a real chapter's reference solution: the first
/// occurrence of `replace` in `file` becomes `with`.
struct PlantedMistake: Sendable, CustomStringConvertible {
    var exercise: String
    var file: String
    var replace: String
    var with: String
    /// What kind of slip it is, for the table's readers (issue 54's list of kinds).
    var kind: String
    /// Phrases the exercise's section must hold (a cause the tests established).
    var says: [String] = []
    /// Phrases it must not hold: causes this mistake does not have.
    var neverSays: [String] = []
    /// Another exercise whose section must name this mistake's exercise as a dependency.
    var dependent: String?
    /// Exercises whose code this exercise's tests run (4.5's moves go through 4.1's
    /// `Move.target`): their mistakes are planted in other rounds, as with one of them
    /// wrong this one cannot pass, whatever its own line, and every other exercise must be
    /// right while a mistake is checked.
    var apart: [String] = []
    /// Text of the line that holds the mistake, when it is not `with`'s first line (a
    /// deleted line: the line left where it was).
    var at: String?

    var description: String {
        "\(exercise) (\(kind)): \(replace.trimmingCharacters(in: .whitespacesAndNewlines)) → \(with.trimmingCharacters(in: .whitespacesAndNewlines))"
    }
}
