// Exercise 1.5: Replace the icon picker's delegate with an `onPick` callback.
import Stage

/// The "Choose Icon" screen: a list of icon names. Tapping a row reports the
/// icon through `onPick` — no delegate protocol needed.
@MainActor  // a view controller, as UIKit's are
public final class IconPicker {
    /// The rows, top to bottom. Each name is also the icon's image file.
    public static let icons = [
        "No Icon", "Appointments", "Birthdays", "Chores", "Drinks",
        "Folder", "Groceries", "Inbox", "Photos", "Trips",
    ]

    /// Called with the name of the icon the user tapped. Whoever shows the
    /// picker sets it; the picker keeps it (the closure escapes).
    public var onPick: ((String) -> Void)?

    public init() {}

    /// Simulates a tap on row `row`: reports `IconPicker.icons[row]` through
    /// `onPick`. A row outside the list is ignored.
    public func tapRow(_ row: Int) {
        // BEGIN SOLUTION
        guard Self.icons.indices.contains(row) else { return }
        onPick?(Self.icons[row])  // optional call: nobody listening is fine
        // STARTER:
        // // Report the tapped icon through onPick.
        // END SOLUTION
    }
}

/// The "Add/Edit Checklist" screen that presents the icon picker.
@MainActor
public final class ChecklistEditor {
    /// The icon the checklist will get. A new checklist starts with "Folder".
    public private(set) var iconName = "Folder"

    /// Shows the chosen icon's name (the seed's image view); it records every text.
    public let iconLabel = Label(name: "icon")

    /// The picker on screen, if any. The editor keeps it alive while it is
    /// shown, as a navigation stack keeps the view controller on top.
    public private(set) var presentedPicker: IconPicker?

    public init() {
        iconLabel.text = iconName
    }

    /// Shows an icon picker and returns it. When the user picks an icon, the
    /// editor adopts it as `iconName`, shows its name in `iconLabel`, and
    /// closes the picker (`presentedPicker` becomes `nil`).
    ///
    /// The editor holds the picker and the picker holds `onPick`: if `onPick`
    /// held the editor strongly, neither could ever be freed.
    @discardableResult
    public func showIconPicker() -> IconPicker {
        let picker = IconPicker()
        // BEGIN SOLUTION
        // `[weak self]` breaks the cycle editor → picker → onPick → editor.
        picker.onPick = { [weak self] name in
            guard let self else { return }  // the editor is gone: nothing to update
            iconName = name
            iconLabel.text = name
            presentedPicker = nil  // "pop" the picker, as the seed did
        }
        // STARTER:
        // // Set picker.onPick here.
        // END SOLUTION
        presentedPicker = picker
        return picker
    }
}
