import Diner
import Stage

/// The inventory, with `async`/`await`: wraps the completion-handler API
/// `service.load(completion:)` in a checked continuation. Returns the items, or throws
/// the service's `InventoryError`.
public func fetchInventory(from service: InventoryService) async throws -> [MenuItem] {
    // BEGIN SOLUTION
    // A checked continuation turns "call me back later" into "suspend until then".
    // It must be resumed exactly once on every path; `resume(with:)` takes the
    // `Result` as it is, success or failure, so no path can forget it.
    try await withCheckedThrowingContinuation { continuation in
        service.load { result in
            continuation.resume(with: result)
        }
    }
    // STARTER:
    // []
    // END SOLUTION
}

/// The seed's `viewDidAppear`, in Swift 6: shows `DinerScreen.loadingText`, awaits
/// `fetchInventory(from:)`, then stores the items and shows `DinerScreen.loadedText`
/// — or shows `"Inventory unavailable: <error>"`. Every update is on the main actor.
@MainActor
public func showInventory(from service: InventoryService, on screen: DinerScreen) async {
    // BEGIN SOLUTION
    screen.chalkboard.text = DinerScreen.loadingText
    do {
        // `await` suspends this function and frees the main actor while the service
        // works; it resumes here, back on the main actor, with the items.
        screen.inventory = try await fetchInventory(from: service)
        screen.chalkboard.text = DinerScreen.loadedText
    } catch {
        screen.chalkboard.text = "Inventory unavailable: \(error)"
    }
    // STARTER:
    // screen.chalkboard.text = DinerScreen.loadedText
    // END SOLUTION
}
