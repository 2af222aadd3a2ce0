// Exercise 5.10 (the chapter's challenge): The host's list, as the guests read it.

import Foundation

/// A booking on the diner's host list.
public struct Guest: Equatable, Sendable, CustomStringConvertible {
    public var lastName: String
    public var firstName: String
    /// The table the guest has been given, if any yet.
    public var table: Int?

    public init(_ firstName: String, _ lastName: String, table: Int? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.table = table
    }

    public var description: String { "\(firstName) \(lastName)" }
}

/// The host's list: guests with a table first, those still waiting after them; within
/// each group by last name, then by first name, each compared as people of `locale`
/// read names — ignoring case, reading runs of digits as numbers ("Guest 2" before
/// "Guest 10"), with the locale's alphabet (in Swedish "Å" comes after "Z"). Guests the
/// keys cannot tell apart keep the order they were given in.
public func hostList(_ guests: [Guest], locale: Locale) -> [Guest] {
    // BEGIN SOLUTION
    // One comparison for both names, so they follow the same rules.
    func order(_ first: String, _ second: String) -> ComparisonResult {
        first.compare(second, options: [.caseInsensitive, .numeric], range: nil, locale: locale)
    }
    // Each key decides only when every key before it ties; a full tie answers
    // `false` both ways, and the stable sort keeps such guests in their order.
    return guests.sorted { first, second in
        if (first.table == nil) != (second.table == nil) { return first.table != nil }
        switch order(first.lastName, second.lastName) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return order(first.firstName, second.firstName) == .orderedAscending
        }
    }
    // STARTER:
    // guests.sorted { $0.lastName < $1.lastName }
    // END SOLUTION
}
