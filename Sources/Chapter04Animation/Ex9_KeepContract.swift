// Exercise 4.9: Hold a step to its contract, in Swift 6.

import Stage

/// `operation`, held to the contract of `AsyncOperation` whatever it does itself.
///
/// * Its progress reports are passed on until the run is over.
/// * The first `done` it reports ends the run: `.cancelled` as `cancelled`, then
///   `done(.cancelled)`; any other outcome as `done(outcome)`. Anything it reports
///   after that — a second `done` included — is dropped.
/// * Cancelling ends the run at once — the step's own cancel closure is called, then
///   `cancelled`, then `done(.cancelled)` — even if the step ignores the cancel. A
///   cancel once the run is over, or a second one, changes nothing.
/// * No handler is called while a lock is held: a handler may call straight back in.
///
/// The run's state lives in a lock made by `locks.make(…)`; the tests pass `Locks`
/// that let a second `done`, or a cancel, in each time such a lock is let go. Wrapped
/// in it, any step can go into your `sequence` (4.4): `sequence(steps.map { keepingContract($0) })`.
public func keepingContract(_ operation: @escaping AsyncOperation, locks: Locks = Locks()) -> AsyncOperation {
    // BEGIN SOLUTION
    return { progress, cancelled, done in
        let isOver = locks.make(false)
        let cancelStep = operation({ report in
            if !isOver.withLock({ $0 }) { progress?(report) }
        }, nil, { outcome in
            // Checked and ended under one lock: of two reports (or a report and a
            // cancel) that race, exactly one finds the run still going.
            let first = isOver.withLock { over -> Bool in
                defer { over = true }
                return !over
            }
            guard first else { return }
            if outcome == .cancelled { cancelled?() }
            done?(outcome)
        })
        // Nobody holds this run's cancel closure before it is returned below, so the
        // step's own is always known by the time a cancel can come.
        return {
            let first = isOver.withLock { over -> Bool in
                defer { over = true }
                return !over
            }
            guard first else { return }
            // Outside the lock: the step, or a handler, may call straight back in.
            cancelStep()
            cancelled?()
            done?(.cancelled)
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
