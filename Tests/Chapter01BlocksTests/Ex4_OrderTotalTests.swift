import Foundation
import Testing
import Diner
import Chapter01Blocks

@Suite("Exercise 1.4: The order's total")
struct Ex4_OrderTotalTests {
    let burger = MenuItem.sampleMenu[0]     // $4.99
    let fries = MenuItem.sampleMenu[1]      // $1.99
    let milkshake = MenuItem.sampleMenu[2]  // $3.49

    @Test("itemTotal multiplies the price by the quantity", arguments: [
        ("2.99", 2, "5.98"), ("4.99", 1, "4.99"), ("3.49", 3, "10.47"), ("1.99", 0, "0"),
    ])
    func itemTotalMultiplies(price: String, quantity: Int, expected: String) {
        let result = itemTotal(Decimal(string: price)!, quantity)
        #expect(result == Decimal(string: expected)!,
                "itemTotal(\(price), \(quantity)) returned \(result); expected \(expected)")
    }

    @Test("an empty order costs nothing")
    func emptyOrder() {
        #expect(Order().total == 0, "an empty order's total was \(Order().total); expected 0")
    }

    @Test("three milkshakes cost three times one milkshake")
    func quantitiesCount() {
        var order = Order()
        for _ in 1...3 { order.add(milkshake) }
        #expect(order.total == Decimal(string: "10.47")!,
                Comment(rawValue: "three milkshakes at $3.49 came to \(order.total); expected 10.47"
                + (order.total == milkshake.price ? ": that is one milkshake's price, so the quantity (3) was not applied" : "")))
    }

    @Test("a mixed order adds up to the cent")
    func mixedOrder() {
        var order = Order()
        order.add(burger)
        order.add(burger)
        order.add(fries)
        order.add(milkshake)
        // 2 × 4.99 + 1.99 + 3.49 = 15.46
        #expect(order.total == Decimal(string: "15.46")!,
                "2 burgers, fries and a milkshake came to \(order.total); expected 15.46")
    }

    @Test("prices that Double cannot hold exactly still add up exactly")
    func decimalIsExact() {
        let dime = MenuItem(name: "Mint", price: Decimal(string: "0.1")!)
        let twoDimes = MenuItem(name: "Gum", price: Decimal(string: "0.2")!)
        let order = Order([dime: 1, twoDimes: 1])
        #expect(order.total == Decimal(string: "0.3")!,
                Comment(rawValue: "0.1 + 0.2 came to \(order.total); expected exactly 0.3"
                + (order.total != Decimal(string: "0.3")! && abs(order.total - Decimal(string: "0.3")!) < Decimal(string: "0.000001")!
                    ? ": close but not exact, as a sum that goes through Double is (Decimal adds 0.1 and 0.2 exactly)" : "")))
    }
}
