import Synchronization

/// A value that many queues may read and change, one at a time: a `Mutex` in a
/// class. A `Mutex` is `~Copyable`: closures (escaping ones too) may share a local
/// `let` one, and a function may take one `borrowing` or `consuming`, but it cannot be
/// copied into a `var`, a copyable struct or an array. A class can: it is passed,
/// stored and captured like any reference, and `value` reads it in one step.
///
/// `afterUnlock`, when given, runs each time a `withLock` has let go of the lock, on the
/// same thread, before `withLock` returns. Tests use it to let a second caller in at
/// the worst moment, deterministically: code that checks under one `withLock` and acts
/// under the next one lets that caller in between, code that checks and acts in one
/// does not.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    private let afterUnlock: (@Sendable () -> Void)?

    public init(_ value: Value, afterUnlock: (@Sendable () -> Void)? = nil) {
        mutex = Mutex(value)
        self.afterUnlock = afterUnlock
    }

    /// Runs `body` with the value, holding the lock: read-modify-write in one step.
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        let result = mutex.withLock { value in body(&value) }
        afterUnlock?()
        return result
    }

    /// The value now.
    public var value: Value { withLock { $0 } }
}
