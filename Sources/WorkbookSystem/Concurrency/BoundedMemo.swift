import Synchronization

/// A pure function's results kept for the life of the process, by their input, for
/// threads that share them. Bounded: when `limit` keys are held, it starts again (a bound,
/// not a policy: a workbook's or a class's worth of keys fits).
package final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Mutex<[Key: Value]>([:])
    private let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    /// The value remembered for `key`, or `make()`'s, remembered. `make` runs outside the
    /// lock: two threads asking at once may both make it (the same value).
    public func value(for key: Key, _ make: () -> Value) -> Value {
        if let known = entries.withLock({ $0[key] }) { return known }
        let value = make()
        entries.withLock { entries in
            if entries.count >= limit { entries.removeAll() }
            entries[key] = value
        }
        return value
    }
}
