// Exercise 4.10 (the chapter's challenge): Time-outs and retries.

import Foundation
import Stage

/// Runs `operation` again and again until one attempt finishes, at most `attempts`
/// times in all, giving each attempt `timeout` seconds on `clock`:
///
/// * `done(.finished)` as soon as an attempt finishes;
/// * an attempt that ends any other way (`.failed`, or `.cancelled` on its own) is a
///   failure; so is one still running after `timeout` seconds, which is then
///   cancelled (its cancel closure called) and whose later reports are ignored;
/// * after a failure another attempt starts at once, until `attempts` have been made;
///   then `done(.failed(reason))` with the last attempt's reason: its own `failed`
///   reason, `"cancelled"`, or `"timed out after T s"`;
/// * its cancel closure cancels the running attempt, calls `cancelled`, then
///   `done(.cancelled)`, and no attempt follows; a cancel after `done` does nothing.
///
/// `done` is called exactly once. Progress is not reported.
///
/// Keep the run's state in a lock made by `locks.make(…)` (by default `Locks()`, plain
/// locks). The tests pass `Locks` that let a cancel in each time such a lock is let go:
/// a check under one `withLock` and its act under the next lets that cancel in between.
public func retrying(_ operation: @escaping AsyncOperation, attempts: Int, timeout: Double, clock: VirtualClock,
                     locks: Locks = Locks()) -> AsyncOperation {
    // BEGIN SOLUTION
    return { _, cancelled, done in
        let run = RetryRun(operation: operation, attempts: attempts, timeout: timeout, clock: clock, locks: locks,
                           cancelled: cancelled, done: done)
        run.start(attempt: 1)
        return { run.cancel() }
    }
    // STARTER:
    // return { _, _, done in
    //     operation(nil, nil, done)  // replace: one attempt, however long it takes, is not enough
    // }
    // END SOLUTION
}

// BEGIN SOLUTION
/// One run of `retrying`. Attempts, their timers and the caller's cancel may call
/// back from anywhere, in any order: the state sits behind one lock, and no
/// handler is called while it is locked (a handler may call straight back in).
private final class RetryRun: Sendable {
    private struct State {
        /// The attempt whose reports count; nil between attempts and once over.
        var live: Int?
        var cancelAttempt: Cancel?
        var timer: VirtualClock.Ticket?
        var cancelRequested = false
        var isOver = false
    }

    private let state: Locked<State>
    private let operation: AsyncOperation
    private let attempts: Int
    private let timeout: Double
    private let clock: VirtualClock
    private let cancelled: CancelHandler?
    private let done: DoneHandler?

    init(operation: @escaping AsyncOperation, attempts: Int, timeout: Double, clock: VirtualClock, locks: Locks,
         cancelled: CancelHandler?, done: DoneHandler?) {
        state = locks.make(State())
        self.operation = operation
        self.attempts = attempts
        self.timeout = timeout
        self.clock = clock
        self.cancelled = cancelled
        self.done = done
    }

    func start(attempt: Int) {
        let started = state.withLock { state -> Bool in
            guard !state.isOver else { return false }
            state.live = attempt
            state.cancelAttempt = nil
            return true
        }
        guard started else { return }
        let timer = clock.schedule(after: timeout) { [self] in timedOut(attempt) }
        state.withLock { if $0.live == attempt { $0.timer = timer } }
        let cancel = operation(nil, nil) { [self] outcome in ended(attempt, outcome) }
        // Keep its cancel while it runs. If the caller cancelled while it was starting,
        // nobody could cancel it yet: do it now (a finished attempt ignores a cancel).
        let cancelNow = state.withLock { state -> Bool in
            if state.live == attempt {
                state.cancelAttempt = cancel
                return false
            }
            return state.cancelRequested
        }
        if cancelNow { cancel() }
    }

    private func ended(_ attempt: Int, _ outcome: Outcome) {
        let timer = state.withLock { state -> VirtualClock.Ticket?? in
            guard state.live == attempt, !state.isOver else { return nil }
            state.live = nil
            defer { state.timer = nil }
            return .some(state.timer)
        }
        guard let timer else { return }  // a late report of an attempt given up on
        if let timer { _ = clock.cancel(timer) }
        switch outcome {
        case .finished: finish(.finished)
        case .failed(let reason): failed(attempt, reason)
        case .cancelled: failed(attempt, "cancelled")
        }
    }

    private func timedOut(_ attempt: Int) {
        let cancel = state.withLock { state -> Cancel?? in
            guard state.live == attempt, !state.isOver else { return nil }
            state.live = nil
            state.timer = nil
            defer { state.cancelAttempt = nil }
            return .some(state.cancelAttempt)
        }
        guard let cancel else { return }
        cancel?()  // whatever it reports now is ignored: it is no longer live
        failed(attempt, "timed out after \(timeout.stageText) s")
    }

    private func failed(_ attempt: Int, _ reason: String) {
        if attempt < attempts { start(attempt: attempt + 1) } else { finish(.failed(reason)) }
    }

    func cancel() {
        let taken = state.withLock { state -> (Cancel?, VirtualClock.Ticket?)? in
            guard !state.isOver else { return nil }
            state.isOver = true
            state.cancelRequested = true
            state.live = nil
            defer { state.cancelAttempt = nil; state.timer = nil }
            return (state.cancelAttempt, state.timer)
        }
        guard let (cancelAttempt, timer) = taken else { return }
        if let timer { _ = clock.cancel(timer) }
        cancelAttempt?()
        cancelled?()
        done?(.cancelled)
    }

    private func finish(_ outcome: Outcome) {
        let first = state.withLock { state -> Bool in
            guard !state.isOver else { return false }
            state.isOver = true
            return true
        }
        if first { done?(outcome) }
    }
}
// STARTER:
// END SOLUTION
