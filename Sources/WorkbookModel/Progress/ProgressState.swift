import Foundation

/// What the workbook remembers about a learner, per exercise: the last grade, the
/// hints shown, whether the solution was revealed. Lives in `.workbook/progress.json`.
public struct ProgressState: Sendable, Equatable, Codable {
    public struct Entry: Sendable, Equatable, Codable {
        /// The last grade (`ExerciseStatus` raw value), nil until checked.
        public var status: String?
        /// Content hash of the learner's file when it was last graded: a different
        /// file means the recorded status is stale.
        public var gradedFileHash: String?
        /// How many hints `workbook hint` has shown.
        public var hintsShown: Int = 0
        /// Set once the exercise has passed; it stays done even if later edits break it.
        public var everPassed: Bool = false
        /// The solution was shown; `solutionForced` when it was shown before passing.
        public var solutionShown: Bool = false
        public var solutionForced: Bool = false
        /// A predict exercise's wrong predictions checked so far, by content hash: the
        /// third one's report shows the expected line. Optional, so older state files read.
        public var wrongPredictions: [String]?
        /// How many hints were shown before the exercise first passed: the hints it used.
        /// nil in state written before this was kept (then `hintsShown` is all there is).
        public var hintsBeforePassing: Int?
        /// Content hashes of the learner's files that passed (the last 20): a file
        /// restored to one of them is passing again without a new check.
        public var passedFileHashes: [String]?

        /// The hints that helped: those read before the exercise first passed.
        public var hintsUsed: Int { hintsBeforePassing ?? hintsShown }

        public init() {}
    }

    /// Bumped when the layout changes; an unknown version is read as a fresh state.
    public var version: Int = 1
    /// Keyed by exercise id, `"3.2"`.
    public var exercises: [String: Entry] = [:]

    public init() {}

    public subscript(id: ExerciseID) -> Entry {
        get { exercises[id.description] ?? Entry() }
        set { exercises[id.description] = newValue }
    }
}
