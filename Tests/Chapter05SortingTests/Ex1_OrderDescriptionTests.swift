import Foundation
import Testing
import Diner
import Stage
import Chapter05Sorting

@Suite("Exercise 5.1: Describe the order for the chalkboard")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex1_OrderDescriptionTests {
    let menu = MenuItem.sampleMenu  // Burger, Fries, Milkshake, Hot Dog, Apple Pie

    func item(_ name: String) throws -> MenuItem {
        try #require(menu.first { $0.name == name }, "the sample menu has no \(name)")
    }

    @Test("lists every item sorted by name, one “Name xQuantity” line each")
    func sortedByName() throws {
        var order = Order()
        for name in ["Milkshake", "Burger", "Hot Dog", "Burger", "Fries", "Apple Pie"] {
            order.add(try item(name))
        }
        let description = orderDescription(for: order)
        let expected = "Apple Pie x1\nBurger x2\nFries x1\nHot Dog x1\nMilkshake x1"
        let lines = description.split(separator: "\n").map(String.init)
        let expectedLines = expected.split(separator: "\n").map(String.init)
        #expect(
            description == expected,
            Comment(rawValue: "the chalkboard read \(description.debugDescription); expected the five items sorted by name (\(expected.debugDescription))"
                + (lines == expectedLines.reversed() ? ": the lines are in reverse name order"
                    : lines != expectedLines && lines.sorted() == expectedLines
                    ? ": the lines are right but not in name order (order.items is a dictionary, whose order is arbitrary)" : "")))
    }

    @Test("writes the quantity straight after an “x”", arguments: [1, 2, 12])
    func quantityFormat(quantity: Int) throws {
        let hotDog = try item("Hot Dog")
        let order = Order([hotDog: quantity])
        let description = orderDescription(for: order)
        #expect(
            description == "Hot Dog x\(quantity)",
            "an order of \(quantity) hot dogs read \(description.debugDescription); expected \"Hot Dog x\(quantity)\" (no space after the x)")
    }

    @Test("puts no newline after the last line")
    func noTrailingNewline() throws {
        let order = Order([try item("Fries"): 1, try item("Burger"): 3])
        let description = orderDescription(for: order)
        #expect(!description.isEmpty, "a two-item order produced an empty description")
        #expect(
            !description.hasSuffix("\n"),
            "the description ended with a newline (\(description.debugDescription)); join the lines with \"\\n\" instead of appending one after each")
        #expect(description.split(separator: "\n").count == 2, "expected exactly two lines in \(description.debugDescription)")
    }

    @Test("describes an empty order as nothing at all")
    func emptyDescription() {
        let description = orderDescription(for: Order())
        #expect(description == "", "an empty order was described as \(description.debugDescription); expected \"\"")
    }

    @Test("asks for an order on the chalkboard while nothing is ordered")
    func emptyChalkboard() {
        let chalkboard = Label(name: "chalkboard")
        updateOrderBoard(chalkboard, for: Order())
        #expect(
            chalkboard.history == ["No Items. Please order something!"],
            "the chalkboard showed \(chalkboard.history) for an empty order; expected just \"No Items. Please order something!\"")
    }

    @Test("writes the order on the chalkboard once it has items, in one assignment")
    func filledChalkboard() throws {
        let chalkboard = Label(name: "chalkboard")
        var order = Order()
        order.add(try item("Milkshake"))
        order.add(try item("Burger"))
        updateOrderBoard(chalkboard, for: order)
        #expect(
            chalkboard.history == ["Burger x1\nMilkshake x1"],
            "the chalkboard showed \(chalkboard.history); expected one assignment of \"Burger x1\\nMilkshake x1\"")
    }
}
