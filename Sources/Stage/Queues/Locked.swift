import Synchronization

/// A value that many queues may read and change, one at a time: a `Mutex` in a
/// class. A `Mutex` is `~Copyable`: closures (escaping ones too) may share a local
/// `let` one, and a function may take one `borrowing` or `consuming`, but it cannot be
/// copied into a `var`, a copyable struct or an array. A class can: it is passed,
/// stored and captured like any reference, and `value` reads it in one step.
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
