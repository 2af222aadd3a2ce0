import Foundation
import WorkbookModel

/// After the build: the exercises graded without running their tests (not started, does
/// not compile, the chapter not built), and those whose tests are to run. From values
/// only: what was submitted, the plan as built, and how the learner's files are named.
struct BuildVerdicts {
    let paths: LearnerPaths
    let wording: BuildFindingWording
    /// Grade the starters too (`verify`), not "not started".
    let runStarters: Bool

    struct Decided {
        var grades: [ExerciseGrade] = []
        var toRun: [(Exercise, Submission)] = []
    }

    func decide(_ graded: [Exercise], asSubmitted: [Submission], built: GradingBuild.Output, chapter: Chapter) -> Decided {
        let submissions = built.plan.submissions
        var sorted = Decided()
        for exercise in graded {
            guard let submission = submissions.first(where: { $0.exercise == exercise.id }) else { continue }
            // The file as the learner submitted it: a reference standing in for a compile
            // exercise that does not compile is never named as the learner's file.
            let learnerPath = paths.displayPath(of: asSubmitted.first { $0.exercise == exercise.id } ?? submission)
            if !exercise.kind.starterCompiles, !runStarters,
               let original = asSubmitted.first(where: { $0.exercise == exercise.id }), original.isStarter {
                // A compile exercise's starter is meant not to compile: untouched, it is not started.
                let path = paths.displayPath(of: original)
                sorted.grades.append(ExerciseGrade(
                    id: exercise.id, title: exercise.title, status: .notStarted,
                    message: original.origin == .learner
                        ? "\(path) is still the starter, which Swift 6 rejects on purpose: make it compile, then check again"
                        : "\(path) does not exist: `workbook start \(chapter.number)` writes its starter",
                    learnerFile: path))
            } else if let finding = built.plan.broken[exercise.id] {
                sorted.grades.append(ExerciseGrade(
                    id: exercise.id, title: exercise.title, status: .doesNotCompile, message: wording.message(finding), learnerFile: learnerPath))
            } else if built.runner == nil {
                sorted.grades.append(ExerciseGrade(
                    id: exercise.id, title: exercise.title, status: .doesNotCompile,
                    message: built.chapterFailure ?? "the chapter's tests do not compile", learnerFile: learnerPath))
            } else if submission.isStarter, !runStarters {
                let message = submission.origin == .learner
                    ? "\(learnerPath) is still the starter: write your solution there, then check again"
                    : "\(learnerPath) does not exist: `workbook start \(chapter.number)` writes its starter"
                sorted.grades.append(ExerciseGrade(
                    id: exercise.id, title: exercise.title, status: .notStarted, message: message, learnerFile: learnerPath))
            } else {
                sorted.toRun.append((exercise, submission))
            }
        }
        return sorted
    }
}
