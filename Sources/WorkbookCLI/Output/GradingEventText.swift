import WorkbookGrading
import WorkbookMutation

extension GradingEvent {
    /// The event as the progress line (and `WORKBOOK_TIMINGS=1`'s phases) say it.
    var progressText: String {
        switch self {
        case .compilingSupport: return "compiling Diner and Stage"
        case .compilingModule(let name): return "compiling \(name)"
        case .compilingTests: return "compiling the tests"
        case .linking: return "linking the tests"
        case .running(let count): return "running \(count) exercise\(count == 1 ? "" : "s")"
        case .runningPrograms(let count): return "running \(count == 1 ? "the program" : "\(count) programs") to compare"
        }
    }
}

extension MutationProgress {
    /// As `mutate`'s progress line says it.
    var progressText: String { "chapter \(chapter): mutant \(graded) of \(of)" }
}
