import Diner
import Foundation
import Testing
import Chapter02Enumeration

private let burger = MenuItem(name: "Burger", price: Decimal(string: "4.99")!, pictureFile: "burger.png")

@Suite("Exercise 2.4: Find an order's key by name and price")
struct Ex4_FindKeyTests {
    @Test("returns the stored item, picture and all, when name and price match")
    func findsStoredKey() throws {
        var order = Order()
        order.add(burger)
        order.add(MenuItem.sampleMenu[1])
        let search = MenuItem(name: "Burger", price: Decimal(string: "4.99")!, pictureFile: "")
        let key = try #require(order.findKey(for: search),
                               "the order holds a Burger at $4.99; findKey should find it even though the picture differs")
        #expect(key.pictureFile == "burger.png",
                Comment(rawValue: "findKey returned an item with the picture \(key.pictureFile.debugDescription); expected the key stored in the order (picture \"burger.png\")"
                    + (key.pictureFile == search.pictureFile ? ": that is the picture of the item searched for" : "")))
    }

    @Test("finds every item of a full order", arguments: MenuItem.sampleMenu)
    func findsEach(item: MenuItem) {
        var order = Order()
        for dish in MenuItem.sampleMenu { order.add(dish) }
        #expect(order.findKey(for: item) == item, "\(item) is in the order, but findKey returned \(String(describing: order.findKey(for: item)))")
    }

    @Test("finds nothing when only the name matches")
    func nameOnly() {
        var order = Order()
        order.add(burger)
        let pricier = MenuItem(name: "Burger", price: Decimal(string: "5.99")!, pictureFile: "burger.png")
        #expect(order.findKey(for: pricier) == nil,
                "a $5.99 Burger is not the $4.99 Burger in the order: compare the price as well as the name")
    }

    @Test("tells apart two items of one name by their price")
    func sameNameTwoPrices() {
        var order = Order()
        let double = MenuItem(name: "Burger", price: Decimal(string: "6.49")!, pictureFile: "double.png")
        order.add(burger)
        order.add(double)
        // Both searches: whichever Burger the dictionary lists first, one of them needs the other.
        for wanted in [burger, double] {
            let search = MenuItem(name: "Burger", price: wanted.price, pictureFile: "")
            let found = order.findKey(for: search)
            #expect(found == wanted,
                    "the order holds a Burger at $4.99 and one at $6.49; asked for the $\(wanted.price) one, findKey returned \(found.map(\.description) ?? "nil")")
        }
    }

    @Test("finds nothing when only the price matches")
    func priceOnly() {
        var order = Order()
        order.add(burger)
        let impostor = MenuItem(name: "Veggie Burger", price: Decimal(string: "4.99")!)
        #expect(order.findKey(for: impostor) == nil,
                "a Veggie Burger at $4.99 is not the Burger in the order: compare the name as well as the price")
    }

    @Test("finds nothing in an empty order")
    func emptyOrder() {
        #expect(Order().findKey(for: burger) == nil, "an empty order has no keys to find")
    }
}
