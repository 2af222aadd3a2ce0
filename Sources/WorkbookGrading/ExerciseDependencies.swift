import Foundation
import WorkbookModel

/// Which other exercises' files an exercise's tests run, read from the symbol tables
/// (`TestReach`): the test object's needs, followed through the module's objects. Used
/// to say "4.2 uses `Move.target` from your Ex1_Moves.swift (exercise 4.1, failing)"
/// before 4.2's own failures, which may well be 4.1's.
struct ExerciseDependencies {
    let reach: TestReach
    let inputs: RunnerInputs
    let submissions: [Submission]

    init(reach: TestReach, inputs: RunnerInputs, submissions: [Submission]) {
        self.reach = reach
        self.inputs = inputs
        self.submissions = submissions
    }

    /// The other exercises whose files `exercise`'s tests reach, in chapter order.
    func of(_ exercise: Exercise) -> [ExerciseID] {
        guard let testsFile = exercise.testsFile,
              var reached = reach.reachable(from: inputs.tests.object(for: testsFile)) else { return [] }
        // Its hidden tests (a teacher's grading) run in the same suite.
        if let hidden = HiddenTests.file(forTests: testsFile), FileManager.default.fileExists(atPath: inputs.tests.object(for: hidden).path) {
            reached += reach.reachable(from: inputs.tests.object(for: hidden)) ?? []
        }
        let paths = Set(reached.compactMap { index -> String? in
            guard index < inputs.module.sources.count else { return nil }
            return URL(fileURLWithPath: inputs.module.sources[index].path).standardizedFileURL.path
        })
        return submissions.filter { $0.exercise != exercise.id && paths.contains($0.file.standardizedFileURL.path) }
            .map(\.exercise).sorted()
    }

    /// What of `dependency`'s file the exercise's own file and tests name (`Move.target`), a few at most.
    static func names(usedBy texts: [String], from dependencyFile: URL) -> [String] {
        guard let text = FileManager.default.contents(atPath: dependencyFile.path).map({ String(decoding: $0, as: UTF8.self) })
        else { return [] }
        let declarations = Declarations(source: text)
        let used = declarations.used(in: texts.joined(separator: "\n"))
        let members = used.filter { $0.qualifiedName.contains(".") || !Declarations.isTypeName($0, in: declarations) }
        var seen: Set<String> = []
        return (members.isEmpty ? used : members).map(\.qualifiedName).filter { seen.insert($0).inserted }.prefix(3).map { $0 }
    }
}

extension GradeStatus {
    /// The status in a few words, as a dependency note says it: "failing", "not started".
    public var word: String {
        switch self {
        case .passed: return "passing"
        case .failed: return "failing"
        case .crashed: return "crashing"
        case .timedOut: return "timing out"
        case .doesNotCompile: return "does not compile"
        case .notStarted: return "not started"
        }
    }
}
