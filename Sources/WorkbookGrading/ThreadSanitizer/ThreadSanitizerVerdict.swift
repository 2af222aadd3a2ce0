import Foundation

/// A race exercise's grade from its run under the Thread Sanitizer: a report fails it,
/// whatever its tests said, with TSan's findings in the learner's lines; a sanitizer that
/// could not run is said as that (the learner's code never ran), never as a race.
enum ThreadSanitizerVerdict {
    /// The name of the one extra test a race exercise's grade gets: results.json and
    /// JUnit then show a failing test where the sanitizer reported.
    static let testName = "runs clean under the Thread Sanitizer"

    static func apply(
        _ report: ThreadSanitizerReport, to graded: ExerciseGrade, learnerFile: ThreadSanitizerReport.LearnerFile, testsFiles: [String]
    ) -> ExerciseGrade {
        var grade = graded
        if let exhausted = report.memoryExhausted {
            // TSan's own cap ended the run: the program's doing, said as the sandbox says it.
            grade.status = .crashed
            grade.message = "under the Thread Sanitizer, the tests' process used more than "
                + "\(ThreadSanitizerReport.memoryLimitMiB) MiB of memory (the limit) and was stopped: \(exhausted)"
            return grade
        }
        if let failure = report.runtimeFailure, report.warnings.isEmpty {
            // What the tests' process itself did is kept after it: the sanitizer's line does not say when it failed.
            let testsSaid = grade.message.isEmpty ? "" : "\n(" + grade.message + ")"
            grade.status = .crashed
            grade.message = "the Thread Sanitizer's runtime failed while the tests ran under it: \(failure)" + testsSaid
            return grade
        }
        let findings = report.findings(learnerFiles: [learnerFile], testsFiles: testsFiles)
        guard !findings.isEmpty else {
            grade.tests.append(TestOutcome(name: testName, status: .pass))
            if grade.status != .passed, !grade.message.isEmpty { grade.message = "under the Thread Sanitizer, " + grade.message }
            return grade
        }
        grade.tests.append(TestOutcome(name: testName, status: .fail, message: findings.joined(separator: "\n")))
        let testsSaid = grade.status == .passed || grade.message.isEmpty ? "" : "\n(and under the Thread Sanitizer, " + grade.message + ")"
        if grade.status == .passed { grade.status = .failed }
        grade.message = findings.joined(separator: "\n") + testsSaid
        return grade
    }
}
