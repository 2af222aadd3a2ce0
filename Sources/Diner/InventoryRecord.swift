import Foundation

/// One record of the inventory web service's JSON, as the seed's server sent it:
/// `[{"Name": "Burger", "Price": 4.99, "Image": "burger.png"}, …]`.
public struct InventoryRecord: Decodable, Equatable, Sendable {
    public var name: String
    public var price: Decimal
    public var image: String

    public init(name: String, price: Decimal, image: String) {
        self.name = name
        self.price = price
        self.image = image
    }

    enum CodingKeys: String, CodingKey {
        case name = "Name"
        case price = "Price"
        case image = "Image"
    }

    /// The record as a menu item.
    public var menuItem: MenuItem { MenuItem(name: name, price: price, pictureFile: image) }
}

extension InventoryRecord {
    /// The sample inventory, as the service returns it.
    public static let sampleJSON = """
    [
      {"Name": "Burger", "Price": 4.99, "Image": "burger.png"},
      {"Name": "Fries", "Price": 1.99, "Image": "fries.png"},
      {"Name": "Milkshake", "Price": 3.49, "Image": "milkshake.png"},
      {"Name": "Hot Dog", "Price": 2.99, "Image": "hotdog.png"},
      {"Name": "Apple Pie", "Price": 2.49, "Image": "applepie.png"}
    ]
    """
}
