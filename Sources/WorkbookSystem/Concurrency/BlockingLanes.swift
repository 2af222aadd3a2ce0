import Foundation
import Synchronization

/// Runs blocking work — compiles, child processes — on a few threads of its own and the
/// caller's.
///
/// `DispatchQueue.concurrentPerform` would park GCD's shared worker threads in
/// `waitpid` for seconds, and those same threads drain the main queue and run Swift
/// concurrency: anything else in the process (a test waiting for a callback, say)
/// would starve.
public enum BlockingLanes {
    /// `items.map(transform)`, at most `width` items at a time; results in item order.
    /// The first error thrown is rethrown after every lane has stopped.
    public static func map<T: Sendable, R: Sendable>(
        _ items: [T], width: Int, _ transform: @escaping @Sendable (T) throws -> R
    ) throws -> [R] {
        let lanes = max(1, min(width, items.count))
        if lanes == 1 { return try items.map(transform) }
        let results = Mutex<[Result<R, any Error>?]>(Array(repeating: nil, count: items.count))
        let next = Mutex(0)
        let finished = DispatchSemaphore(value: 0)
        let lane: @Sendable () -> Void = {
            while let index = next.withLock({ index -> Int? in
                guard index < items.count else { return nil }
                defer { index += 1 }
                return index
            }) {
                let result = Result { try transform(items[index]) }
                results.withLock { $0[index] = result }
            }
        }
        // The caller, which would only wait, is one of the lanes: a render started 34
        // threads (strace), each a clone, a stack and fresh memory of its own, 7 of them
        // while their caller only waited.
        for _ in 1..<lanes {
            Thread {
                lane()
                finished.signal()
            }.start()
        }
        lane()
        for _ in 1..<lanes { finished.wait() }
        return try results.withLock { $0 }.map { try $0!.get() }
    }

    /// How many lanes suit this machine: one per processor (a fact of the machine, the
    /// one read of `ProcessInfo` below the command line besides it: `HostEnvironmentTests`).
    public static var processors: Int { ProcessInfo.processInfo.activeProcessorCount }
}
