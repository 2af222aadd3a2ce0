import Foundation
import Testing
@testable import WorkbookGrading
@testable import WorkbookModel
import WorkbookToolchain

/// A chapter-3 plan on paper: no file is read, no compiler runs.
private enum Paper {
    static func id(_ number: Int) -> ExerciseID { ExerciseID(chapter: 3, number: number) }
    static func learner(_ number: Int) -> String { "/w/exercises/03-q/Ex\(number).swift" }
    static func reference(_ number: Int) -> String { "/w/Sources/Chapter03Q/Ex\(number).swift" }
    static func starter(_ number: Int) -> String { "/w/.workbook/cache/starters/03-q/Ex\(number).swift" }
    static func leftOut(_ number: Int) -> String { "/w/.workbook/cache/left-out/03-q/Ex\(number).swift" }
    static func tests(_ number: Int) -> String { "/w/Tests/Chapter03QTests/Ex\(number)Tests.swift" }

    static func file(_ number: Int, _ path: String, _ origin: Submission.Origin, isStarter: Bool = false, text: String = "") -> GradingPlan.File {
        GradingPlan.File(submission: Submission(exercise: id(number), file: URL(fileURLWithPath: path), origin: origin, isStarter: isStarter), text: text)
    }

    /// Exercise `number`, its learner's file written (`text`), a compile exercise when `starterCompiles` is false.
    static func entry(_ number: Int, starterCompiles: Bool = true, current: GradingPlan.File? = nil,
                      text: String = "", referenceText: String = "") -> GradingPlan.Entry {
        GradingPlan.Entry(
            exercise: id(number), starterCompiles: starterCompiles,
            current: current ?? file(number, learner(number), .learner, text: text),
            reference: file(number, reference(number), .reference, text: referenceText),
            starter: file(number, starter(number), .starter, isStarter: true),
            leftOut: file(number, leftOut(number), .leftOut),
            testsFile: URL(fileURLWithPath: tests(number)))
    }

    static func plan(_ entries: [GradingPlan.Entry], set: SubmissionSet = .workspace, isRelease: Bool = false) -> GradingPlan {
        GradingPlan(submissionSet: set, isRelease: isRelease, entries: entries)
    }

    static func error(_ path: String, _ line: Int = 1, _ message: String = "cannot find 'x' in scope") -> String {
        "\(path):\(line):5: error: \(message)\n"
    }
}

