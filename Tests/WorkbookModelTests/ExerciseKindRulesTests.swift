import Testing
import WorkbookModel

/// The rules each kind of exercise follows, pinned as a table: a kind's rule changes only
/// on purpose, and a new kind must be added here as it is to `ExerciseKindRules.swift`.
@Suite("What each kind of exercise means to the tool")
struct ExerciseKindRulesTests {
    struct Rules: Equatable, CustomStringConvertible {
        var judge: Exercise.Kind.Judge
        var starterCompiles: Bool
        var canBeUsedByOthers: Bool
        var label: String?
        var threadSanitizer = false
        var description: String {
            "\(judge), starter compiles: \(starterCompiles), usable: \(canBeUsedByOthers), label: \(label ?? "none"), TSan: \(threadSanitizer)"
        }
    }

    static let expected: [Exercise.Kind: Rules] = [
        .write: Rules(judge: .tests, starterCompiles: true, canBeUsedByOthers: true, label: nil),
        .compile: Rules(judge: .tests, starterCompiles: false, canBeUsedByOthers: false, label: "compile"),
        .predict: Rules(judge: .prediction, starterCompiles: true, canBeUsedByOthers: false, label: "predict"),
        .race: Rules(judge: .tests, starterCompiles: true, canBeUsedByOthers: false, label: "race", threadSanitizer: true),
    ]

    @Test("Every kind has its rules, and they are the ones the chapter format documents", arguments: Exercise.Kind.allCases)
    func rules(of kind: Exercise.Kind) throws {
        let expected = try #require(Self.expected[kind], "kind \(kind) has no row in the table")
        let actual = Rules(judge: kind.judge, starterCompiles: kind.starterCompiles, canBeUsedByOthers: kind.canBeUsedByOthers, label: kind.label,
                           threadSanitizer: kind.runsUnderThreadSanitizer)
        #expect(actual == expected)
    }

    @Test("An exercise has a cell in a class's grades when its reference and what judges it are there")
    func gradable() {
        let location = SourceLocation(path: "chapters/01-blocks.md", line: 3)
        var exercise = Exercise(id: ExerciseID(chapter: 1, number: 1), title: "t", location: location, headingLevel: 2)
        #expect(!exercise.isGradable, "no reference")
        exercise.referenceFile = "Sources/Chapter01Blocks/Ex1_Add.swift"
        #expect(!exercise.isGradable, "a write exercise without its tests file")
        exercise.testsFile = "Tests/Chapter01BlocksTests/Ex1_AddTests.swift"
        #expect(exercise.isGradable)
        exercise.kind = .predict
        exercise.referenceFile = "Sources/Predictions/01-blocks/Ex1.txt"
        exercise.testsFile = nil
        #expect(exercise.isGradable, "a prediction is judged against its program's output")
    }
}
