import Foundation
import Testing
import Diner

@Suite("The diner's order")
struct OrderTests {
    let burger = MenuItem(name: "Burger", price: Decimal(string: "4.99")!)

    @Test("counts each item it is given")
    func addCounts() {
        var order = Order()
        order.add(burger)
        order.add(burger)
        #expect(order.quantity(of: burger) == 2)
    }

    @Test("forgets an item when its last one is removed")
    func removeLast() {
        var order = Order()
        order.add(burger)
        order.remove(burger)
        #expect(order.isEmpty)
        order.remove(burger)  // removing what is not there is harmless
        #expect(order.quantity(of: burger) == 0)
    }
}

@Suite("The inventory records")
struct InventoryRecordTests {
    @Test("decode from the service's JSON with exact prices")
    func decodeSample() throws {
        let records = try JSONDecoder().decode(
            [InventoryRecord].self, from: Data(InventoryRecord.sampleJSON.utf8))
        #expect(records.count == 5)
        #expect(records[0].menuItem == MenuItem(name: "Burger", price: Decimal(string: "4.99")!, pictureFile: "burger.png"))
        #expect(records.map(\.menuItem) == MenuItem.sampleMenu)
    }
}
