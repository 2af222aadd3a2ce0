import Dispatch
import Synchronization

/// A serial dispatch queue that notices a `sync` onto itself.
///
/// `queue.sync { … }` from a block already running on `queue` can never return: the
/// new block waits for the running one, which waits for the new one. Real GCD either
/// hangs or stops the program ("dispatch_sync called on queue already owned by current
/// thread"). Neither is a good way for a test to report the bug, so this queue detects
/// the re-entrant call with a queue-specific key, *records* it, and runs the block in
/// place so the program (and the test run) can go on and say what went wrong.
public final class CheckedSerialQueue: Sendable {
    public let label: String
    /// The real serial queue underneath.
    public let queue: DispatchQueue
    private let key = DispatchSpecificKey<Bool>()
    private let violations = Mutex<[String]>([])

    public init(label: String, qos: DispatchQoS = .default) {
        self.label = label
        self.queue = DispatchQueue(label: label, qos: qos)
        queue.setSpecific(key: key, value: true)
        QueueName.track(queue)
    }

    /// True when the caller is running on this queue.
    public var isCurrent: Bool { DispatchQueue.getSpecific(key: key) ?? false }

    /// Schedules `work` and returns at once.
    public func async(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// Runs `work` on the queue and waits for it. Called from the queue itself, where
    /// GCD would deadlock, it records a deadlock (see `deadlocks`) and runs `work` in place.
    public func sync<T>(_ what: String = #function, _ work: () throws -> T) rethrows -> T {
        if isCurrent {
            violations.withLock {
                $0.append("\(what) called sync on \(label) while already running on it")
            }
            return try work()
        }
        return try queue.sync(execute: work)
    }

    /// One line for each `sync` that would have deadlocked, oldest first.
    public var deadlocks: [String] { violations.withLock { $0 } }
}
