import Foundation
import Stage

/// How an asynchronous operation ended.
public enum Outcome: Sendable, Equatable, CustomStringConvertible {
    case finished
    case cancelled
    case failed(String)

    public var description: String {
        switch self {
        case .finished: "finished"
        case .cancelled: "cancelled"
        case .failed(let reason): "failed (\(reason))"
        }
    }
}

/// How far a sequence has got: `completed` of its `total` steps are done.
public struct StepProgress: Sendable, Equatable, CustomStringConvertible {
    public var completed: Int
    public var total: Int

    public init(completed: Int, total: Int) {
        self.completed = completed
        self.total = total
    }

    public var description: String { "\(completed)/\(total)" }
}

public typealias ProgressHandler = @Sendable (StepProgress) -> Void
public typealias CancelHandler = @Sendable () -> Void
public typealias DoneHandler = @Sendable (Outcome) -> Void
/// Call it to ask a running operation to stop.
public typealias Cancel = @Sendable () -> Void

/// An asynchronous operation as a closure — the seed's `JFFAsyncOperation`.
///
/// Calling it starts the work and returns, at once, a `Cancel` closure. Then:
/// * `progress` may be called any number of times while it works;
/// * `cancelled` is called once if the operation stops because it was cancelled;
/// * `done` is called **exactly once**, last, with how it ended.
/// Any handler may be `nil`, and any may be called before the operation returns.
public typealias AsyncOperation = @Sendable (
    _ progress: ProgressHandler?, _ cancelled: CancelHandler?, _ done: DoneHandler?
) -> Cancel

/// One move as an asynchronous operation, the way the seed wrote it: done is
/// called when the animation ends, and cancel does nothing (exercise 4.5 fixes that).
public func moveOperation(_ move: Move, in scene: ButtonScene) -> AsyncOperation {
    { _, _, done in
        // An `AsyncOperation` promises nothing about threads, and a move touches the
        // UI: the compiler cannot check where it is started, so this checks it at run
        // time (and stops the program when a move is started off the main actor).
        MainActor.assumeIsolated {
            _ = scene.animator.animate(withDuration: ButtonScene.stepDuration) {
                scene.button.frame = move.target(for: scene.button, in: scene.container)
            } completion: { _ in
                done?(.finished)
            }
        }
        return {}
    }
}

/// Combines `operations` into one operation that runs them one after another —
/// the seed's `sequenceOfAsyncOperations`.
///
/// * Each operation starts only when the one before it is done with `.finished`.
/// * After each step that finishes, `progress` reports `completed/total`.
/// * `done` is called exactly once: `.finished` after the last step (at once for
///   an empty list), or the first outcome that is not `.finished` — and then no
///   later step starts.
/// * Cancelling cancels the running step; no later step starts, `cancelled` is
///   called, and `done` reports `.cancelled` — even if the step finishes anyway, and
///   even when the cancel comes from the last step's progress report, or while a step
///   is starting (before it has returned its cancel closure).
/// * A step that breaks the contract and calls `done` again, with any outcome, is not
///   heard the second time. Two cancels at once cancel the running step once.
///
/// Keep the run's state in a lock made by `locks.make(…)` (by default `Locks()`, plain
/// locks). The tests pass `Locks` that let a step's second `done` in each time such a
/// lock is let go: a check under one `withLock` and its act under the next lets it in
/// between.
public func sequence(_ operations: [AsyncOperation], locks: Locks = Locks()) -> AsyncOperation {
    // BEGIN SOLUTION
    return { progress, cancelled, done in
        let run = SequenceRun(operations: operations, locks: locks, progress: progress, cancelled: cancelled, done: done)
        run.start(step: 0)
        return { run.cancel() }
    }
    // STARTER:
    // return { _, _, done in
    //     done?(.finished)  // replace: run each operation after the previous one is done
    //     return {}
    // }
    // END SOLUTION
}

// BEGIN SOLUTION
/// One run of a sequence. Steps call back from wherever they like, so the state
/// sits behind one lock — and no handler is ever called while it is locked,
/// because a handler may call straight back in (a step may even finish before
/// it returns its cancel closure).
private final class SequenceRun: Sendable {
    private struct State {
        var step = 0  // the step running now; bumped when it ends
        var cancelStep: Cancel?
        var cancelRequested = false
    }

    private let state: Locked<State>
    private let operations: [AsyncOperation]
    private let progress: ProgressHandler?
    private let cancelled: CancelHandler?
    private let done: DoneHandler?

    init(operations: [AsyncOperation], locks: Locks, progress: ProgressHandler?,
         cancelled: CancelHandler?, done: DoneHandler?) {
        state = locks.make(State())
        self.operations = operations
        self.progress = progress
        self.cancelled = cancelled
        self.done = done
    }

    func start(step: Int) {
        // A cancel first: one that came as the last step's progress was reported
        // still ends the run cancelled.
        if state.withLock({ $0.cancelRequested }) { return finish(.cancelled) }
        guard step < operations.count else { return finish(.finished) }
        let cancelStep = operations[step](nil, nil) { [self] outcome in ended(step: step, outcome) }
        let cancelNow = state.withLock { state -> Bool in
            // A step that was done before it returned has moved the run on (or ended
            // it): its cancel closure is stale. Otherwise keep it, and call it now if a cancel came
            // while the step was starting, when nobody could call it yet.
            guard state.step == step else { return false }
            state.cancelStep = cancelStep
            return state.cancelRequested
        }
        if cancelNow { cancelStep() }
    }

    func cancel() {
        let cancelStep = state.withLock { state -> Cancel? in
            guard !state.cancelRequested else { return nil }
            state.cancelRequested = true
            return state.cancelStep
        }
        cancelStep?()
    }

    private func ended(step: Int, _ outcome: Outcome) {
        // Checked and moved on under one lock: a second `done` from the same step, even
        // one that comes while this one is still being handled, finds the step moved on.
        let current = state.withLock { state -> Bool in
            guard state.step == step else { return false }
            state.step += 1
            state.cancelStep = nil
            return true
        }
        guard current else { return }
        guard outcome == .finished else { return finish(outcome) }
        progress?(StepProgress(completed: step + 1, total: operations.count))
        // One call deeper per step that is done before it returns: fine for a tour,
        // not for 100,000 such steps in a row (a loop would be needed then).
        start(step: step + 1)
    }

    /// Called once per run: only the current step's first report, or the start of the
    /// step after the last one, gets here, and either way no step runs after it.
    private func finish(_ outcome: Outcome) {
        if outcome == .cancelled { cancelled?() }
        done?(outcome)
    }
}
// STARTER:
// // Helper types you write for `sequence` can go here.
// END SOLUTION
