import Foundation
import Testing
import Diner

@Suite("A menu item as a dictionary key")
struct DinerMenuItemTests {
    @Test("an equal copy finds the same entry, as IODItem's NSCopying key did")
    func copyIsSameKey() {
        let burger = MenuItem.sampleMenu[0]
        var quantities: [MenuItem: Int] = [burger: 1]
        let copy = MenuItem(name: "Burger", price: Decimal(string: "4.99")!, pictureFile: "burger.png")
        quantities[copy, default: 0] += 1
        #expect(quantities.count == 1)
        #expect(quantities[burger] == 2)
    }

    @Test("a changed price is a different item")
    func priceIsPartOfTheKey() {
        var order = Order()
        let burger = MenuItem.sampleMenu[0]
        var happyHour = burger
        happyHour.price = Decimal(string: "3.99")!
        order.add(burger)
        order.add(happyHour)
        #expect(order.items.count == 2)
        #expect(order.quantity(of: burger) == 1)
        #expect(burger.price == Decimal(string: "4.99")!, "changing a copy leaves the original alone")
    }
}
