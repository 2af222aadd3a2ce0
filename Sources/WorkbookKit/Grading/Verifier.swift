import WorkbookModel
/// `workbook verify`: every exercise's starter must compile and FAIL its tests, and its
/// reference must PASS them (nbgrader's `validate` and `validate --invert`). A compile
/// exercise's starter must instead fail to compile with the chapter's stated error; a
/// predict exercise's empty prediction must fail, and its reference prediction must be
/// what the program really prints.
public struct Verifier: Sendable {
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public var exercise: ExerciseID
        public var location: SourceLocation
        public var problem: String

        public var description: String { "\(location): error: exercise \(exercise): \(problem)" }
    }

    public var grader: Grader

    public init(grader: Grader) {
        self.grader = grader
    }

    /// The broken rules of `chapter`, in exercise order; empty when it is sound.
    public func verify(_ chapter: Chapter) throws -> [Finding] {
        var starters = grader
        starters.options.submissions = .starters
        starters.options.runStarters = true
        var references = grader
        references.options.submissions = .references
        references.options.runStarters = true
        let starterGrades = try starters.grade(chapter)
        let referenceGrades = try references.grade(chapter)
        var findings: [Finding] = []
        for exercise in chapter.exercises {
            let at = exercise.filesLocation ?? exercise.location
            if exercise.kind == .compile, let starter = starterGrades.exercises.first(where: { $0.id == exercise.id }) {
                findings += CompileExerciseRule.check(exercise, starter: starter, at: at)
            } else if let starter = starterGrades.exercises.first(where: { $0.id == exercise.id }) {
                switch starter.status {
                case .passed:
                    findings.append(Finding(exercise: exercise.id, location: at, problem: "the starter passes its tests; they must fail until the exercise is solved"))
                case .doesNotCompile:
                    findings.append(Finding(exercise: exercise.id, location: at, problem: "the starter does not compile:\n\(starter.message)"))
                default:
                    break
                }
            }
            if let reference = referenceGrades.exercises.first(where: { $0.id == exercise.id }), !reference.passed {
                findings.append(Finding(exercise: exercise.id, location: at, problem: "the reference does not pass (\(reference.status.rawValue)): \(reference.message)"))
            }
        }
        return findings
    }
}
