import Foundation
import Diner

/// The menu board's order: `true` when `first` belongs before `second`.
/// Dearer dishes first; dishes with the same price by name, as people read names.
public func pricierFirst(_ first: MenuItem, _ second: MenuItem) -> Bool {
    // BEGIN SOLUTION
    // The first key decides whenever it can. Only a tie on price falls through to the
    // name: `a.price > b.price || a.name < b.name` would let the name overrule the price.
    if first.price != second.price {
        return first.price > second.price
    }
    return first.name.localizedStandardCompare(second.name) == .orderedAscending
    // STARTER:
    // first.price > second.price  // the price is only the first key: what decides a tie?
    // END SOLUTION
}

/// The menu sorted for the board with `pricierFirst`.
public func menuForBoard(_ menu: [MenuItem]) -> [MenuItem] {
    // BEGIN SOLUTION
    menu.sorted(by: pricierFirst)
    // STARTER:
    // menu  // sort it
    // END SOLUTION
}
