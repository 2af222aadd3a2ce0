import WorkbookModel
/// `verify`'s rule for a compile exercise: its starter must NOT compile, and the
/// compiler must say what the chapter's `Starter error:` says it will (the reference
/// passing its tests is checked as for every exercise).
enum CompileExerciseRule {
    static func check(_ exercise: Exercise, starter: ExerciseGrade, at location: SourceLocation) -> [Verifier.Finding] {
        let expected = exercise.starterError ?? ""
        guard starter.status == .doesNotCompile else {
            return [Verifier.Finding(exercise: exercise.id, location: location,
                                     problem: "the starter of a compile exercise must not compile, but it \(starter.status == .passed ? "compiles and passes" : "compiles (\(starter.status.rawValue))")")]
        }
        guard starter.message.contains(expected) else {
            return [Verifier.Finding(exercise: exercise.id, location: location,
                                     problem: "the starter does not compile, but not with the stated error “\(expected)”; the compiler said:\n\(starter.message)")]
        }
        return []
    }
}
