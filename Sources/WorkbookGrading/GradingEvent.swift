/// What grading is doing, as it goes: each stage tells its sink (`Grader.events`), and
/// the command line words the events for its progress line.
public enum GradingEvent: Sendable, Equatable {
    /// The support modules, Diner and Stage, built or found.
    case compilingSupport
    /// The chapter's module (its name) from the learner's files; once more after each blame.
    case compilingModule(String)
    /// The chapter's tests against the module.
    case compilingTests
    /// The test runner, linked because some exercise has to run.
    case linking
    /// This many exercises' tests running.
    case running(exercises: Int)
    /// This many predict exercises' programs running, to compare with the predictions.
    case runningPrograms(Int)
}

/// Where a stage sends its events.
public typealias GradingEvents = @Sendable (GradingEvent) -> Void
