import Diner
import Foundation
import Testing
import Chapter02Enumeration

private let burger = MenuItem(name: "Burger", price: Decimal(string: "4.99")!, pictureFile: "burger.png")

@Suite("Exercise 2.5: Find an order's key by name and price")
struct Ex5_FindKeyTests {
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

    @Test("adding a dish the order holds, with another picture, counts it on the stored line")
    func addingCountsStoredKey() {
        var order = Order()
        order.add(burger)
        let fromTablet = MenuItem(name: "Burger", price: Decimal(string: "4.99")!, pictureFile: "tablet-burger.png")
        let after = order.adding(fromTablet)
        #expect(after.quantities.count == 1,
                Comment(rawValue: "after adding a $4.99 Burger to an order holding one, the order had \(after.quantities.count) lines: \(lines(after)); expected one Burger line"
                    + (after.quantity(of: fromTablet) == 1 ? ": the added item became a line of its own" : "")))
        #expect(after.quantity(of: burger) == 2,
                "the stored Burger (picture burger.png) had quantity \(after.quantity(of: burger)) after the add; expected 2")
    }

    @Test("adding a dish the order lacks adds it, picture and all, with quantity 1")
    func addingNewDish() {
        var order = Order()
        order.add(burger)
        let fries = MenuItem.sampleMenu[1]
        let after = order.adding(fries)
        #expect(after.quantity(of: fries) == 1 && after.quantity(of: burger) == 1 && after.quantities.count == 2,
                "adding Fries to an order of one Burger gave \(lines(after)); expected Burger x1 and Fries x1")
    }

    @Test("adding a Burger at another price starts a line of its own")
    func addingOtherPrice() {
        var order = Order()
        order.add(burger)
        let double = MenuItem(name: "Burger", price: Decimal(string: "6.49")!, pictureFile: "double.png")
        let after = order.adding(double)
        #expect(after.quantity(of: double) == 1 && after.quantity(of: burger) == 1,
                "adding a $6.49 Burger to an order holding a $4.99 one gave \(lines(after)); expected one of each")
    }

    @Test("removing a dish, with another picture, takes one from the stored line")
    func removingFromStoredKey() {
        var order = Order()
        order.add(burger)
        order.add(burger)
        let fromTablet = MenuItem(name: "Burger", price: Decimal(string: "4.99")!, pictureFile: "")
        let after = order.removing(fromTablet)
        #expect(after.quantity(of: burger) == 1,
                "removing one Burger from an order of two left \(lines(after)); expected Burger x1")
    }

    @Test("removing the last one of a dish takes its line away; removing one never ordered changes nothing")
    func removingLastAndAbsent() {
        var order = Order()
        order.add(burger)
        order.add(MenuItem.sampleMenu[1])
        let noBurger = order.removing(MenuItem(name: "Burger", price: Decimal(string: "4.99")!))
        #expect(noBurger.quantity(of: burger) == 0 && noBurger.quantities.count == 1,
                "removing the only Burger left \(lines(noBurger)); expected Fries x1 alone")
        let pricier = MenuItem(name: "Burger", price: Decimal(string: "5.99")!, pictureFile: "burger.png")
        #expect(order.removing(pricier) == order,
                "removing a $5.99 Burger from an order whose Burger costs $4.99 gave \(lines(order.removing(pricier))); expected the order unchanged")
    }

    @Test("three screens' pictures of one dish, added twice and removed once, leave one line of one")
    func addAddRemove() {
        let pictures = ["a.png", "b.png", ""]
        var order = Order()
        for picture in pictures.prefix(2) {
            order = order.adding(MenuItem(name: "Fries", price: Decimal(string: "1.99")!, pictureFile: picture))
        }
        order = order.removing(MenuItem(name: "Fries", price: Decimal(string: "1.99")!, pictureFile: pictures[2]))
        #expect(order.quantities.count == 1 && order.quantities.values.first == 1,
                "Fries added from a.png and b.png, then removed once, left \(lines(order)); expected one line, Fries x1")
        #expect(order.items.first?.pictureFile == "a.png",
                "the line kept the picture \(order.items.first?.pictureFile.debugDescription ?? "nil"); expected the first one stored, \"a.png\"")
    }
}

/// An order's lines, sorted, for messages: "Burger ($4.99, burger.png) x2".
private func lines(_ order: Order) -> String {
    order.quantities
        .map { "\($0.key.name) ($\($0.key.price), \($0.key.pictureFile)) x\($0.value)" }
        .sorted()
        .joined(separator: ", ")
}
