import Foundation
import WorkbookModel
import WorkbookToolchain
import WorkbookGrading

/// One mistake, one deduction: an exercise whose tests fail while they reach another
/// exercise's failing code (`ExerciseGrade.dependencies`, what `check`'s "needs 4.1
/// first" note says, and `possibleDependencies`, a file the tests can merely reach) is
/// graded again with that exercise's reference standing in for the student's file, and
/// earns its own marks — the better of the two gradings, so the rule never costs a
/// student anything. That grading is also what establishes a possible dependency: when
/// the reference in place changes nothing, the other file was not what failed, and no
/// note names it (4.6's tests reach 4.1's file through the chapter's scenes and never
/// call `Move.target`). `check` asks the same question (`noteEstablished`) but keeps the
/// student's own grade; a student release has no references, so there only the chapter's
/// `Uses:` line and a crash's trace establish one.
public struct ReferenceStandIns {
    let variant: ChapterVariant

    init(variant: ChapterVariant) {
        self.variant = variant
    }

    /// `check`'s grades, each failing exercise's possible dependencies settled: those whose
    /// reference in place makes it pass, or pass more tests, become its noted dependencies.
    public static func noteEstablished(in grade: ChapterGrade, workbook: Workbook, chapter: Chapter,
                                       toolchain: SwiftToolchain, options: Grader.Options) throws -> ChapterGrade {
        guard grade.exercises.contains(where: { !$0.passed && !$0.possibleDependencies.isEmpty }) else { return grade }
        let variant = ChapterVariant(workbook: workbook, chapter: chapter, options: options, toolchain: toolchain)
        return try ReferenceStandIns(variant: variant).settle(grade, replacing: false)
    }

    /// `grade`'s rule: an exercise the references raise is graded with them in place.
    func apply(to grade: ChapterGrade) throws -> ChapterGrade {
        try settle(grade, replacing: true)
    }

    private func settle(_ grade: ChapterGrade, replacing: Bool) throws -> ChapterGrade {
        var grade = grade
        for index in grade.exercises.indices {
            let own = grade.exercises[index]
            let candidates = own.dependencies + own.possibleDependencies
            guard !own.passed, !candidates.isEmpty, replacing || !own.possibleDependencies.isEmpty else { continue }
            var files: [ExerciseID: String?] = [:]
            for exercise in variant.chapter.exercises { files[exercise.id] = .some(nil) }
            var standIns: [Dependency] = []
            for dependency in candidates {
                guard let id = ExerciseID(dependency.exercise), let text = reference(of: id) else { continue }
                files[id] = .some(text)
                standIns.append(dependency)
            }
            guard !standIns.isEmpty, var again = try variant.grade(files, runStarters: false).exercises.first(where: { $0.id == own.id })
            else { continue }
            guard again.passed || Self.passing(again) > Self.passing(own) else { continue }
            if replacing {
                again.standIns = standIns
                grade.exercises[index] = again
            } else {
                let noted = candidates.filter { standIns.contains($0) || own.dependencies.contains($0) }
                grade.exercises[index].dependencies = noted
                grade.exercises[index].possibleDependencies = candidates.filter { !noted.contains($0) }
            }
        }
        return grade
    }

    /// The reference of `id`, when the workbook has one: a student release's module files
    /// are the starters, and a starter stands in for nothing.
    private func reference(of id: ExerciseID) -> String? {
        guard let exercise = variant.chapter.exercises.first(where: { $0.id == id }), let file = exercise.referenceFile,
              let text = try? variant.workbook.read(file) else { return nil }
        if let starter = try? variant.workbook.starter(for: exercise), starter == text { return nil }
        return text
    }

    private static func passing(_ grade: ExerciseGrade) -> Int { grade.tests.filter { $0.status == .pass }.count }
}
