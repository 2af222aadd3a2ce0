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
            if let line = ReachIntoTests.sourceLocationLine(text) {
                next = Blame.refuse(exercise.id, "\(shown):\(line):1: error: "
                    + "`#sourceLocation` would make the compiler's messages name another file; remove it", in: next)
            } else if let refusal = ReachIntoTests.refusal(learner: text, reference: reference, shownPath: shown)
                        ?? ForbiddenScan.refusal(text, exercise: exercise, shownPath: shown) {
                next = Blame.refuse(exercise.id, refusal, in: next)
            }
        }
        return next
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
