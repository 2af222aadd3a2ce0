// Exercise 4.9: Hold a step to its contract, in Swift 6.

import Stage

/// `operation`, held to the contract of `AsyncOperation` whatever it does itself.
///
/// * Its progress reports are passed on until the run is over, and `done` comes after
///   every report passed on — even one that was being passed on when the step's `done`,
///   or a cancel, arrived on another thread.
/// * The first `done` it reports ends the run: `.cancelled` as `cancelled`, then
///   `done(.cancelled)`; any other outcome as `done(outcome)`. Anything it reports
///   after that — a second `done` included — is dropped.
/// * Cancelling ends the run even if the step ignores the cancel: the step's own cancel
///   closure is called at once, then `cancelled` and `done(.cancelled)` — at once too,
///   unless a progress report is being passed on, and then as soon as it has been. A
///   cancel once the run is over, or a second one, changes nothing.
/// * No handler is called while a lock is held: a handler may call straight back in.
///
/// The run's state lives in a lock made by `locks.make(…)`; the tests pass `Locks`
/// that let a second `done`, or a cancel, in each time such a lock is let go. Wrapped
/// in it, any step can go into your `sequence` (4.4): `sequence(steps.map { keepingContract($0) })`.
public func keepingContract(_ operation: @escaping AsyncOperation, locks: Locks = Locks()) -> AsyncOperation {
    // BEGIN SOLUTION
    return { progress, cancelled, done in
        let run = locks.make(ContractRun())
        let deliver: @Sendable (Outcome) -> Void = { outcome in
            if outcome == .cancelled { cancelled?() }
            done?(outcome)
        }
        let cancelStep = operation({ report in
            guard run.withLock({ $0.startReport() }) else { return }
            progress?(report)
            // The last report under way delivers an ending that came meanwhile.
            if let heldBack = run.withLock({ $0.endReport() }) { deliver(heldBack) }
        }, nil, { outcome in
            // Decided under one lock: of two endings that race, exactly one finds the
            // run still going.
            if run.withLock({ $0.end(with: outcome) }) == true { deliver(outcome) }
        })
        // Nobody holds this run's cancel closure before it is returned below, so the
        // step's own is always known by the time a cancel can come.
        return {
            guard let now = run.withLock({ $0.end(with: .cancelled) }) else { return }
            // Outside the lock: the step, or a handler, may call straight back in.
            cancelStep()
            if now { deliver(.cancelled) }
        }
    }
    // STARTER:
    // return { progress, cancelled, done in
    //     // Before Swift 6: the run's state in local variables the handlers share.
    //     var isOver = false
    //     let cancelStep = operation({ report in
    //         if !isOver { progress?(report) }
    //     }, nil, { outcome in
    //         if isOver { return }
    //         isOver = true
    //         if outcome == .cancelled { cancelled?() }
    //         done?(outcome)
    //     })
    //     return {
    //         if isOver { return }
    //         isOver = true
    //         cancelStep()
    //         cancelled?()
    //         done?(.cancelled)
    //     }
    // }
    // END SOLUTION
}

// BEGIN SOLUTION
/// One run's state. An ending cannot wait for a report under way — it may come from
/// inside that report's own handler, on the same thread — so it is left here, and the
/// report that finishes last delivers it.
private struct ContractRun {
    var ending: Outcome?  // the first done or cancel: once set, the run is over
    var reporting = 0  // progress reports being passed on right now

    /// Whether a report may be passed on; counted if so.
    mutating func startReport() -> Bool {
        guard ending == nil else { return false }
        reporting += 1
        return true
    }

    /// The ending to deliver now that a report has been passed on, if it was the last
    /// one under way. Once the run is over no report starts, so the count reaches 0
    /// once after the ending.
    mutating func endReport() -> Outcome? {
        reporting -= 1
        guard reporting == 0 else { return nil }
        return ending
    }

    /// Ends the run: `nil` when it was over already, else whether to deliver the
    /// ending now (`false`: a report under way delivers it).
    mutating func end(with outcome: Outcome) -> Bool? {
        guard ending == nil else { return nil }
        ending = outcome
        return reporting == 0
    }
}
// STARTER:
// // Helper types you write for `keepingContract` can go here.
// END SOLUTION
