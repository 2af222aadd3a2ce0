// Exercise 3.9: Count the served orders, in Swift 6.

import Dispatch
import Stage

/// The diner's "orders served" sign. Like every UIKit view it belongs to the main
/// actor: only code on the main queue may read or change it.
@MainActor
public final class ServedBoard {
    public let label = Label(name: "served")
    public private(set) var served = 0

    public init() {}

    /// One more order served: the sign shows the new count.
    public func record() {
        served += 1
        label.text = "\(served) served"
    }
}

/// Serves `orders` one after the other on `kitchen`, off the main queue, and records
/// each on `board` as it is served; then calls `done`, on the main queue, once the board
/// shows the last count. Returns at once, and the kitchen never waits for the main queue.
public func serve(_ orders: [String], on kitchen: DispatchQueue, board: ServedBoard, done: @escaping @Sendable () -> Void) {
    // BEGIN SOLUTION
    kitchen.async {
        for _ in orders {
            // The board is main-actor state: each count hops to the main queue, whose
            // blocks the compiler treats as main-actor code. The hops queue up in
            // order, so the board counts 1, 2, 3… and `done` comes after the last.
            DispatchQueue.main.async { board.record() }
        }
        DispatchQueue.main.async { done() }
    }
    // STARTER:
    // kitchen.async {
    //     for _ in orders {
    //         board.record()
    //     }
    //     done()
    // }
    // END SOLUTION
}
