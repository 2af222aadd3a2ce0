import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// What is noted on the grades once the tests ran: the compiler's warnings in the
/// learner's file, the failing exercises whose code a failing exercise's tests use, and
/// the escape hatches a written file uses. Never a grade's status.
struct GradeNotes {
    let paths: LearnerPaths

    /// "4.2 uses `Move.target` from your Ex1_Moves.swift (exercise 4.1, failing)", on each
    /// failing exercise whose tests run another failing exercise's code — where that is
    /// established: the chapter says the exercise uses the other (`Uses: 4.2`), or the
    /// crash's trace is in the other's file. A file the tests merely can reach (the symbol
    /// tables) is only a possible dependency, for a reference to settle
    /// (`ExerciseGrade.possibleDependencies`).
    func noteDependencies(_ grades: inout [ExerciseGrade], _ dependencies: ExerciseDependencies, exercises: [Exercise], submissions: [Submission]) {
        let workbook = paths.workbook
        for index in grades.indices where !grades[index].passed && grades[index].status != .notStarted && grades[index].status != .doesNotCompile {
            guard let exercise = exercises.first(where: { $0.id == grades[index].id }) else { continue }
            let reached = dependencies.of(exercise)
            grades[index].usesCodeOf = reached.map(\.description)  // issue 55: `grade`'s baseline
            let found = reached.compactMap { id -> Dependency? in
                guard let other = grades.first(where: { $0.id == id }), !other.passed,
                      let file = submissions.first(where: { $0.exercise == id })?.file else { return nil }
                let own = [submissions.first(where: { $0.exercise == exercise.id })?.file, exercise.testsFile.map(workbook.url)]
                    .compactMap { $0 }.compactMap { FileManager.default.contents(atPath: $0.path) }.map { String(decoding: $0, as: UTF8.self) }
                return Dependency(exercise: id.description, file: other.learnerFile,
                                  names: ExerciseDependencies.names(usedBy: own, from: file), status: other.status.word)
            }
            let grade = grades[index]
            let established = found.filter { dependency in
                exercise.uses.contains { $0.description == dependency.exercise }
                    || (grade.status == .crashed && !dependency.file.isEmpty && grade.message.contains(dependency.file + ":"))
            }
            grades[index].dependencies = established
            grades[index].possibleDependencies = found.filter { !established.contains($0) }
        }
    }

    /// The escape hatches a written submission uses (a starter is the workbook's, not the learner's).
    func escapeHatches(in submission: Submission, allowed: [String]) -> [EscapeHatch] {
        guard !submission.isStarter, submission.file.pathExtension == "swift",
              let data = FileManager.default.contents(atPath: submission.file.path) else { return [] }
        let key = ScanKey(text: String(decoding: data, as: UTF8.self), path: paths.displayPath(of: submission), allowed: allowed)
        return Self.scans.value(for: key) { EscapeHatchScan.scan(key.text, path: key.path, allowed: key.allowed) }
    }

    private struct ScanKey: Hashable {
        var text: String
        var path: String
        var allowed: [String]
    }

    /// Every grading scans every written file, mostly the same texts again: `mutate`
    /// grades a chapter once per mutant (the scans were 2.6% of its CPU, perf).
    private static let scans = BoundedMemo<ScanKey, [EscapeHatch]>(limit: 512)

    /// The compiler's warnings in the learner's own file for `id`, paths as the learner reads them.
    func warnings(of id: ExerciseID, in inputs: RunnerInputs, submissions: [Submission]) -> String {
        guard let submission = submissions.first(where: { $0.exercise == id }), submission.origin == .learner else { return "" }
        let path = submission.file.standardizedFileURL.path
        guard let index = inputs.module.index(of: submission.file), index < inputs.module.warnings.count else { return "" }
        let text = inputs.module.warnings[index].trimmingCharacters(in: .whitespacesAndNewlines)
        return CompilerDiagnostics.shorten(text, replacing: [(submission.file.path, paths.displayPath(of: submission)), (path, paths.displayPath(of: submission))])
    }
}
