import Foundation
import WorkbookModel
import WorkbookToolchain

/// What grading compiles for a chapter's exercises, and what may take each one's place:
/// values only (files named, their texts read), so that deciding who is to blame for a
/// failed build (`Blame`) needs no file system, process or compiler.
struct GradingPlan: Sendable, Equatable {
    /// A file that may be compiled for an exercise, with its text (nil when unreadable).
    struct File: Sendable, Equatable {
        var submission: Submission
        var text: String?
    }

    struct Entry: Sendable, Equatable {
        var exercise: ExerciseID
        /// False for a compile exercise: its starter does not compile, by design.
        var starterCompiles: Bool
        /// What is compiled for it now.
        var current: File
        /// Its reference solution (the teacher's; a release names one it does not have).
        var reference: File?
        /// Its starter, written where it can be compiled.
        var starter: File?
        /// In a student release: the empty file that leaves a compile exercise out of the build.
        var leftOut: File?
        /// Its tests file: the tests' errors there blame this exercise.
        var testsFile: URL?
    }

    /// Which files were asked for: `verify`'s starters are blamed differently.
    var submissionSet: SubmissionSet
    /// A student release has no references: a compile exercise is left out instead.
    var isRelease: Bool
    var entries: [Entry]
    /// The exercises found not to compile, with what was found (the first finding stays).
    var broken: [ExerciseID: BuildFinding] = [:]

    var submissions: [Submission] { entries.map(\.current.submission) }

    func entry(_ id: ExerciseID) -> Entry? { entries.first { $0.exercise == id } }
}

/// Why an exercise is graded "does not compile", as data; `BuildFindingWording` words it.
enum BuildFinding: Sendable, Equatable {
    /// Which compile failed: the chapter's module, or the tests against it.
    enum Phase: Sendable, Equatable {
        case module, tests
    }

    /// The compiler's errors in its file.
    case diagnostics(Phase, [CompilerDiagnostics.Entry])
    /// The file declares `name` again, which the file the compiler named (`declaredBy`)
    /// declares as its exercise asks; `line` is the culprit's first declaration of it.
    case redeclaration(Phase, culprit: Submission, line: Int?, name: String, declaredBy: String, theirs: [CompilerDiagnostics.Entry])
    /// Already worded by the check that found it (a refusal, a remembered starter's diagnostics).
    case worded(String)
}
