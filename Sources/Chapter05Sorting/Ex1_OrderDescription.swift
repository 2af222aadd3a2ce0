import Diner
import Stage

/// What the chalkboard says while the order is empty.
public let emptyOrderText = "No Items. Please order something!"

/// The order as the chalkboard shows it: one `Name xQuantity` line per item,
/// sorted by name, lines separated by `"\n"` (no newline after the last one).
/// An empty order describes nothing: `""`.
public func orderDescription(for order: Order) -> String {
    // BEGIN SOLUTION
    // `order.items` comes from a dictionary, whose order is arbitrary and changes from
    // run to run: sort before showing, then turn each item into its line.
    order.items
        .sorted { $0.name < $1.name }
        .map { "\($0.name) x\(order.quantity(of: $0))" }
        .joined(separator: "\n")
    // STARTER:
    // ""  // sort order.items by name, then build one "Name xQuantity" line per item
    // END SOLUTION
}

/// Writes the order on the chalkboard: `emptyOrderText` when nothing is ordered,
/// the order's description otherwise. Sets `chalkboard.text` exactly once.
@MainActor  // it updates a label, which belongs to the main actor
public func updateOrderBoard(_ chalkboard: Label, for order: Order) {
    // BEGIN SOLUTION
    // One assignment, chosen up front: a label that flickers through "" before the
    // real text is a bug the recorded history would show.
    chalkboard.text = order.isEmpty ? emptyOrderText : orderDescription(for: order)
    // STARTER:
    // // set chalkboard.text to emptyOrderText or to orderDescription(for: order)
    // END SOLUTION
}
