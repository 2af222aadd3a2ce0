// Support code the exercises share: the diner's screen on the headless stage.
// This file has no solution markers; learners use it as it is.
import Diner
import Stage

/// The iOS Diner's one screen, as the seed's `IODViewController` laid it out: a
/// chalkboard, the current item's name, and five buttons.
///
/// Like every view controller it belongs to the main actor: its stored state
/// (`inventory`, `currentItemIndex`, `order`) can only be touched on the main queue,
/// and the compiler checks that. So are its labels and buttons, as UIKit's are; the
/// labels still record the queue of every change, for code the compiler cannot see.
@MainActor
public final class DinerScreen {
    /// Shown while the inventory loads.
    nonisolated public static let loadingText = "Loading Inventory…"
    /// Shown once the inventory has arrived.
    nonisolated public static let loadedText = "Inventory Loaded\n\nHow can I help you?"

    public let chalkboard = Label(name: "chalkboard")
    public let currentItemLabel = Label(name: "current item")
    public let previousButton = Button(title: "Previous")
    public let nextButton = Button(title: "Next")
    public let addButton = Button(title: "Add")
    public let removeButton = Button(title: "Remove")
    public let totalButton = Button(title: "Total")

    /// The menu as the service returned it; empty until it has loaded.
    public var inventory: [MenuItem] = []
    /// Which item of `inventory` the customer is looking at.
    public var currentItemIndex = 0
    /// What the customer has ordered so far.
    public var order = Order()

    public init() {}

    /// The five buttons, in screen order.
    public var buttons: [Button] { [previousButton, nextButton, addButton, removeButton, totalButton] }

    /// `"Previous=off Next=on Add=on Remove=off Total=off"`: the enabled states at a glance.
    public var buttonStates: String {
        buttons.map { "\($0.title)=\($0.isEnabled ? "on" : "off")" }.joined(separator: " ")
    }
}
