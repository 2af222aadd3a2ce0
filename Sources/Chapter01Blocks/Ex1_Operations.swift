// Exercise 1.1: Closures from their types.
//
// Each constant below has its type written out; you write the closure that
// fits it. The table then files the closures under the symbols a calculator
// shows, and `apply` looks one up and calls it.

/// A binary operation on whole numbers.
///
/// `@Sendable` is there because these closures are stored in `static let`
/// constants, which any thread may read: Swift 6 wants a promise that the
/// closure captures nothing mutable. A closure literal that captures nothing
/// keeps that promise for free.
public typealias Operation = @Sendable (Int, Int) -> Int

public enum Arithmetic {
    /// The sum: `add(2, 2)` is `4`, like the Objective-C block `add(2,2)`.
    public static let add: Operation =
        // BEGIN SOLUTION
        { a, b in a + b }
        // STARTER:
        // { _, _ in 0 }
        // END SOLUTION

    /// The first number minus the second: `subtract(10, 3)` is `7`.
    public static let subtract: Operation =
        // BEGIN SOLUTION
        { $0 - $1 }  // shorthand names keep a one-line closure readable
        // STARTER:
        // { _, _ in 0 }
        // END SOLUTION

    /// The larger of the two numbers: `largest(-4, -9)` is `-4`.
    public static let largest: Operation =
        // BEGIN SOLUTION
        { max($0, $1) }
        // STARTER:
        // { _, _ in 0 }
        // END SOLUTION

    /// The operations filed under the symbols a calculator shows:
    /// `"+"` for `add`, `"-"` for `subtract` and `"max"` for `largest`.
    public static let table: [String: Operation] =
        // BEGIN SOLUTION
        ["+": add, "-": subtract, "max": largest]  // closures are values: store them like any other
        // STARTER:
        // [:]
        // END SOLUTION

    /// Looks `symbol` up in `table` and applies the operation to `a` and `b`,
    /// in that order. Returns `nil` for a symbol the table does not know.
    public static func apply(_ symbol: String, _ a: Int, _ b: Int) -> Int? {
        // BEGIN SOLUTION
        // The dictionary hands back an optional closure; `map` calls it only
        // when there is one, so an unknown symbol falls through to `nil`.
        table[symbol].map { operation in operation(a, b) }
        // STARTER:
        // nil
        // END SOLUTION
    }
}
