// Exercise 1.1: Closures from their types.
//
// Each constant below has its type written out; you write the closure that
// fits it. The table then files the closures under the symbols a calculator
// shows, and `apply` looks one up and calls it.

/// A binary operation on whole numbers.
///
/// Not called `Operation`: Foundation already has a class of that name (the
/// unit of work of an `OperationQueue`), and a second `Operation` would make
/// every file that imports both ambiguous.
///
/// `@Sendable` is there because these closures are stored in `static let`
/// constants, which any thread may read: Swift 6 wants a promise that the
/// closure captures nothing mutable. A closure literal that captures nothing
/// keeps that promise for free.
public typealias BinaryOperation = @Sendable (Int, Int) -> Int

/// What `Arithmetic.apply` throws for a symbol its table has no operation for,
/// so that a typo such as `"x"` for `"×"` is reported, never taken for a result.
public struct UnknownSymbol: Error, Equatable, CustomStringConvertible {
    /// The symbol that was asked for.
    public let symbol: String

    public init(symbol: String) {
        self.symbol = symbol
    }

    public var description: String { "no operation for the symbol \"\(symbol)\"" }
}

public enum Arithmetic {
    /// The sum: `add(2, 2)` is `4`, like the Objective-C block `add(2,2)`.
    public static let add: BinaryOperation =
        // BEGIN SOLUTION
        { (a: Int, b: Int) -> Int in return a + b }  // the full form: every type and the return spelled out
        // STARTER:
        // { _, _ in 0 }
        // END SOLUTION

    /// The first number minus the second: `subtract(10, 3)` is `7`.
    public static let subtract: BinaryOperation =
        // BEGIN SOLUTION
        { $0 - $1 }  // shorthand names keep a one-line closure readable
        // STARTER:
        // { _, _ in 0 }
        // END SOLUTION

    /// The larger of the two numbers: `largest(-4, -9)` is `-4`.
    public static let largest: BinaryOperation =
        // BEGIN SOLUTION
        { max($0, $1) }
        // STARTER:
        // { _, _ in 0 }
        // END SOLUTION

    /// The operations filed under the symbols a calculator shows:
    /// `"+"` for `add`, `"-"` for `subtract` and `"max"` for `largest`.
    public static let table: [String: BinaryOperation] =
        // BEGIN SOLUTION
        ["+": add, "-": subtract, "max": largest]  // closures are values: store them like any other
        // STARTER:
        // [:]
        // END SOLUTION

    /// Looks `symbol` up in `table` and applies the operation to `a` and `b`,
    /// in that order. Throws `UnknownSymbol` for a symbol the table does not know:
    /// there is no number that could honestly stand for "no such operation".
    ///
    /// `throws(UnknownSymbol)` is a typed throw (SE-0413): callers know that this
    /// is the only error that can come out, and a `catch` gets an `UnknownSymbol`.
    public static func apply(_ symbol: String, _ a: Int, _ b: Int) throws(UnknownSymbol) -> Int {
        // BEGIN SOLUTION
        // The dictionary hands back an optional closure: unwrap it before calling,
        // and turn "not found" into the error the signature promises.
        guard let operation = table[symbol] else {
            throw UnknownSymbol(symbol: symbol)
        }
        return operation(a, b)
        // STARTER:
        // 0
        // END SOLUTION
    }
}
