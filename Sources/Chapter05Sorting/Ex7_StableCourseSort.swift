import Diner

/// The courses of a meal, in the order the kitchen sends them out.
public enum Course: Int, Comparable, CaseIterable, Sendable, CustomStringConvertible {
    case main, side, drink, dessert

    public static func < (lhs: Course, rhs: Course) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .main: "Mains"
        case .side: "Sides"
        case .drink: "Drinks"
        case .dessert: "Desserts"
        }
    }
}

/// One line of an order, in the order the diner said it.
public struct TicketLine: Equatable, Sendable, CustomStringConvertible {
    public var item: MenuItem
    public var quantity: Int
    public var course: Course

    public init(_ item: MenuItem, quantity: Int = 1, course: Course) {
        self.item = item
        self.quantity = quantity
        self.course = course
    }

    public var description: String { "\(item.name) x\(quantity)" }
}

/// One course's part of the kitchen ticket.
public struct TicketSection: Equatable, Sendable {
    public var course: Course
    public var lines: [TicketLine]

    public init(course: Course, lines: [TicketLine]) {
        self.course = course
        self.lines = lines
    }
}

/// The lines grouped by course (mains, sides, drinks, desserts); within a course, the
/// lines keep the order the diner said them in.
public func kitchenTicket(_ lines: [TicketLine]) -> [TicketLine] {
    // BEGIN SOLUTION
    // Swift's sort is stable: lines that tie on the course keep their original order.
    // Compare the course only — a second key (say, the name) would reorder them, and
    // `<=` would reverse them.
    lines.sorted { $0.course < $1.course }
    // STARTER:
    // lines  // sort by course — and only by course
    // END SOLUTION
}

/// The ticket as sections, one per course that has lines, in course order; each
/// section's lines in the order the diner said them in.
public func ticketSections(_ lines: [TicketLine]) -> [TicketSection] {
    // BEGIN SOLUTION
    // Sort stably, then walk once: a line either joins the last section (same course)
    // or opens a new one. reduce(into:) mutates one accumulator instead of copying.
    kitchenTicket(lines).reduce(into: []) { sections, line in
        if sections.last?.course == line.course {
            sections[sections.count - 1].lines.append(line)
        } else {
            sections.append(TicketSection(course: line.course, lines: [line]))
        }
    }
    // STARTER:
    // []  // start from kitchenTicket(lines) and start a new section whenever the course changes
    // END SOLUTION
}
