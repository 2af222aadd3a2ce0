// Support types the chapter's exercises share. No solution markers here: these are
// given to the learner as they are.

/// One thing to do on a checklist ("Buy milk"), ticked off or not.
public struct ChecklistItem: Equatable, Sendable, CustomStringConvertible {
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
public struct Checklist: Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var items: [ChecklistItem]

    public init(name: String, items: [ChecklistItem] = []) {
        self.name = name
        self.items = items
    }

    public var description: String { name }
}
