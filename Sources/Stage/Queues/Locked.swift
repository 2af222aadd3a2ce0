import Synchronization

/// A value that many queues may read and change, one at a time: a `Mutex` in a
/// class, so closures on different queues can share it (a `Mutex` itself cannot be
/// copied into an escaping closure).
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, holding the lock: read-modify-write in one step.
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { value in body(&value) }
    }

    /// The value now.
    public var value: Value { withLock { $0 } }
}
