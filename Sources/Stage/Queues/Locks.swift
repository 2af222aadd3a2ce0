/// Makes the `Locked` values one object keeps its state in, all with the same
/// `afterUnlock` hook. A function whose state its own type decides (a private struct
/// the learner writes) cannot be handed a `Locked` of that type; it can be handed a
/// `Locks` and make its lock with `locks.make(State())`. The default, `Locks()`, hooks
/// nothing; a test passes `Locks(afterUnlock:)` to let another caller in each time one
/// of those locks is let go (see `Locked`).
public struct Locks: Sendable {
    private let afterUnlock: (@Sendable () -> Void)?

    public init(afterUnlock: (@Sendable () -> Void)? = nil) {
        self.afterUnlock = afterUnlock
    }

    /// A new lock around `value`, with this hook.
    public func make<Value: Sendable>(_ value: Value) -> Locked<Value> {
        Locked(value, afterUnlock: afterUnlock)
    }
}
