import Foundation

/// Where a learner stands on one exercise, as `workbook list` reports it.
public enum ExerciseStatus: String, Sendable, Equatable, CaseIterable {
    /// No learner file yet, or the file is still the starter.
    case notStarted = "not-started"
    /// It compiles but some tests fail.
    case failing
    /// It does not compile (or could not be graded).
    case error
    /// Every test passes.
    case passing
    /// Changed since it was last graded.
    case unknown
}

extension Workbook {
    /// The status that can be told without grading: `notStarted` when the learner's
    /// file is missing or still the starter, `unknown` otherwise. Grading records
    /// better answers in the workbook's state.
    package func quickStatus(of exercise: Exercise, in chapter: Chapter) -> ExerciseStatus {
        guard let file = learnerFile(for: exercise, in: chapter),
              let data = FileManager.default.contents(atPath: file.path)
        else { return .notStarted }
        if let starter = try? starter(for: exercise),
           StarterComparison.isUntouched(String(decoding: data, as: UTF8.self), starter: starter, swift: file.pathExtension == "swift") {
            return .notStarted
        }
        return .unknown
    }
}
