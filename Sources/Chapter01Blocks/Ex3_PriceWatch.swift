// Exercise 1.3: Capture lists — a live view and a snapshot.
import Foundation

/// Three closures that share one price: one changes it, one reads it as it is
/// now, and one remembers it as it was when the watch was made.
public struct PriceWatch {
    /// Changes the shared price.
    public let setPrice: (Decimal) -> Void
    /// The price now, after every `setPrice` so far.
    public let live: () -> Decimal
    /// The price when the watch was made, whatever `setPrice` did since.
    public let snapshot: () -> Decimal

    public init(
        setPrice: @escaping (Decimal) -> Void,
        live: @escaping () -> Decimal,
        snapshot: @escaping () -> Decimal
    ) {
        self.setPrice = setPrice
        self.live = live
        self.snapshot = snapshot
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
        // A capture list copies the value once, when the closure is created.
        snapshot: { [price] in price }
    )
    // STARTER:
    // return PriceWatch(
    //     setPrice: { newPrice in price = newPrice },
    //     live: { initial },
    //     snapshot: { price }
    // )
    // END SOLUTION
}
