import Foundation

/// One dish on the diner's menu.
///
/// The Objective-C tutorial's `IODItem` adopted `NSCopying` so that it could be a
/// dictionary key. In Swift a value type that is `Hashable` is a key already:
/// copying is what values do.
public struct MenuItem: Hashable, Sendable, Codable, CustomStringConvertible {
    public var name: String
    /// Money is `Decimal`, never `Double`: 0.1 + 0.2 must be 0.3 on the bill.
    public var price: Decimal
    public var pictureFile: String

    public init(name: String, price: Decimal, pictureFile: String = "") {
        self.name = name
        self.price = price
        self.pictureFile = pictureFile
    }

    public var description: String { "\(name) ($\(price))" }
}

extension MenuItem {
    /// The diner's menu, in the order the kitchen lists it.
    public static let sampleMenu: [MenuItem] = [
        MenuItem(name: "Burger", price: Decimal(string: "4.99")!, pictureFile: "burger.png"),
        MenuItem(name: "Fries", price: Decimal(string: "1.99")!, pictureFile: "fries.png"),
        MenuItem(name: "Milkshake", price: Decimal(string: "3.49")!, pictureFile: "milkshake.png"),
        MenuItem(name: "Hot Dog", price: Decimal(string: "2.99")!, pictureFile: "hotdog.png"),
        MenuItem(name: "Apple Pie", price: Decimal(string: "2.49")!, pictureFile: "applepie.png"),
    ]
}
