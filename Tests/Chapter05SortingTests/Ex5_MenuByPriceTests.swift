import Foundation
import Testing
import Diner
import Chapter05Sorting

@Suite("Exercise 5.5: The menu board, dearest first, then by name")
struct Ex5_MenuByPriceTests {
    static func dish(_ name: String, _ price: String) -> MenuItem {
        MenuItem(name: name, price: Decimal(string: price)!)
    }

    /// The sample menu plus three more dishes at $2.99, listed out of name order.
    static let longMenu = MenuItem.sampleMenu + [dish("Cola", "2.99"), dish("Chili Dog", "2.99"), dish("Brownie", "1.99")]

    @Test("puts the dearest dish first")
    func sampleMenu() {
        let names = menuForBoard(MenuItem.sampleMenu).map(\.name)
        #expect(
            names == ["Burger", "Milkshake", "Hot Dog", "Apple Pie", "Fries"],
            "the board read \(names); expected $4.99, $3.49, $2.99, $2.49, $1.99 from top to bottom")
    }

    @Test("orders dishes with the same price by name")
    func tiesByName() {
        let names = menuForBoard(Self.longMenu).map(\.name)
        // By price alone, ties keep the menu's order: named only when that is what the board shows.
        let byPriceAlone = Self.longMenu.enumerated().sorted { first, second in
            first.element.price != second.element.price ? first.element.price > second.element.price : first.offset < second.offset
        }.map(\.element.name)
        #expect(
            names == ["Burger", "Milkshake", "Chili Dog", "Cola", "Hot Dog", "Apple Pie", "Brownie", "Fries"],
            Comment(rawValue: "the board read \(names); the three $2.99 dishes and the two $1.99 dishes must be in name order"
                + (names == byPriceAlone ? ": the ties are in menu order, as when only the price is compared" : "")))
    }

    @Test("orders names on a tie as people read them")
    func tiesAsPeopleRead() {
        let menu = [Self.dish("Pie 10", "3.00"), Self.dish("Banana split", "3.00"), Self.dish("Pie 2", "3.00"),
                    Self.dish("apple crumble", "3.00")]
        let names = menuForBoard(menu).map(\.name)
        let expected = ["apple crumble", "Banana split", "Pie 2", "Pie 10"]
        #expect(names == expected,
                "the $3.00 dishes read \(names); expected \(expected): by localizedStandardCompare, “Pie 2” comes before “Pie 10” and capital letters do not jump the queue")
    }

    @Test("lets the name decide only when the prices are equal")
    func nameNeverOverrulesPrice() {
        let cheapA = Self.dish("Apple Pie", "2.49")
        let dearZ = Self.dish("Zesty Burger", "9.99")
        #expect(pricierFirst(dearZ, cheapA), "pricierFirst(Zesty Burger $9.99, Apple Pie $2.49) was false; a $9.99 dish must come before a $2.49 one, whatever their names")
        // The name is said to overrule the price only when the answer for the same two prices
        // turns with the names: the dearer dish first, and the cheaper one first only when its name comes first.
        let cheapZ = Self.dish("Zesty Fries", "2.49"), dearA = Self.dish("Apple Burger", "9.99")
        let nameOverruled = pricierFirst(dearZ, cheapA) && pricierFirst(dearA, cheapZ) && !pricierFirst(cheapZ, dearA)
        #expect(
            !pricierFirst(cheapA, dearZ),
            Comment(rawValue: "pricierFirst(Apple Pie $2.49, Zesty Burger $9.99) was true; expected false: the $2.49 dish does not come before the $9.99 one"
                + (nameOverruled ? ". With the names swapped (Zesty Fries $2.49, Apple Burger $9.99) it is false: the name overruled the price; compare names only when the prices are equal" : "")))
    }

    @Test("never says a dish comes before itself or before a dish that comes before it")
    func strictOrdering() {
        let menu = Self.longMenu
        let beforeItself = menu.filter { pricierFirst($0, $0) }
        #expect(
            beforeItself.isEmpty,
            "pricierFirst says \(beforeItself.map(\.name)) come before themselves; nothing may: for a dish and itself (the same price and the same name) it must say false")
        let bothWays = menu.indices.flatMap { i in
            menu.indices.filter { j in i < j && pricierFirst(menu[i], menu[j]) && pricierFirst(menu[j], menu[i]) }
                .map { j in (menu[i], menu[j]) }
        }
        #expect(
            bothWays.isEmpty,
            """
            pricierFirst says each comes before the other for \(bothWays.count) pairs, the first being \
            \(bothWays.first.map { "\($0.0) and \($0.1)" } ?? ""); at most one of the two may come first
            """)
    }

    @Test("treats $2.10 and $2.1 as the same price")
    func decimalTies() {
        let names = menuForBoard([Self.dish("Toast", "2.10"), Self.dish("Soup", "2.1")]).map(\.name)
        #expect(names == ["Soup", "Toast"], "the board read \(names); $2.10 equals $2.1, so the name decides")
    }

    @Test("shows an empty board for an empty menu")
    func emptyMenu() {
        #expect(menuForBoard([]).isEmpty)
    }
}
