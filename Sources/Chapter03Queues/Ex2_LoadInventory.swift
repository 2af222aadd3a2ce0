import Diner
import Dispatch
import Stage

/// Loads the inventory for `screen` without freezing it, as the seed's
/// `viewDidAppear` should have:
///
/// 1. on the main queue, before returning, show `DinerScreen.loadingText`;
/// 2. fetch with `service.retrieveInventoryItems()` on `queue`, never on the main queue;
/// 3. back on the main queue (handed over without `queue` waiting for it), store the items in `screen.inventory` and show
///    `DinerScreen.loadedText` — or, when the fetch fails, show
///    `"Inventory unavailable: <error>"` and leave the inventory empty;
/// 4. then call `done`, on the main queue.
@MainActor
public func loadInventory(
    from service: InventoryService,
    on queue: DispatchQueue,
    into screen: DinerScreen,
    done: @escaping @Sendable () -> Void
) {
    // BEGIN SOLUTION
    screen.chalkboard.text = DinerScreen.loadingText
    // Returning now frees the main queue to draw "Loading Inventory…".
    queue.async {
        // Off the main queue: the slow, blocking fetch.
        let result = Result { try service.retrieveInventoryItems() }
        // The nested hop: every UI update goes back to the main queue. The compiler
        // knows this closure runs on the main actor, so it may touch `screen.inventory`.
        DispatchQueue.main.async {
            switch result {
            case .success(let items):
                screen.inventory = items
                screen.chalkboard.text = DinerScreen.loadedText
            case .failure(let error):
                screen.chalkboard.text = "Inventory unavailable: \(error)"
            }
            done()
        }
    }
    // STARTER:
    // // The seed's first attempt: everything on the main queue, in one go.
    // screen.chalkboard.text = DinerScreen.loadingText
    // screen.inventory = (try? service.retrieveInventoryItems()) ?? []
    // screen.chalkboard.text = DinerScreen.loadedText
    // done()
    // END SOLUTION
}
