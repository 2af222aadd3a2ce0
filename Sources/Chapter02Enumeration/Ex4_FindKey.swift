// Exercise 2.4: Find an order's key by name and price
//
// The seed's `findKeyForOrderItem:` ran `indexesOfObjectsPassingTest:` over the
// order's keys to find the item with the same name *and* price as the one it was
// given, and returned that key (or nil). Write `Order.findKey(for:)`: it returns
// the item stored in the order — with its own picture file — whose name and price
// match `item`, or `nil` when there is none. Stop looking as soon as you find it.

import Diner

extension Order {
    /// The item in this order with the same name and price as `item`, if any.
    public func findKey(for item: MenuItem) -> MenuItem? {
        // BEGIN SOLUTION
        // `first(where:)` stops at the first match: the Swift spelling of
        // "test each key, take the first index that passed" without building the
        // whole index set. The dictionary's order does not matter: names and
        // prices identify at most one key here.
        quantities.keys.first { $0.name == item.name && $0.price == item.price }
        // STARTER:
        // nil  // replace with the matching key
        // END SOLUTION
    }
}
