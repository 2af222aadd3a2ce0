import Foundation
import WorkbookModel
import WorkbookToolchain
import WorkbookGrading

/// The tests an exercise's untouched starter passes among the student's own other files
/// (those its tests reach, as they were graded: a reference that stood in stays in), so a
/// no-op edit earns 0 whatever the student solved around it. Measured only for an
/// exercise that fails while its tests reach another exercise's written file; otherwise
/// the class-wide baseline (`ClassGrader.starterPasses`, every exercise at its starter)
/// is the same thing. The variant holds only the starter and the files reached, so the
/// students whose reached files are the same share one measurement (the grader's cache).
public struct StarterBaselines {
    let variant: ChapterVariant

    init(variant: ChapterVariant) {
        self.variant = variant
    }

    /// `check --format classroom`: the tests `grade`'s baseline counts as the starter's for
    /// `grade`'s exercise, so Classroom's share is `grade`'s for the visible tests — its
    /// starter's passes beside the student's own files its tests reach, when one of those
    /// is written (not its untouched starter: what `grade` calls "not started"); else the
    /// class-wide ones (`classWide`), which are then the same thing. A no-op edit earns 0
    /// in both, whatever the student solved around it.
    public static func forCheck(_ grade: ExerciseGrade, workbook: Workbook, chapter: Chapter, toolchain: SwiftToolchain,
                                options: Grader.Options, classWide: () throws -> Set<String>) throws -> Set<String> {
        let reached = grade.usesCodeOf.compactMap(ExerciseID.init)
        let written = reached.filter { id in
            guard let exercise = chapter.exercises.first(where: { $0.id == id }), let file = workbook.learnerFile(for: exercise, in: chapter),
                  let data = FileManager.default.contents(atPath: file.path) else { return false }
            guard let starter = try? workbook.starter(for: exercise) else { return true }
            return !StarterComparison.isUntouched(String(decoding: data, as: UTF8.self), starter: starter, swift: file.pathExtension == "swift")
        }
        guard !written.isEmpty, let exercise = chapter.exercises.first(where: { $0.id == grade.id }),
              let starter = try? workbook.starter(for: exercise) else { return try classWide() }
        let variant = ChapterVariant(workbook: workbook, chapter: chapter, options: options, toolchain: toolchain)
        var files: [ExerciseID: String?] = [grade.id: .some(starter)]
        for id in reached { files[id] = .some(nil) }
        guard let measured = try variant.grade(files, runStarters: true).exercises.first(where: { $0.id == grade.id }) else {
            return try classWide()
        }
        return Set(measured.tests.filter { $0.status == .pass }.map(\.name))
    }

    /// By exercise: the tests its starter passes beside this student's files.
    func measure(_ grade: ChapterGrade) throws -> [ExerciseID: Set<String>] {
        var baselines: [ExerciseID: Set<String>] = [:]
        for own in grade.exercises where [.failed, .crashed, .timedOut].contains(own.status) {
            let reached = own.usesCodeOf.compactMap(ExerciseID.init)
            let written = reached.filter { id in
                grade.exercises.first { $0.id == id }.map { $0.status != .notStarted || !$0.standIns.isEmpty } ?? false
            }
            guard !written.isEmpty, let exercise = variant.chapter.exercises.first(where: { $0.id == own.id }),
                  let starter = try? variant.workbook.starter(for: exercise) else { continue }
            var files: [ExerciseID: String?] = [own.id: .some(starter)]
            for id in reached { files[id] = .some(nil) }
            for standIn in own.standIns {
                guard let id = ExerciseID(standIn.exercise),
                      let reference = variant.chapter.exercises.first(where: { $0.id == id })?.referenceFile,
                      let text = try? variant.workbook.read(reference) else { continue }
                files[id] = .some(text)
            }
            guard let measured = try variant.grade(files, runStarters: true).exercises.first(where: { $0.id == own.id }) else { continue }
            baselines[own.id] = Set(measured.tests.filter { $0.status == .pass }.map(\.name))
        }
        return baselines
    }
}
