import Diner
import Foundation
import Testing
import Chapter02Enumeration

/// A JSON array of the given record bodies.
private func inventory(_ records: [String]) -> Data {
    Data(("[" + records.map { "{\($0)}" }.joined(separator: ",") + "]").utf8)
}

private let goodRecords = [
    #""Name": "Burger", "Price": 4.99, "Image": "burger.png""#,
    #""Name": "Fries", "Price": 1.99, "Image": "fries.png""#,
    #""Name": "Milkshake", "Price": 3.49, "Image": "milkshake.png""#,
    #""Name": "Hot Dog", "Price": 2.99, "Image": "hotdog.png""#,
    #""Name": "Apple Pie", "Price": 2.49, "Image": "applepie.png""#,
]

@Suite("Exercise 2.4: Build the menu from the inventory JSON")
struct Ex4_BuildMenuTests {
    @Test("builds the sample menu, in the service's order")
    func sampleMenu() throws {
        let menu = try menuItems(fromInventoryJSON: Data(InventoryRecord.sampleJSON.utf8))
        #expect(menu == MenuItem.sampleMenu,
                "the sample inventory should become the five sample menu items in order; got \(menu)")
    }

    @Test("keeps prices exact")
    func exactPrices() throws {
        let menu = try menuItems(fromInventoryJSON: inventory([goodRecords[0]]))
        let price = try #require(menu.first?.price, "one record should make one menu item; got none")
        #expect(price == Decimal(string: "4.99")!,
                Comment(rawValue: "the burger costs exactly 4.99; got \(price)"
                    + (price != Decimal(string: "4.99")! && abs(price - Decimal(string: "4.99")!) < Decimal(string: "0.000001")!
                        ? ": close but not exact, as a price that went through Double is" : "")))
    }

    @Test("turns an empty list into an empty menu")
    func emptyList() throws {
        let menu = try menuItems(fromInventoryJSON: Data("[]".utf8))
        #expect(menu.isEmpty, "an empty inventory has nothing to sell; got \(menu)")
    }

    @Test("names a record the decoder cannot read by its position", arguments: [0, 2, 4])
    func missingPrice(badIndex: Int) {
        var records = goodRecords
        records[badIndex] = #""Name": "Mystery", "Image": "mystery.png""#
        #expect(throws: InventoryFormatError.malformedRecord(index: badIndex, field: "Price"),
                "record \(badIndex) (counting from 0) has no Price; expected .malformedRecord(index: \(badIndex), field: \"Price\")") {
            try menuItems(fromInventoryJSON: inventory(records))
        }
    }

    @Test("rejects an empty or blank name, or a negative price", arguments: [
        (#""Name": "", "Price": 1.00, "Image": "x.png""#, "Name"),
        (#""Name": "   ", "Price": 1.00, "Image": "x.png""#, "Name"),
        (#""Name": "\t\t", "Price": 1.00, "Image": "x.png""#, "Name"),
        (#""Name": " \n ", "Price": 1.00, "Image": "x.png""#, "Name"),
        (#""Name": "Soda", "Price": null, "Image": "x.png""#, "Price"),
        (#""Name": "Refund", "Price": -2.50, "Image": "x.png""#, "Price"),
    ])
    func invalidValues(record: String, field: String) {
        var records = goodRecords
        records[3] = record
        #expect(throws: InventoryFormatError.malformedRecord(index: 3, field: field),
                "record 3 has a bad \(field); the menu should not be built from it") {
            try menuItems(fromInventoryJSON: inventory(records))
        }
    }

    @Test("stops at the first bad record")
    func firstBadRecord() {
        var records = goodRecords
        records[1] = #""Name": "", "Price": 1.00, "Image": "x.png""#
        records[3] = #""Name": "", "Price": 1.00, "Image": "y.png""#
        #expect(throws: InventoryFormatError.malformedRecord(index: 1, field: "Name"),
                "records 1 and 3 are both bad; report the first one you meet") {
            try menuItems(fromInventoryJSON: inventory(records))
        }
    }

    @Test("accepts a name with spaces around and inside it")
    func spacedName() throws {
        var records = goodRecords
        records[2] = #""Name": " Hot Fudge Sundae ", "Price": 3.99, "Image": "sundae.png""#
        let menu = try menuItems(fromInventoryJSON: inventory(records))
        #expect(menu.map(\.name) == ["Burger", "Fries", " Hot Fudge Sundae ", "Hot Dog", "Apple Pie"],
                "only a name that is empty or all white space is bad, and names are kept as the JSON wrote them; got \(menu.map(\.name))")
    }

    @Test("accepts a free item and one under a dollar")
    func freeAndCheapItems() {
        var records = goodRecords
        records[1] = #""Name": "Water", "Price": 0, "Image": "water.png""#
        records[2] = #""Name": "Mint", "Price": 0.50, "Image": "mint.png""#
        let menu: [MenuItem]
        do {
            menu = try menuItems(fromInventoryJSON: inventory(records))
        } catch {
            Issue.record("an inventory with water at 0 and a mint at 0.50 was refused with “\(error)”; only a negative price is bad")
            return
        }
        #expect(menu.map(\.price) == [4.99, 0, 0.50, 2.99, 2.49].map { Decimal(string: "\($0)")! },
                "only a negative price is bad: water at 0 and a mint at 0.50 belong on the menu; got the prices \(menu.map(\.price))")
    }

    @Test("reports a bad value before a later record that does not decode", arguments: [1, 2])
    func badValueBeforeUndecodableRecord(badIndex: Int) {
        var records = goodRecords
        records[badIndex] = badIndex == 1 ? #""Name": "", "Price": 1.00, "Image": "x.png""# : #""Name": "Refund", "Price": -1, "Image": "x.png""#
        records[3] = #""Name": "Mystery", "Image": "mystery.png""#
        let field = badIndex == 1 ? "Name" : "Price"
        #expect(throws: InventoryFormatError.malformedRecord(index: badIndex, field: field),
                "record \(badIndex) has a bad \(field) and record 3 has no Price; the first bad record in the JSON's order is record \(badIndex)") {
            try menuItems(fromInventoryJSON: inventory(records))
        }
    }

    @Test("reports a record that does not decode before a later bad value")
    func undecodableRecordBeforeBadValue() {
        var records = goodRecords
        records[1] = #""Name": "Fries", "Price": "1.99", "Image": "fries.png""#
        records[3] = #""Name": " ", "Price": 1.00, "Image": "x.png""#
        #expect(throws: InventoryFormatError.malformedRecord(index: 1, field: "Price"),
                "record 1's Price is text and record 3's name is blank; the first bad record in the JSON's order is record 1") {
            try menuItems(fromInventoryJSON: inventory(records))
        }
    }

    @Test("rejects JSON that is not a list of records", arguments: [
        #"{"Name": "Burger", "Price": 4.99, "Image": "burger.png"}"#,
        "not json at all",
    ])
    func notAList(text: String) {
        #expect(throws: InventoryFormatError.notAList, "\(text.debugDescription) is not a JSON array; expected .notAList") {
            try menuItems(fromInventoryJSON: Data(text.utf8))
        }
    }
}