@Suite("Blame: which learner files a failed build is blamed on, and what stands in for them")
struct BlameTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var plan: GradingPlan
        var diagnostics: String
        var phase: BuildFinding.Phase = .module
        /// Each exercise's origin afterwards, by number.
        var origins: [Int: Submission.Origin]
        var broken: Set<Int>
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "an error in the learner's 3.2 file: 3.2 is blamed and its starter stands in, the rest are kept",
             plan: Paper.plan([Paper.entry(1), Paper.entry(2), Paper.entry(3)]), diagnostics: Paper.error(Paper.learner(2)),
             origins: [1: .learner, 2: .starter, 3: .learner], broken: [2]),
        Case(name: "errors in two files (3.2 calling what 3.1 got wrong): both are blamed in one round",
             plan: Paper.plan([Paper.entry(1), Paper.entry(2), Paper.entry(3)]),
             diagnostics: Paper.error(Paper.learner(1)) + Paper.error(Paper.learner(2), 4, "cannot find 'makeQueue' in scope"),
             origins: [1: .starter, 2: .starter, 3: .learner], broken: [1, 2]),
        Case(name: "no errors (warnings only): the plan is unchanged",
             plan: Paper.plan([Paper.entry(1), Paper.entry(2)]),
             diagnostics: "\(Paper.learner(1)):3:9: warning: variable 'x' was never mutated\n",
             origins: [1: .learner, 2: .learner], broken: []),
        Case(name: "errors only in a file not in the plan (a support file): nobody is blamed",
             plan: Paper.plan([Paper.entry(1), Paper.entry(2)]), diagnostics: Paper.error("/w/Sources/Chapter03Q/Support.swift"),
             origins: [1: .learner, 2: .learner], broken: []),
        Case(name: "an error in a starter already standing in: nothing new to blame",
             plan: Paper.plan([Paper.entry(1, current: Paper.file(1, Paper.starter(1), .starter, isStarter: true))]),
             diagnostics: Paper.error(Paper.starter(1)), origins: [1: .starter], broken: []),
        Case(name: "a compile exercise's file that does not compile: its reference stands in",
             plan: Paper.plan([Paper.entry(9, starterCompiles: false), Paper.entry(10)]), diagnostics: Paper.error(Paper.learner(9)),
             origins: [9: .reference, 10: .learner], broken: [9]),
        Case(name: "in a student release a compile exercise is left out instead",
             plan: Paper.plan([Paper.entry(9, starterCompiles: false)], isRelease: true), diagnostics: Paper.error(Paper.learner(9)),
             origins: [9: .leftOut], broken: [9]),
        Case(name: "a compile exercise's reference that does not compile is not blamed again",
             plan: Paper.plan([Paper.entry(9, starterCompiles: false, current: Paper.file(9, Paper.reference(9), .reference, isStarter: true))]),
             diagnostics: Paper.error(Paper.reference(9)), origins: [9: .reference], broken: []),
        Case(name: "verify's starters: a starter that does not compile is that exercise's finding, its reference stands in",
             plan: Paper.plan([Paper.entry(1, current: Paper.file(1, Paper.starter(1), .starter, isStarter: true)),
                               Paper.entry(2, current: Paper.file(2, Paper.starter(2), .starter, isStarter: true))], set: .starters),
             diagnostics: Paper.error(Paper.starter(1)), origins: [1: .reference, 2: .starter], broken: [1]),
        Case(name: "verify's starters: a reference standing in that does not compile is not blamed again",
             plan: Paper.plan([Paper.entry(1, current: Paper.file(1, Paper.reference(1), .reference, isStarter: true))], set: .starters),
             diagnostics: Paper.error(Paper.reference(1)), origins: [1: .reference], broken: []),
        Case(name: "the tests' compile: an error in 3.2's tests file blames 3.2",
             plan: Paper.plan([Paper.entry(1), Paper.entry(2)]), diagnostics: Paper.error(Paper.tests(2)), phase: .tests,
             origins: [1: .learner, 2: .starter], broken: [2]),
        Case(name: "the tests' compile: an error in the learner's file itself blames nobody there",
             plan: Paper.plan([Paper.entry(1)]), diagnostics: Paper.error(Paper.learner(1)), phase: .tests,
             origins: [1: .learner], broken: []),
    ]

    @Test("blames and stands in as the policy says", arguments: cases)
    func blames(_ example: Case) {
        let after = Blame.apply(CompilerDiagnostics(example.diagnostics), phase: example.phase, to: example.plan)
        let origins = Dictionary(uniqueKeysWithValues: after.entries.map { ($0.exercise.number, $0.current.submission.origin) })
        #expect(origins == example.origins)
        #expect(Set(after.broken.keys.map(\.number)) == example.broken)
        if example.broken.isEmpty { #expect(after == example.plan) }
    }

    @Test("a blamed file's finding holds the compiler's errors in that file only, of the compile that failed")
    func findingHoldsItsOwnErrors() {
        let diagnostics = CompilerDiagnostics(Paper.error(Paper.learner(1), 2, "expected '{'") + Paper.error(Paper.learner(2), 7, "cannot find 'y' in scope"))
        let after = Blame.apply(diagnostics, phase: .module, to: Paper.plan([Paper.entry(1), Paper.entry(2)]))
        guard case .diagnostics(.module, let entries) = after.broken[Paper.id(2)] else {
            Issue.record("3.2's finding: \(String(describing: after.broken[Paper.id(2)]))")
            return
        }
        #expect(entries.map(\.line) == [7])
        #expect(entries.allSatisfy { $0.path == Paper.learner(2) })
    }

    @Test("a stand-in for a compile exercise's untouched starter is still graded as the starter")
    func standInKeepsTheStarterFlag() {
        let untouched = Paper.file(9, Paper.learner(9), .learner, isStarter: true)
        let after = Blame.apply(CompilerDiagnostics(Paper.error(Paper.learner(9))), phase: .module,
                                to: Paper.plan([Paper.entry(9, starterCompiles: false, current: untouched)]))
        #expect(after.entries[0].current.submission.origin == .reference)
        #expect(after.entries[0].current.submission.isStarter)
    }

    @Test("an invalid redeclaration is blamed on the file whose reference does not declare the name, at its line")
    func redeclarationBlamesTheCulprit() {
        let plan = Paper.plan([
            Paper.entry(1, text: "public let label = \"a\"\n", referenceText: "public let label = \"a\"\n"),
            Paper.entry(4, text: "func load() {}\npublic let label = \"x\"\n", referenceText: "func load() {}\n"),
        ])
        // The compiler named 3.1's file, which is right.
        let diagnostics = CompilerDiagnostics(Paper.error(Paper.learner(1), 1, "invalid redeclaration of 'label'"))
        let after = Blame.apply(diagnostics, phase: .module, to: plan)
        #expect(after.entries.map(\.current.submission.origin) == [.learner, .starter])
        #expect(after.broken[Paper.id(1)] == nil)
        guard case .redeclaration(.module, let culprit, let line, let name, let declaredBy, let theirs) = after.broken[Paper.id(4)] else {
            Issue.record("3.4's finding: \(String(describing: after.broken[Paper.id(4)]))")
            return
        }
        #expect(culprit.file.path == Paper.learner(4))
        #expect(line == 2)
        #expect(name == "label")
        #expect(declaredBy == Paper.learner(1))
        #expect(theirs.map(\.line) == [1])
    }

    @Test("the first finding stays: a file refused before the build keeps its refusal")
    func firstFindingStays() {
        let refused = Blame.refuse(Paper.id(1), "Ex1.swift:3:1: error: refused", in: Paper.plan([Paper.entry(1)]))
        #expect(refused.entries[0].current.submission.origin == .starter)
        var again = refused
        again.entries[0].current = Paper.file(1, Paper.learner(1), .learner)
        let after = Blame.apply(CompilerDiagnostics(Paper.error(Paper.learner(1))), phase: .module, to: again)
        #expect(after.broken[Paper.id(1)] == .worded("Ex1.swift:3:1: error: refused"))
    }

    @Test("a refused compile exercise's file: its reference stands in, as for a build error")
    func refusedCompileExercise() {
        let after = Blame.refuse(Paper.id(9), "refused", in: Paper.plan([Paper.entry(9, starterCompiles: false)]))
        #expect(after.entries[0].current.submission.origin == .reference)
        #expect(after.broken[Paper.id(9)] == .worded("refused"))
    }
}
