import Foundation
import WorkbookModel

/// The file graded for one exercise, and where it came from.
package struct Submission: Sendable, Equatable {
    public enum Origin: String, Sendable, Equatable {
        /// The learner's own file.
        case learner
        /// The starter, because the learner's file is missing (or, for `verify`, on purpose).
        case starter
        /// The reference solution (`verify`; a compile exercise's stand-in).
        case reference
        /// Nothing: in a student release a compile exercise's file that does not compile has
        /// no reference to stand in for it, so it is left out of the build (an empty file
        /// in its place), and its tests with it.
        case leftOut
    }

    public var exercise: ExerciseID
    public var file: URL
    public var origin: Origin
    /// True when the file's text is the starter's: graded as "not started".
    package var isStarter: Bool
}

/// Which files `Grader` compiles for a chapter's exercises.
public enum SubmissionSet: Sendable, Equatable {
    /// The learner's workspace: their file, or the starter when it is missing.
    case workspace
    /// Every exercise's starter (for `verify`: each must fail).
    case starters
    /// Every exercise's reference file (for `verify`: each must pass).
    case references
}
