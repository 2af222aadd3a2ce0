// Exercise 1.3: Capture lists — a live view and a snapshot.
import Foundation

/// Closures that share one price: one changes it, one reads it as it is now, and one
/// takes snapshots — each a closure that keeps the price it was taken at.
public struct PriceWatch {
    /// Changes the shared price.
    public let setPrice: (Decimal) -> Void
    /// The price now, after every `setPrice` so far.
    public let live: () -> Decimal
    /// A new snapshot: a closure that returns the price as it was when
    /// `takeSnapshot` was called, whatever `setPrice` does later.
    public let takeSnapshot: () -> () -> Decimal

    public init(
        setPrice: @escaping (Decimal) -> Void,
        live: @escaping () -> Decimal,
        takeSnapshot: @escaping () -> () -> Decimal
    ) {
        self.setPrice = setPrice
        self.live = live
        self.takeSnapshot = takeSnapshot
    }
}

/// Makes a watch over one variable that starts at `initial`.
public func makePriceWatch(initial: Decimal) -> PriceWatch {
    var price = initial
    // BEGIN SOLUTION
    return PriceWatch(
        setPrice: { newPrice in price = newPrice },
        // No capture list: the closure holds the variable and reads it when called.
        live: { price },
        // The capture list copies the value when the inner closure is created, that is,
        // each time takeSnapshot runs: every snapshot keeps the price of its own moment.
        takeSnapshot: { { [price] in price } }
    )
    // STARTER:
    // return PriceWatch(
    //     setPrice: { newPrice in price = newPrice },
    //     live: { initial },
    //     takeSnapshot: { { price } }
    // )
    // END SOLUTION
}
