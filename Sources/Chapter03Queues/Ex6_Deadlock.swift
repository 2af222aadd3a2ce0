import Diner
import Stage

/// The diner's stock list, owned by one serial queue: every read and every write of
/// `items` happens on `queue`, so no two threads ever touch it at once.
///
/// `queue` is a `CheckedSerialQueue`: a real serial `DispatchQueue` that, instead of
/// hanging the program, records a `sync` onto itself in `queue.deadlocks`.
public final class StockList: @unchecked Sendable {
    // @unchecked: `items` is only read and written on `queue` (serial-queue ownership),
    // a rule the compiler cannot see, so we state it here.
    private var items: [MenuItem] = []
    public let queue: CheckedSerialQueue

    public init(label: String = "com.closuresworkbook.diner.stock") {
        queue = CheckedSerialQueue(label: label)
    }

    /// Whether `item` is in stock. Safe to call from any queue but `queue` itself.
    public func contains(_ item: MenuItem) -> Bool {
        queue.sync { items.contains(item) }
    }

    /// Everything in stock, in the order it arrived.
    public var all: [MenuItem] {
        queue.sync { items }
    }

    /// Adds each item of `delivery` that is not in stock yet (once, even when the
    /// delivery lists it twice) and returns how many it added. Check and add happen in
    /// one block on `queue`, so two deliveries at once cannot both add the same item.
    ///
    /// The first version deadlocked: find out why and fix it, keeping it one block.
    @discardableResult
    public func restock(_ delivery: [MenuItem]) -> Int {
        // BEGIN SOLUTION
        queue.sync {
            var added = 0
            // Already on `queue`: read `items` directly. Calling `contains(_:)` here
            // would `sync` onto the queue we are running on — a deadlock.
            for item in delivery where !items.contains(item) {
                items.append(item)
                added += 1
            }
            return added
        }
        // STARTER:
        // queue.sync {
        //     var added = 0
        //     for item in delivery where !contains(item) {
        //         items.append(item)
        //         added += 1
        //     }
        //     return added
        // }
        // END SOLUTION
    }
}
