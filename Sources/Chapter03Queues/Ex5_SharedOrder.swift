import Diner
import Stage

/// An order that many queues may change at the same time — the waiter's tablet, the
/// kitchen and the web site all adding to one table's bill.
///
/// `Order` itself is a value: every queue that captures it gets its own copy. To share
/// one, keep it in one place and let exactly one caller at a time change it: here, in
/// the `Locked<Order>` (the stage's class around a `Mutex`) that `init` is given.
public final class SharedOrder: Sendable {
    // BEGIN SOLUTION
    // `Locked` wraps a `Mutex`: the only way in is `withLock`, and the class is `final`
    // and `Sendable`, so the compiler accepts `SharedOrder: Sendable` without `@unchecked`.
    private let order: Locked<Order>

    public init(_ storage: Locked<Order> = Locked(Order())) {
        order = storage
    }
    // STARTER:
    // // The shared order: safe to use from many queues at once.
    // public init(_ storage: Locked<Order> = Locked(Order())) {}
    // END SOLUTION

    /// Adds one of `item`.
    public func add(_ item: MenuItem) {
        // BEGIN SOLUTION
        order.withLock { $0.add(item) }
        // STARTER:
        // // Add one of `item`.
        // END SOLUTION
    }

    /// Removes one of `item`; does nothing when it is not in the order.
    public func remove(_ item: MenuItem) {
        // BEGIN SOLUTION
        order.withLock { $0.remove(item) }
        // STARTER:
        // // Remove one of `item`.
        // END SOLUTION
    }

    /// Adds one of `item` only while fewer than `limit` are in the order (the kitchen
    /// has only so many pies). Returns whether it added one. Check and add must be one
    /// step, under one `withLock`: two callers must never both see "2 of 3" and both
    /// add, even when another caller comes in each time the lock is let go.
    @discardableResult
    public func add(_ item: MenuItem, upTo limit: Int) -> Bool {
        // BEGIN SOLUTION
        // One lock for the check *and* the change; two separate locked calls
        // (`quantity(of:)`, then `add(_:)`) would let another queue slip in between.
        order.withLock { order in
            guard order.quantity(of: item) < limit else { return false }
            order.add(item)
            return true
        }
        // STARTER:
        // return false
        // END SOLUTION
    }

    public func quantity(of item: MenuItem) -> Int {
        // BEGIN SOLUTION
        order.withLock { $0.quantity(of: item) }
        // STARTER:
        // 0
        // END SOLUTION
    }

    /// A copy of the order as it is now; later changes do not affect it.
    public var snapshot: Order {
        // BEGIN SOLUTION
        order.withLock { $0 }
        // STARTER:
        // Order()
        // END SOLUTION
    }
}
