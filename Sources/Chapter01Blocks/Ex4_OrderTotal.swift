// Exercise 1.4: The order's total, the way the seed's `totalOrder` computed it.
import Foundation
import Diner

/// The cost of `quantity` of one item at `price`: `itemTotal(Decimal(string: "2.99")!, 2)`
/// is `5.98` (from a string: a `Decimal` literal such as `2.99` goes through `Double`).
///
/// The Objective-C diner declared it as `float (^itemTotal)(float, int)`.
/// Here money is `Decimal`, so the bill is exact.
public let itemTotal: @Sendable (Decimal, Int) -> Decimal =
    // BEGIN SOLUTION
    { price, quantity in price * Decimal(quantity) }
    // STARTER:
    // { price, _ in price }
    // END SOLUTION

extension Order {
    /// What the customer pays: the sum of `itemTotal(price, quantity)` over
    /// every item in the order. An empty order costs `0`.
    public var total: Decimal {
        // BEGIN SOLUTION
        // The Objective-C version needed `__block float total` so that the
        // enumeration block could add to it. A Swift closure may update a
        // captured variable directly, but `reduce` does not even need one:
        // it threads the running sum through its closure for us.
        quantities.reduce(Decimal(0)) { sum, entry in
            sum + itemTotal(entry.key.price, entry.value)
        }
        // STARTER:
        // Decimal(0)
        // END SOLUTION
    }
}
