import Dispatch

/// Tells whether a dispatch queue runs one block at a time, however busy the machine is.
///
/// Waiting for a second `async` block to start while a first one runs does not tell: on
/// a concurrent queue the second block needs a worker thread of its own, and on Linux
/// libdispatch adds one late when its workers are busy. With eight blocked workers of the
/// same quality of service, a concurrent queue's block started 5.8 s after it was sent
/// (2 processors), so a 100 ms wait took a concurrent queue for a serial one in a CI run.
///
/// `queue.sync` called from another thread needs no worker: while a first block runs, a
/// concurrent queue runs the sync block at once on the calling thread, and a serial queue
/// makes it wait until the first block ends. The first block waits for the sync block, at
/// most `patience`, so only a serial queue pays that wait.
public enum OverlapProbe {
    /// What the probe saw.
    public enum Finding: Sendable, Equatable {
        /// The sync block waited for the first block to end: the queue is serial.
        case oneAtATime
        /// The sync block ran while the first block was running: the queue is concurrent.
        case overlapped
        /// The first block never started (an inactive or suspended queue, say).
        case firstNeverRan
        /// The probe's own thread reached `sync` only after every wait ran out.
        case undecided
    }

    /// Runs rounds of growing patience until one decides; nil if the rounds never came back.
    public static func observe(
        _ queue: DispatchQueue,
        patience: [DispatchTimeInterval] = [100, 200, 400, 800, 1600].map { .milliseconds($0) },
        startLimit: DispatchTimeInterval = .seconds(20)
    ) async -> Finding? {
        for wait in patience {
            let finding: Finding? = await awaitCallback(timeout: .seconds(60)) { done in
                driver.async { done(round(on: queue, patience: wait, startLimit: startLimit)) }
            }
            if finding != .undecided { return finding }
        }
        return .undecided
    }

    /// The thread each round is driven from: a serial queue of its own, which libdispatch
    /// gives a thread at once even when every worker of a concurrent queue is busy.
    private static let driver = DispatchQueue(label: "com.closuresworkbook.stage.overlap-probe")

    /// One round: a first block that waits for a sync block, and the sync block.
    static func round(on queue: DispatchQueue, patience: DispatchTimeInterval, startLimit: DispatchTimeInterval) -> Finding {
        let firstStarted = DispatchSemaphore(value: 0)
        let syncRan = DispatchSemaphore(value: 0)
        let state = Locked((atSync: false, firstEnded: false, undecided: false))
        queue.async {
            firstStarted.signal()
            let waitRanOut = syncRan.wait(timeout: .now() + patience) == .timedOut
            state.withLock { state in
                // Ran out before the driver got to `sync`: a serial and a concurrent queue
                // would both have let the first block end first.
                state.undecided = waitRanOut && !state.atSync
                state.firstEnded = true
            }
        }
        guard firstStarted.wait(timeout: .now() + startLimit) == .success else { return .firstNeverRan }
        state.withLock { $0.atSync = true }
        let ranDuringFirst = queue.sync {
            defer { syncRan.signal() }
            return !state.value.firstEnded
        }
        if ranDuringFirst { return .overlapped }
        return state.value.undecided ? .undecided : .oneAtATime
    }
}
