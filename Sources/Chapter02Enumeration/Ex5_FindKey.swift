// Exercise 2.5: Find an order's key by name and price
//
// The seed's `findKeyForOrderItem:` ran `indexesOfObjectsPassingTest:` over the
// order's keys to find the item with the same name *and* price as the one it was
// given, and its add and remove buttons changed the quantity of *that* key. Write
// `Order.findKey(for:)`, then `adding(_:)` and `removing(_:)` on top of it: the
// item the waiter's screen hands you may carry a picture file of its own, and the
// order must still count it as the dish it already holds.

import Diner

extension Order {
    /// The item in this order with the same name and price as `item`, if any.
    public func findKey(for item: MenuItem) -> MenuItem? {
        // BEGIN SOLUTION
        // `first(where:)` stops at the first match: the Swift spelling of
        // "test each key, take the first index that passed" without building the
        // whole index set. The dictionary's order does not matter: `adding` never
        // stores two keys with one name and price, so at most one key matches.
        quantities.keys.first { $0.name == item.name && $0.price == item.price }
        // STARTER:
        // nil  // replace with the matching key
        // END SOLUTION
    }

    /// This order with one more of `item`: of the stored item with its name and price
    /// when there is one (its picture kept), otherwise of `item` itself.
    public func adding(_ item: MenuItem) -> Order {
        // BEGIN SOLUTION
        // `add` would use `item` as the key, and `MenuItem`'s `==` compares the
        // picture too: a Burger from another screen would become a second line.
        var order = self
        order.add(findKey(for: item) ?? item)
        return order
        // STARTER:
        // var order = self
        // order.add(item)  // the seed's add button; make it count the dish already ordered
        // return order
        // END SOLUTION
    }

    /// This order with one fewer of the stored item that has `item`'s name and price;
    /// the item leaves the order with its last one. Unchanged when there is none.
    public func removing(_ item: MenuItem) -> Order {
        // BEGIN SOLUTION
        guard let key = findKey(for: item) else { return self }
        var order = self
        order.remove(key)
        return order
        // STARTER:
        // var order = self
        // order.remove(item)  // the seed's remove button; make it find the dish ordered
        // return order
        // END SOLUTION
    }
}
