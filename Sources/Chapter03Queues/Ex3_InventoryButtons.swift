import Diner
import Dispatch
import Stage

/// Enables exactly the buttons that make sense now, following the seed's
/// `updateInventoryButtons`:
///
/// - with no current item (an empty inventory, or an index past its end), every
///   button is disabled;
/// - Previous only when there is an item before the current one,
///   Next only when there is one after it;
/// - Add when there is a current item;
/// - Remove only when the current item is in the order (not merely when the order
///   has something in it);
/// - Total only when the order is not empty.
///
/// `@MainActor`: buttons are UI, so the compiler makes every caller be on the main
/// queue (or `await` its way there).
@MainActor
public func updateInventoryButtons(on screen: DinerScreen) {
    // BEGIN SOLUTION
    let inventory = screen.inventory, index = screen.currentItemIndex
    // `indices.contains` also guards against an index left over from a longer list.
    let current = inventory.indices.contains(index) ? inventory[index] : nil
    screen.previousButton.isEnabled = current != nil && index > 0
    screen.nextButton.isEnabled = current != nil && index < inventory.count - 1
    screen.addButton.isEnabled = current != nil
    screen.removeButton.isEnabled = current.map { screen.order.quantity(of: $0) > 0 } ?? false
    screen.totalButton.isEnabled = current != nil && !screen.order.isEmpty
    // STARTER:
    // for button in screen.buttons {
    //     button.isEnabled = true
    // }
    // END SOLUTION
}

/// Shows the current item's name in `screen.currentItemLabel`, as the seed's
/// `updateCurrentInventoryItem` did. Leaves the label alone when there is no current
/// item (an empty inventory, or an index out of range).
@MainActor
public func updateCurrentInventoryItem(on screen: DinerScreen) {
    // BEGIN SOLUTION
    guard screen.inventory.indices.contains(screen.currentItemIndex) else { return }
    screen.currentItemLabel.text = screen.inventory[screen.currentItemIndex].name
    // STARTER:
    // screen.currentItemLabel.text = screen.inventory.first?.name ?? ""
    // END SOLUTION
}

/// Called on a background queue when the inventory has arrived. Hops to the main
/// queue without waiting for it (it returns at once) and there, as the seed's nested `dispatch_async` did: stores `items` in
/// `screen.inventory`, goes back to the first item, shows it, refreshes the buttons,
/// shows `DinerScreen.loadedText`, and finally calls `done`.
public func finishLoading(
    _ items: [MenuItem],
    on screen: DinerScreen,
    done: @escaping @Sendable () -> Void
) {
    // BEGIN SOLUTION
    // This function is not `@MainActor`: it is called from the diner's queue. The
    // compiler treats the block given to `DispatchQueue.main.async` as main-actor
    // code, so inside it we may call the `@MainActor` helpers directly.
    DispatchQueue.main.async {
        screen.inventory = items
        screen.currentItemIndex = 0
        updateCurrentInventoryItem(on: screen)
        updateInventoryButtons(on: screen)
        screen.chalkboard.text = DinerScreen.loadedText
        done()
    }
    // STARTER:
    // DispatchQueue.main.async {
    //     // Store `items`, show the first item and refresh the buttons, as described above.
    //     screen.chalkboard.text = DinerScreen.loadedText
    //     done()
    // }
    // END SOLUTION
}
