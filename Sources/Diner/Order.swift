import Foundation

/// What a customer has ordered: a quantity for each menu item.
///
/// Quantities are always positive; removing the last one of an item removes the
/// item, as the seed's `removeItemFromOrder:` did.
public struct Order: Equatable, Sendable {
    public private(set) var quantities: [MenuItem: Int] = [:]

    public init() {}

    public init(_ quantities: [MenuItem: Int]) {
        for (item, quantity) in quantities where quantity > 0 {
            self.quantities[item] = quantity
        }
    }

    /// Adds one of `item` to the order.
    public mutating func add(_ item: MenuItem) {
        quantities[item, default: 0] += 1
    }

    /// Removes one of `item`; does nothing when the item is not in the order.
    public mutating func remove(_ item: MenuItem) {
        guard let quantity = quantities[item] else { return }
        quantities[item] = quantity > 1 ? quantity - 1 : nil
    }

    public func quantity(of item: MenuItem) -> Int { quantities[item] ?? 0 }

    public var isEmpty: Bool { quantities.isEmpty }

    /// The distinct items ordered. A dictionary has no order: sort before showing.
    public var items: [MenuItem] { Array(quantities.keys) }
}
