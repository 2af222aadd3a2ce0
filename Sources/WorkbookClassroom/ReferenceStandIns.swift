import Foundation
import WorkbookModel
import WorkbookGrading

/// One mistake, one deduction: an exercise whose tests fail while they reach another
/// exercise's failing code (`ExerciseGrade.dependencies`, what `check`'s "needs 4.1
/// first" note says) is graded again with that exercise's reference standing in for the
/// student's file, and earns its own marks — the better of the two gradings, so the
/// rule never costs a student anything. The teacher has the references; a student
/// release does not, which is why `check` only notes it.
struct ReferenceStandIns {
    let variant: ChapterVariant

    func apply(to grade: ChapterGrade) throws -> ChapterGrade {
        var grade = grade
        for index in grade.exercises.indices {
            let own = grade.exercises[index]
            guard !own.passed, !own.dependencies.isEmpty else { continue }
            var files: [ExerciseID: String?] = [:]
            for exercise in variant.chapter.exercises { files[exercise.id] = .some(nil) }
            var standIns: [Dependency] = []
            for dependency in own.dependencies {
                guard let id = ExerciseID(dependency.exercise),
                      let reference = variant.chapter.exercises.first(where: { $0.id == id })?.referenceFile,
                      let text = try? variant.workbook.read(reference) else { continue }
                files[id] = .some(text)
                standIns.append(dependency)
            }
            guard !standIns.isEmpty, var again = try variant.grade(files, runStarters: false).exercises.first(where: { $0.id == own.id })
            else { continue }
            guard again.passed || Self.passing(again) > Self.passing(own) else { continue }
            again.standIns = standIns
            grade.exercises[index] = again
        }
        return grade
    }

    private static func passing(_ grade: ExerciseGrade) -> Int { grade.tests.filter { $0.status == .pass }.count }
}
