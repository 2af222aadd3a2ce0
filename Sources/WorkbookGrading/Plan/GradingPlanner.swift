import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// The plan stage: the file to compile for each exercise, per `submissions`, and each
/// one's possible stand-ins (reference, starter, a release's left-out file), written
/// where they can be compiled and read, so that the stages after it deal in values.
struct GradingPlanner: Sendable {
    let workbook: Workbook
    let cache: URL
    let submissions: SubmissionSet

    /// The plan for `exercises` of `chapter`.
    func plan(_ exercises: [Exercise], in chapter: Chapter) throws -> GradingPlan {
        let entries = try exercises.map { exercise -> GradingPlan.Entry in
            let starterText = try workbook.starter(for: exercise)
            let current = try submission(for: exercise, in: chapter, starterText: starterText)
            // Read as the workbook reads its own files (no link out of it).
            let reference = exercise.referenceFile.map {
                GradingPlan.File(submission: Submission(exercise: exercise.id, file: workbook.url($0), origin: .reference, isStarter: false),
                                 text: try? workbook.read($0))
            }
            let starter = (try? starterFile(for: exercise, in: chapter, text: starterText)).map {
                GradingPlan.File(submission: Submission(exercise: exercise.id, file: $0, origin: .starter, isStarter: true), text: starterText)
            }
            let leftOut = workbook.isRelease && !exercise.kind.starterCompiles ? leftOutFile(for: exercise, in: chapter) : nil
            return GradingPlan.Entry(
                exercise: exercise.id, starterCompiles: exercise.kind.starterCompiles, current: file(current),
                reference: reference, starter: starter, leftOut: leftOut, testsFile: exercise.testsFile.map(workbook.url))
        }
        return GradingPlan(submissionSet: submissions, isRelease: workbook.isRelease, entries: entries)
    }

    private func file(_ submission: Submission) -> GradingPlan.File {
        GradingPlan.File(submission: submission, text: try? String(contentsOf: submission.file, encoding: .utf8))
    }

    /// The file to compile for `exercise`, per `submissions`.
    func submission(for exercise: Exercise, in chapter: Chapter) throws -> Submission {
        try submission(for: exercise, in: chapter, starterText: try workbook.starter(for: exercise))
    }

    private func submission(for exercise: Exercise, in chapter: Chapter, starterText: String) throws -> Submission {
        switch submissions {
        case .references:
            return Submission(exercise: exercise.id, file: workbook.url(exercise.referenceFile!), origin: .reference, isStarter: false)
        case .starters:
            return Submission(exercise: exercise.id, file: try starterFile(for: exercise, in: chapter, text: starterText), origin: .starter, isStarter: true)
        case .workspace:
            if let file = workbook.learnerFile(for: exercise, in: chapter),
               let data = FileManager.default.contents(atPath: file.path) {
                let isStarter = StarterComparison.isUntouched(
                    String(decoding: data, as: UTF8.self), starter: starterText, swift: file.pathExtension == "swift")
                return Submission(exercise: exercise.id, file: file, origin: .learner, isStarter: isStarter)
            }
            return Submission(exercise: exercise.id, file: try starterFile(for: exercise, in: chapter, text: starterText), origin: .starter, isStarter: true)
        }
    }

    /// The starter written under `.workbook/cache/starters/`, so it can be compiled.
    func starterFile(for exercise: Exercise, in chapter: Chapter, text: String) throws -> URL {
        let file = CacheFolder.starters.url(in: cache).appendingPathComponent(chapter.stem)
            .appendingPathComponent(exercise.fileName ?? "Ex\(exercise.id.number).swift")
        if FileManager.default.contents(atPath: file.path).map({ String(decoding: $0, as: UTF8.self) }) != text {
            try AtomicFile.write(text, to: file)
        }
        return file
    }

    /// A student release's stand-in for a compile exercise's file that does not compile:
    /// an empty file, so the exercise and its tests are left out of the build.
    private func leftOutFile(for exercise: Exercise, in chapter: Chapter) -> GradingPlan.File? {
        let file = CacheFolder.leftOut.url(in: cache).appendingPathComponent(chapter.stem)
            .appendingPathComponent(exercise.fileName ?? "Ex\(exercise.id.number).swift")
        let text = "// Exercise \(exercise.id) is left out of this build: its file does not compile, and a student release has no reference to stand in for it.\n"
        if FileManager.default.contents(atPath: file.path).map({ String(decoding: $0, as: UTF8.self) }) != text {
            guard (try? AtomicFile.write(text, to: file)) != nil else { return nil }
        }
        return GradingPlan.File(submission: Submission(exercise: exercise.id, file: file, origin: .leftOut, isStarter: false), text: text)
    }
}
