// Exercise 3.10 (the chapter's challenge): Debounce the search box.

import Dispatch
import Stage

/// Runs `action` once the calls to `call()` have paused: each call puts the run off
/// until `delay` seconds after it, so a burst of calls runs `action` once, `delay` after
/// the last. `cancel()` takes back the run that is waiting, if any. Safe to call from
/// any thread.
///
/// It numbers its calls and cancels in the `Locked<Int>` that `init` is given (by
/// default a new one): a run goes only when no call or cancel came after the call that
/// asked for it, and a call that another caller makes while a run is going, even the
/// moment the run lets go of the lock, gets its own run; a cancel that another caller
/// makes once a call has taken its number, even the moment the call lets go of the lock,
/// takes that call's run back.
public final class Debouncer: Sendable {
    /// Runs `work` after `delay` seconds. The default hands it to `queue.asyncAfter`;
    /// tests pass the stage's virtual clock.
    public typealias Schedule = @Sendable (_ delay: Double, _ work: @escaping @Sendable () -> Void) -> Void

    private let delay: Double
    private let schedule: Schedule
    private let action: @Sendable () -> Void
    // BEGIN SOLUTION
    /// The number of the latest call (or cancel). A scheduled run that finds a larger
    /// number when its time comes has been superseded, and does nothing: the block
    /// cannot be taken back from the queue, but it can be told it is no longer wanted.
    private let latest: Locked<Int>
    // STARTER:
    // END SOLUTION

    public init(delay: Double, queue: DispatchQueue, schedule: Schedule? = nil, latest: Locked<Int> = Locked(0),
                action: @escaping @Sendable () -> Void) {
        self.delay = delay
        self.action = action
        self.schedule = schedule ?? { delay, work in queue.asyncAfter(deadline: .now() + delay, execute: work) }
        // BEGIN SOLUTION
        self.latest = latest
        // STARTER:
        // // Keep the numbers of calls and cancels in `latest`.
        // END SOLUTION
    }

    public func call() {
        // BEGIN SOLUTION
        let ticket = latest.withLock { latest in
            latest += 1
            return latest
        }
        schedule(delay) { [self] in
            // Checked and cleared under one lock, so two late runs can never both go.
            let stillLatest = latest.withLock { latest in
                guard latest == ticket else { return false }
                latest += 1
                return true
            }
            if stillLatest { action() }
        }
        // STARTER:
        // schedule(delay, action)
        // END SOLUTION
    }

    public func cancel() {
        // BEGIN SOLUTION
        latest.withLock { $0 += 1 }
        // STARTER:
        // END SOLUTION
    }
}
