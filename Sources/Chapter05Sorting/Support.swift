// Support types the chapter's exercises share. No solution markers here: these are
// given to the learner as they are.
import Foundation


/// One thing to do on a checklist ("Buy milk"), ticked off or not.
public struct ChecklistItem: Equatable, Sendable, Codable, CustomStringConvertible {
    public var text: String
    public var checked: Bool

    public init(_ text: String, checked: Bool = false) {
        self.text = text
        self.checked = checked
    }

    public var description: String { "[\(checked ? "x" : " ")] \(text)" }
}

/// A named list of things to do ("Groceries", "Birthday party").
///
/// The seed tutorial's `Checklist` was a class shared by several screens. A value
/// type is enough here: the data model owns the lists, and sorting moves values.
/// The seed saved it with `NSCoding`, one line per property in `init?(coder:)` and
/// `encode(with:)`; `Codable` derives both from the stored properties.
public struct Checklist: Equatable, Sendable, Codable, CustomStringConvertible {
    public var name: String
    public var items: [ChecklistItem]
    /// The picture shown beside the name; "No Icon" (a blank picture) keeps the rows
    /// aligned when there is none.
    public var iconName: String

    public init(name: String, items: [ChecklistItem] = [], iconName: String = "No Icon") {
        self.name = name
        self.items = items
        self.iconName = iconName
    }

    public var description: String { name }
}
