import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// Learner files refused whatever the compiler says of them, at the line that holds the
/// reason; each one's starter (a compile exercise's stand-in) takes its place (`Blame.refuse`).
struct BuildRefusals {
    let toolchain: SwiftToolchain
    let paths: LearnerPaths
    let exercises: [Exercise]

    /// A learner's `#sourceLocation` makes the compiler name another file for the
    /// learner's own errors, so every exercise of the chapter was blamed (measured); a
    /// public operator or extension of a shared type changes the tests (`ReachIntoTests`);
    /// a construct the exercise's statement forbids silences what it asks for (`ForbiddenScan`).
    func refuseUnsafeSources(_ plan: GradingPlan) -> GradingPlan {
        var next = plan
        for entry in plan.entries where entry.current.submission.origin == .learner {
            let shown = paths.displayPath(of: entry.current.submission)
            guard let text = entry.current.text, let exercise = exercises.first(where: { $0.id == entry.exercise }) else { continue }
            let reference = entry.reference?.text ?? ""
            let key = RefusalKey(exercise: exercise.id.description, text: text, reference: reference, forbids: exercise.forbids,
                                 allows: exercise.allows, shownPath: shown)
            if let refusal = Self.refusals.value(for: key, { Self.refusal(key, exercise: exercise) }) {
                next = Blame.refuse(exercise.id, refusal, in: next)
            }
        }
        return next
    }

    /// What a refusal of one learner file depends on: its exercise (named in the words),
    /// its text, its reference's (whose public operators it may declare too), what its
    /// exercise forbids, and how it is named.
    private struct RefusalKey: Hashable {
        var exercise: String
        var text: String
        var reference: String
        var forbids: [String]
        var allows: [String]
        var shownPath: String
    }

    /// Every grading scans every learner file (tokenized up to five times), though mostly
    /// the same texts again: in `workbook mutate`, which grades a chapter once per mutant,
    /// the scans were a quarter of the tool's own CPU (perf).
    private static let refusals = BoundedMemo<RefusalKey, String?>(limit: 512)

    private static func refusal(_ key: RefusalKey, exercise: Exercise) -> String? {
        if let line = ReachIntoTests.sourceLocationLine(key.text) {
            return "\(key.shownPath):\(line):1: error: `#sourceLocation` would make the compiler's messages name another file; remove it"
        }
        return ReachIntoTests.refusal(learner: key.text, reference: key.reference, shownPath: key.shownPath)
            ?? ForbiddenScan.refusal(key.text, exercise: exercise, shownPath: key.shownPath)
            ?? UnsafeMemoryScan.refusal(key.text, allows: key.allows, shownPath: key.shownPath)
    }

    /// A learner's file the compiler found unsafe constructs in (`UnsafeMemoryScan`) is
    /// refused at the first, and its starter stands in, as for `refuseInterposition`.
    func refuseUnsafeMemory(_ module: IncrementalModuleBuilder.Built, _ plan: GradingPlan) -> InterpositionOutcome {
        var next = plan
        var replaced = false
        for entry in plan.entries where entry.current.submission.origin == .learner {
            guard let position = module.index(of: entry.current.submission.file), position < module.warnings.count,
                  let exercise = exercises.first(where: { $0.id == entry.exercise }),
                  let refusal = UnsafeMemoryScan.refusal(warnings: module.warnings[position], allows: exercise.allows,
                                                         shownPath: paths.displayPath(of: entry.current.submission))
            else { continue }
            next = Blame.refuse(entry.exercise, refusal, in: next)
            if next.entry(entry.exercise)?.current == entry.current { return .cannotReplace(next, refusal) }
            replaced = true
        }
        return replaced ? .replaced(next) : .none
    }

    enum InterpositionOutcome {
        case none
        case replaced(GradingPlan)
        /// Refused with nothing to stand in: the plan with the finding, and its words.
        case cannotReplace(GradingPlan, String)
    }

    /// A learner's file whose object defines a name the system libraries define is
    /// refused (`Interposition`) and its starter (a compile exercise's reference) stands in.
    /// 1.5–2.4 ms for a whole chapter's objects (75–182 names) plus 0.8 ms to open the libraries (measured).
    func refuseInterposition(_ module: IncrementalModuleBuilder.Built, _ plan: GradingPlan) -> InterpositionOutcome {
        let learner = plan.entries.filter { $0.current.submission.origin == .learner }
        guard !learner.isEmpty, let libraries = SystemLibraries.load(swiftc: toolchain.swiftc) else { return .none }
        var next = plan
        var replaced = false
        for entry in learner {
            guard let position = module.index(of: entry.current.submission.file), position < module.objects.count,
                  let text = try? String(contentsOf: entry.current.submission.file, encoding: .utf8),
                  let refusal = Interposition.refusal(object: module.objects[position], source: text,
                                                      shownPath: paths.displayPath(of: entry.current.submission), libraries: libraries)
            else { continue }
            next = Blame.refuse(entry.exercise, refusal, in: next)
            if next.entry(entry.exercise)?.current == entry.current { return .cannotReplace(next, refusal) }
            replaced = true
        }
        return replaced ? .replaced(next) : .none
    }
}
