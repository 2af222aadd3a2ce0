import Foundation
import Testing
import Diner
import Chapter05Sorting

@Suite("Exercise 5.7: A kitchen ticket that keeps the diner's order")
struct Ex7_StableCourseSortTests {
    static func line(_ name: String, _ course: Course, _ quantity: Int = 1) -> TicketLine {
        TicketLine(MenuItem(name: name, price: Decimal(string: "1.00")!), quantity: quantity, course: course)
    }

    /// The order as the diner said it: courses mixed, names in no particular order.
    static let spoken: [TicketLine] = [
        line("Milkshake", .drink),
        line("Hot Dog", .main, 2),
        line("Fries", .side),
        line("Apple Pie", .dessert),
        line("Burger", .main),
        line("Cola", .drink),
        line("Chili Dog", .main),
    ]

    @Test("groups the lines by course and keeps the diner's order inside each course")
    func stableByCourse() {
        let ticket = kitchenTicket(Self.spoken).map(\.description)
        let expected = ["Hot Dog x2", "Burger x1", "Chili Dog x1", "Fries x1", "Milkshake x1", "Cola x1", "Apple Pie x1"]
        // A cause is named only when the ticket is exactly what it gives.
        let byName = ["Burger x1", "Chili Dog x1", "Hot Dog x2", "Fries x1", "Cola x1", "Milkshake x1", "Apple Pie x1"]
        let tiesReversed = ["Chili Dog x1", "Burger x1", "Hot Dog x2", "Fries x1", "Cola x1", "Milkshake x1", "Apple Pie x1"]
        #expect(
            ticket == expected,
            Comment(rawValue: "the ticket read \(ticket); expected \(expected): the mains stay Hot Dog, Burger, Chili Dog as the diner said them"
                + (ticket == byName ? ": within each course the lines are in name order; sort by the course only, with no name as a second key" : "")
                + (ticket == tiesReversed ? ": within each course the lines are in the reverse of the diner's order; the comparator must say false for two lines of the same course" : "")))
    }

    @Test("keeps the spoken order for many lines of one course (where <= reverses them)", arguments: [3, 40])
    func manyTies(count: Int) {
        let lines = (1...count).map { Self.line("Dish \($0)", $0.isMultiple(of: 2) ? .side : .main) }
        let ticket = kitchenTicket(lines)
        let expected = lines.filter { $0.course == .main } + lines.filter { $0.course == .side }
        #expect(
            ticket == expected,
            "with \(count) lines the ticket began \(ticket.prefix(4).map(\.description)); expected \(expected.prefix(4).map(\.description))")
    }

    @Test("makes one section per course that has lines, in course order")
    func sections() {
        let sections = ticketSections(Self.spoken)
        #expect(sections.map(\.course) == [.main, .side, .drink, .dessert], "the sections were \(sections.map(\.course))")
        #expect(
            sections.first?.lines.map(\.item.name) == ["Hot Dog", "Burger", "Chili Dog"],
            "the mains section held \(sections.first?.lines.map(\.item.name) ?? []); expected the three mains in the diner's order")
        let skipping = ticketSections([Self.line("Cola", .drink), Self.line("Burger", .main)])
        #expect(skipping.map(\.course) == [.main, .drink], "courses with no lines get no section; got \(skipping.map(\.course))")
    }

    @Test("gives an empty ticket for an empty order")
    func empty() {
        #expect(kitchenTicket([]).isEmpty)
        #expect(ticketSections([]).isEmpty)
    }
}
