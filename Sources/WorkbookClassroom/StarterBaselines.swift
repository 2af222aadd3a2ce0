import Foundation
import WorkbookModel
import WorkbookGrading

/// The tests an exercise's untouched starter passes among the student's own other files
/// (those its tests reach, as they were graded: a reference that stood in stays in), so a
/// no-op edit earns 0 whatever the student solved around it. Measured only for an
/// exercise that fails while its tests reach another exercise's written file; otherwise
/// the class-wide baseline (`ClassGrader.starterPasses`, every exercise at its starter)
/// is the same thing. The variant holds only the starter and the files reached, so the
/// students whose reached files are the same share one measurement (the grader's cache).
struct StarterBaselines {
    let variant: ChapterVariant

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
